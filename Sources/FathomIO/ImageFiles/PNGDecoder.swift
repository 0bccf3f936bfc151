import FathomCore
import Foundation

/// Decodes PNG images (ISO/IEC 15948) in memory.
///
/// Supported: every colour type — gray, gray+alpha, RGB, RGBA, palette — at 8 bits per sample,
/// plus 1, 2 and 4-bit gray and palette and 16-bit samples (reduced to their high byte); all five
/// row filters; non-interlaced images. Alpha and transparency are discarded. Every chunk's CRC is
/// checked. Adam7 interlaced images are rejected as unsupported.
///
/// Memory is bounded by the input: the image size the header claims must be reachable from the
/// compressed data at deflate's maximum ratio, or decoding fails before allocating.
public enum PNGDecoder {
    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Deflate's largest possible expansion (output bytes per input byte), about 1032:1.
    static let maximumInflationRatio = 1032

    /// Decodes a PNG file's bytes. `fileName` labels errors.
    /// - Throws: `ImageFileError` naming `fileName` and the byte offset of the chunk at fault.
    public static func decode(_ data: Data, fileName: String = "<memory>") throws -> DecodedImage {
        try [UInt8](data).withUnsafeBufferPointer { try decode(bytes: $0, file: fileName) }
    }

    /// The IHDR fields that matter for decoding.
    struct Header {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: Int
        /// Samples per pixel: gray 1, RGB 3, palette 1, gray+alpha 2, RGBA 4.
        var channels: Int {
            switch colorType {
            case 2: 3
            case 4: 2
            case 6: 4
            default: 1
            }
        }
        /// Bytes per row of filtered data, without the filter-type byte.
        var rowBytes: Int { (width * channels * bitDepth + 7) / 8 }
        /// The filter distance: bytes per complete pixel, at least 1.
        var filterStride: Int { max(1, channels * bitDepth / 8) }
    }

    static func decode(bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> DecodedImage {
        let rows = try unfilteredRows(bytes: bytes, file: file)
        let (h, palette, firstIDAT) = (rows.header, rows.palette, rows.firstIDAT)
        return try pixels(rows.raw, header: h, palette: palette) { index in
            ImageFileError(file: file, location: .byteOffset(firstIDAT), problem: .malformed(
                "chunk 'IDAT': palette index \(index) is beyond the \(palette.count) entries"))
        }
    }

    /// The checked, inflated and unfiltered rows of a PNG file (each row keeps its filter-type byte).
    struct UnfilteredRows {
        var raw: [UInt8]
        var header: Header
        var palette: [RGB8]
        /// Byte offset of the first IDAT chunk (for error locations).
        var firstIDAT: Int
    }

    static func unfilteredRows(bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> UnfilteredRows {
        func fail(_ offset: Int, _ problem: ImageFileError.Problem) -> ImageFileError {
            ImageFileError(file: file, location: offset < 0 ? .file : .byteOffset(offset), problem: problem)
        }
        func be32(_ o: Int) -> UInt32 {
            UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 3])
        }
        let n = bytes.count
        guard n >= 8, Array(bytes[0..<8]) == signature else {
            throw fail(0, .malformed("not a PNG file (bad signature)"))
        }
        var header: Header?
        var palette: [RGB8] = []
        var compressed: [UInt8] = []
        var firstIDAT = -1
        var o = 8
        chunks: while true {
            guard o + 12 <= n else {
                throw fail(o, .truncated(o == n ? "the file ends before the IEND chunk"
                                              : "a chunk header is cut off by the end of the file"))
            }
            let length = be32(o)
            let typeBytes = Array(bytes[(o + 4)..<(o + 8)])
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard typeBytes.allSatisfy({ ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }) else {
                throw fail(o, .malformed("invalid chunk type bytes \(typeBytes)"))
            }
            guard length <= 0x7FFF_FFFF, Int(length) <= n - o - 12 else {
                throw fail(o, .truncated("chunk '\(type)' declares \(length) data bytes but only \(n - o - 12) remain"))
            }
            let dataStart = o + 8, dataEnd = o + 8 + Int(length)
            let computed = Zlib.crc(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[(o + 4)..<dataEnd])))
            let stored = be32(dataEnd)
            guard computed == stored else {
                throw fail(o, .checksumMismatch(chunk: type, stored: stored, computed: computed))
            }
            if header == nil && type != "IHDR" {
                throw fail(o, .malformed("the first chunk is '\(type)', expected 'IHDR'"))
            }
            switch type {
            case "IHDR":
                guard header == nil else { throw fail(o, .malformed("a second 'IHDR' chunk")) }
                guard length == 13 else { throw fail(o, .malformed("chunk 'IHDR' has \(length) bytes, expected 13")) }
                let w = be32(dataStart), h = be32(dataStart + 4)
                let depth = Int(bytes[dataStart + 8]), colour = Int(bytes[dataStart + 9])
                guard w > 0, h > 0, w <= 0x7FFF_FFFF, h <= 0x7FFF_FFFF else {
                    throw fail(o, .malformed("chunk 'IHDR': invalid size \(w)×\(h)"))
                }
                let allowed: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
                guard let depths = allowed[colour], depths.contains(depth) else {
                    throw fail(o, .malformed("chunk 'IHDR': invalid colour type \(colour) with bit depth \(depth)"))
                }
                guard bytes[dataStart + 10] == 0, bytes[dataStart + 11] == 0 else {
                    throw fail(o, .malformed("chunk 'IHDR': unknown compression or filter method"))
                }
                switch bytes[dataStart + 12] {
                case 0: break
                case 1: throw fail(o, .unsupported("Adam7 interlaced PNG images are not supported"))
                default: throw fail(o, .malformed("chunk 'IHDR': unknown interlace method \(bytes[dataStart + 12])"))
                }
                header = Header(width: Int(w), height: Int(h), bitDepth: depth, colorType: colour)
            case "PLTE":
                guard length % 3 == 0, length >= 3, length <= 768 else {
                    throw fail(o, .malformed("chunk 'PLTE' has \(length) bytes, expected 3 to 768 in steps of 3"))
                }
                palette = stride(from: dataStart, to: dataEnd, by: 3).map {
                    RGB8(r: bytes[$0], g: bytes[$0 + 1], b: bytes[$0 + 2])
                }
            case "IDAT":
                if firstIDAT < 0 { firstIDAT = o }
                compressed.append(contentsOf: bytes[dataStart..<dataEnd])
            case "IEND":
                break chunks
            default:
                // Bit 5 of the first byte clear marks a critical chunk, which must be understood.
                if typeBytes[0] & 0x20 == 0 {
                    throw fail(o, .unsupported("unknown critical chunk '\(type)'"))
                }
            }
            o = dataEnd + 4
        }
        let h = header!
        guard firstIDAT >= 0 else { throw fail(o, .malformed("no 'IDAT' chunk before 'IEND'")) }
        if h.colorType == 3 && palette.isEmpty { throw fail(o, .malformed("palette image without a 'PLTE' chunk")) }

        let (rowsBytes, overflow1) = h.width.multipliedReportingOverflow(by: h.channels * h.bitDepth)
        let (total, overflow2) = ((rowsBytes + 7) / 8 + 1).multipliedReportingOverflow(by: h.height)
        guard !overflow1, !overflow2, total / maximumInflationRatio <= compressed.count + 1 else {
            throw fail(firstIDAT, .malformed(
                "chunk 'IDAT': \(compressed.count) compressed bytes cannot hold a \(h.width)×\(h.height) image"))
        }
        var raw: [UInt8]
        do {
            raw = try Zlib.inflate(compressed, expectedCount: total)
        } catch let .ended(produced) {
            throw fail(firstIDAT, .truncated("chunk 'IDAT': image data ends after \(produced) of \(total) bytes"))
        } catch let .corrupt(message) {
            throw fail(firstIDAT, .malformed("chunk 'IDAT': corrupt compressed data (\(message))"))
        }
        if let bad = unfilter(&raw, header: h) {
            throw fail(firstIDAT, .malformed("chunk 'IDAT': row \(bad.row) has unknown filter type \(bad.type)"))
        }
        return UnfilteredRows(raw: raw, header: h, palette: palette, firstIDAT: firstIDAT)
    }

    /// Reverses the row filters in place; returns the first row with an unknown filter type.
    static func unfilter(_ raw: inout [UInt8], header h: Header) -> (row: Int, type: UInt8)? {
        let rowBytes = h.rowBytes, bpp = h.filterStride, stride = rowBytes + 1
        let zeroRow = [UInt8](repeating: 0, count: rowBytes)
        return zeroRow.withUnsafeBufferPointer { zero in
            raw.withUnsafeMutableBufferPointer { buf -> (row: Int, type: UInt8)? in
                let base = buf.baseAddress!
                let head = min(bpp, rowBytes)
                for y in 0..<h.height {
                    let type = base[y * stride]
                    let row = base + y * stride + 1
                    // The row above, or zeros for the first row (as the specification says).
                    let prior = y > 0 ? UnsafePointer(row - stride) : zero.baseAddress!
                    switch type {
                    case 0:
                        break
                    case 1:
                        for i in head..<rowBytes { row[i] &+= row[i - bpp] }
                    case 2:
                        for i in 0..<rowBytes { row[i] &+= prior[i] }
                    case 3:
                        for i in 0..<head { row[i] &+= prior[i] >> 1 }
                        for i in head..<rowBytes { row[i] &+= UInt8((UInt16(row[i - bpp]) + UInt16(prior[i])) >> 1) }
                    case 4:
                        for i in 0..<head { row[i] &+= prior[i] }
                        for i in head..<rowBytes {
                            row[i] &+= UInt8(paeth(Int(row[i - bpp]), Int(prior[i]), Int(prior[i - bpp])))
                        }
                    default:
                        return (y, type)
                    }
                }
                return nil
            }
        }
    }

    /// The Paeth predictor: whichever of left, up and upper-left is closest to left + up − upper-left.
    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Converts unfiltered rows to 8-bit pixels.
    static func pixels(_ raw: [UInt8], header h: Header, palette: [RGB8],
                       badIndex: (Int) -> ImageFileError) throws -> DecodedImage {
        let stride = h.rowBytes + 1, w = h.width
        // The byte offset of sample `s` (0-based within the row) of row `y`, for 8 and 16-bit samples.
        let sampleBytes = h.bitDepth == 16 ? 2 : 1
        @inline(__always) func sample(_ y: Int, _ s: Int) -> UInt8 { raw[y * stride + 1 + s * sampleBytes] }
        /// A sub-byte sample (1, 2 or 4 bits) of pixel `x`, unscaled.
        @inline(__always) func packed(_ y: Int, _ x: Int) -> Int {
            let bit = x * h.bitDepth
            let byte = raw[y * stride + 1 + bit / 8]
            return Int(byte >> UInt8(8 - h.bitDepth - bit % 8)) & ((1 << h.bitDepth) - 1)
        }
        switch h.colorType {
        case 0, 4:
            var out = GrayImage(width: w, height: h.height, repeating: 0)
            let maxValue = (1 << h.bitDepth) - 1, c = h.channels
            for y in 0..<h.height {
                for x in 0..<w {
                    out.pixels[y * w + x] = h.bitDepth < 8 ? UInt8(packed(y, x) * 255 / maxValue) : sample(y, x * c)
                }
            }
            return .gray(out)
        case 3:
            var out = RGBImage(width: w, height: h.height, repeating: .black)
            for y in 0..<h.height {
                for x in 0..<w {
                    let index = h.bitDepth < 8 ? packed(y, x) : Int(sample(y, x))
                    guard index < palette.count else { throw badIndex(index) }
                    out.pixels[y * w + x] = palette[index]
                }
            }
            return .rgb(out)
        default:
            var out = RGBImage(width: w, height: h.height, repeating: .black)
            let c = h.channels
            for y in 0..<h.height {
                for x in 0..<w {
                    out.pixels[y * w + x] = RGB8(r: sample(y, x * c), g: sample(y, x * c + 1), b: sample(y, x * c + 2))
                }
            }
            return .rgb(out)
        }
    }
}
