import FathomCore
import Foundation

/// Netpbm gray and pixel maps, 8-bit: PGM (`P2` text, `P5` binary) and PPM (`P3` text, `P6` binary).
///
/// Reading accepts `#` comments in the header and any maximum value from 1 to 255; samples are
/// scaled to 0…255 (`v × 255 / maxval`, rounded). Maximum values above 255 (16-bit samples) are
/// rejected as unsupported. Writing uses maximum value 255.
public enum NetpbmFile {
    /// Decodes PGM or PPM bytes. `fileName` labels errors.
    /// - Throws: `ImageFileError` naming `fileName` and the byte offset of the problem.
    public static func decode(_ data: Data, fileName: String = "<memory>") throws -> DecodedImage {
        let bytes = [UInt8](data)
        func fail(_ offset: Int, _ p: ImageFileError.Problem) -> ImageFileError {
            ImageFileError(file: fileName, location: .byteOffset(offset), problem: p)
        }
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "P"),
              let kind = [UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "5"), UInt8(ascii: "6")].firstIndex(of: bytes[1])
        else { throw fail(0, .malformed("not a PGM or PPM file (expected magic P2, P3, P5 or P6)")) }
        let channels = kind == 0 || kind == 2 ? 1 : 3
        let binary = kind >= 2
        var o = 2
        func isSpace(_ c: UInt8) -> Bool { c == 32 || (c >= 9 && c <= 13) }
        var tokenStart = o
        /// Skips whitespace and comments, then reads a decimal integer starting at `tokenStart`.
        func integer(_ what: String) throws -> Int {
            while o < bytes.count {
                if isSpace(bytes[o]) {
                    o += 1
                } else if bytes[o] == UInt8(ascii: "#") {
                    while o < bytes.count && bytes[o] != 10 && bytes[o] != 13 { o += 1 }
                } else {
                    break
                }
            }
            guard o < bytes.count else { throw fail(o, .truncated("the file ends before the \(what)")) }
            let start = o
            tokenStart = o
            var v = 0
            while o < bytes.count, bytes[o] >= 48, bytes[o] <= 57 {
                v = v * 10 + Int(bytes[o] - 48)
                guard v <= 1 << 40 else { throw fail(start, .malformed("\(what) is too large")) }
                o += 1
            }
            guard o > start, o == bytes.count || isSpace(bytes[o]) || bytes[o] == UInt8(ascii: "#") else {
                let end = min(bytes.count, max(o, start) + 1)
                throw fail(start, .malformed("expected the \(what), found '\(String(decoding: bytes[start..<end], as: UTF8.self))'"))
            }
            return v
        }
        let width = try integer("width")
        let sizeOffset = tokenStart
        let height = try integer("height")
        let maxValue = try integer("maximum value")
        let maxOffset = tokenStart
        guard width > 0, height > 0 else { throw fail(sizeOffset, .malformed("invalid size \(width)×\(height)")) }
        guard maxValue > 0 else { throw fail(maxOffset, .malformed("maximum value must be at least 1")) }
        guard maxValue <= 255 else {
            throw fail(maxOffset, .unsupported("maximum value \(maxValue): only 8-bit samples (≤ 255) are supported"))
        }
        let (count, overflow) = width.multipliedReportingOverflow(by: height * channels)
        var samples: [UInt8]
        if binary {
            o += 1  // exactly one whitespace byte after the maximum value
            let remaining = bytes.count - o
            guard !overflow, count <= remaining else {
                throw fail(o, .truncated("\(width)×\(height) pixels need \(overflow ? Int.max : count) bytes but only \(max(0, remaining)) remain"))
            }
            samples = Array(bytes[o..<(o + count)])
            if let bad = samples.firstIndex(where: { Int($0) > maxValue }) {
                throw fail(o + bad, .malformed("sample \(samples[bad]) exceeds the maximum value \(maxValue)"))
            }
        } else {
            // Each text sample takes at least two bytes (a digit and a separator) but the last.
            guard !overflow, count <= (bytes.count - o) / 2 + 1 else {
                throw fail(o, .truncated("\(width)×\(height) pixels need \(count) samples; the file is too short"))
            }
            samples = []
            samples.reserveCapacity(count)
            for _ in 0..<count {
                let v = try integer("sample \(samples.count + 1) of \(count)")
                guard v <= maxValue else { throw fail(tokenStart, .malformed("sample \(v) exceeds the maximum value \(maxValue)")) }
                samples.append(UInt8(v))
            }
        }
        if maxValue != 255 {
            samples = samples.map { UInt8((Int($0) * 255 + maxValue / 2) / maxValue) }
        }
        if channels == 1 { return .gray(GrayImage(width: width, height: height, pixels: samples)!) }
        let pixels = (0..<(width * height)).map { RGB8(r: samples[3 * $0], g: samples[3 * $0 + 1], b: samples[3 * $0 + 2]) }
        return .rgb(RGBImage(width: width, height: height, pixels: pixels)!)
    }

    /// The PGM bytes of a gray image: `P5` binary, or `P2` text when `ascii`.
    public static func encode(_ image: GrayImage, ascii: Bool = false) -> Data {
        encode(samples: image.pixels, width: image.width, height: image.height, magic: ascii ? "P2" : "P5", ascii: ascii)
    }

    /// The PPM bytes of an RGB image: `P6` binary, or `P3` text when `ascii`.
    public static func encode(_ image: RGBImage, ascii: Bool = false) -> Data {
        let samples = image.pixels.flatMap { [$0.r, $0.g, $0.b] }
        return encode(samples: samples, width: image.width, height: image.height, magic: ascii ? "P3" : "P6", ascii: ascii)
    }

    static func encode(samples: [UInt8], width: Int, height: Int, magic: String, ascii: Bool) -> Data {
        var out = Data("\(magic)\n\(width) \(height)\n255\n".utf8)
        if ascii {
            let perRow = max(1, samples.count / max(1, height))
            var text = ""
            for (i, s) in samples.enumerated() {
                text += String(s)
                text += (i + 1) % perRow == 0 ? "\n" : " "
            }
            out.append(contentsOf: text.utf8)
        } else {
            out.append(contentsOf: samples)
        }
        return out
    }
}
