import FathomCore
import Foundation

/// Reads and writes single-part scanline OpenEXR files: HALF, FLOAT and UINT channels, compressed
/// with NONE, ZIPS or ZIP (`EXRCompression`) — the subset Record3D writes for its depth maps.
///
/// Written from the OpenEXR file layout (magic and version, a header of typed attributes ended by a
/// zero byte, a table of 64-bit chunk offsets, then chunks of `y`, `size`, data). A ZIP chunk is zlib
/// data of the block's bytes after OpenEXR's predictor (each byte stored as the difference to the one
/// before, plus 128) and interleave (the even-indexed bytes, then the odd ones); a chunk whose stored
/// size equals the raw size is raw (OpenEXR stores incompressible blocks that way).
///
/// Hostile input is bounded: every attribute, offset and chunk size is checked against the file, the
/// data window must be at most `maximumPixelCount` pixels and reachable from the file's bytes at
/// deflate's maximum ratio, and every loop runs over counts fixed by the checked header.
public enum EXRFile {
    /// The four bytes every OpenEXR file starts with (20000630, little-endian).
    public static let magic: [UInt8] = [0x76, 0x2F, 0x31, 0x01]
    /// The largest data window read, pixels (a 16k × 16k image).
    public static let maximumPixelCount = 1 << 28
    /// Deflate's largest possible expansion (output bytes per input byte), about 1032:1.
    static let maximumInflationRatio = 1032

    /// Decodes an OpenEXR file's bytes. `fileName` labels errors.
    /// - Throws: `ImageFileError` naming `fileName`, the byte offset and the problem.
    public static func decode(_ data: Data, fileName: String = "<memory>") throws -> EXRImage {
        try [UInt8](data).withUnsafeBufferPointer { try decode(bytes: $0, file: fileName) }
    }

    /// Reads and decodes an OpenEXR file.
    /// - Throws: `ImageFileError` naming the file.
    public static func read(_ url: URL) throws -> EXRImage {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ImageFileError(
                file: url.lastPathComponent, location: .file, problem: .unreadable(error.localizedDescription))
        }
        return try decode(data, fileName: url.lastPathComponent)
    }

    struct ChannelInfo {
        var name: String
        var type: EXRImage.PixelType
    }

    static func decode(bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> EXRImage {
        func fail(_ offset: Int, _ problem: ImageFileError.Problem) -> ImageFileError {
            ImageFileError(file: file, location: .byteOffset(offset), problem: problem)
        }
        let n = bytes.count
        func u32(_ o: Int) -> UInt32 {
            UInt32(bytes[o]) | UInt32(bytes[o + 1]) << 8 | UInt32(bytes[o + 2]) << 16 | UInt32(bytes[o + 3]) << 24
        }
        func i32(_ o: Int) -> Int { Int(Int32(bitPattern: u32(o))) }
        func u64(_ o: Int) -> UInt64 { UInt64(u32(o)) | UInt64(u32(o + 4)) << 32 }
        guard n >= 8, Array(bytes[0..<4]) == magic else {
            throw fail(0, n < 4 ? .truncated("the file is shorter than the OpenEXR magic number")
                                 : .malformed("not an OpenEXR file (bad magic number)"))
        }
        let version = u32(4)
        guard version & 0xFF == 2 else { throw fail(4, .unsupported("OpenEXR version \(version & 0xFF)")) }
        if version & 0x200 != 0 { throw fail(4, .unsupported("tiled OpenEXR images")) }
        if version & 0x800 != 0 { throw fail(4, .unsupported("deep OpenEXR images")) }
        if version & 0x1000 != 0 { throw fail(4, .unsupported("multi-part OpenEXR files")) }
        let maximumNameLength = version & 0x400 != 0 ? 255 : 31

        /// A zero-terminated string starting at `o` (at most `maximumNameLength` bytes), and the offset after it.
        func string(at o: Int, what: String) throws -> (String, Int) {
            var e = o
            while e < n && bytes[e] != 0 {
                e += 1
                guard e - o <= maximumNameLength else {
                    throw fail(o, .malformed("\(what) is longer than \(maximumNameLength) bytes"))
                }
            }
            guard e < n else { throw fail(o, .truncated("the header ends inside \(what)")) }
            return (String(decoding: bytes[o..<e], as: UTF8.self), e + 1)
        }

        var channels: [ChannelInfo] = []
        var compression: EXRCompression?
        var window: (xMin: Int, yMin: Int, xMax: Int, yMax: Int)?
        var o = 8
        // Each attribute consumes at least 10 bytes, so the loop ends within n / 10 rounds.
        while true {
            guard o < n else { throw fail(o, .truncated("the header has no end (no zero byte after the attributes)")) }
            if bytes[o] == 0 {
                o += 1
                break
            }
            let start = o
            let (name, afterName) = try string(at: o, what: "an attribute name")
            let (type, afterType) = try string(at: afterName, what: "the type of attribute '\(name)'")
            guard afterType + 4 <= n else { throw fail(start, .truncated("attribute '\(name)' has no size")) }
            let size = i32(afterType)
            let value = afterType + 4
            guard size >= 0, size <= n - value else {
                throw fail(start, .truncated("attribute '\(name)' declares \(size) bytes but only \(n - value) remain"))
            }
            switch (name, type) {
            case ("channels", "chlist"):
                var c = value
                let end = value + size
                while c < end && bytes[c] != 0 {
                    let (channelName, afterChannel) = try string(at: c, what: "a channel name")
                    guard afterChannel + 16 <= end else {
                        throw fail(start, .malformed("attribute 'channels': channel '\(channelName)' is cut off"))
                    }
                    guard let t = EXRImage.PixelType(rawValue: Int32(i32(afterChannel))) else {
                        throw fail(start, .malformed(
                            "attribute 'channels': channel '\(channelName)' has unknown pixel type \(i32(afterChannel))"))
                    }
                    let xs = i32(afterChannel + 8), ys = i32(afterChannel + 12)
                    guard xs == 1, ys == 1 else {
                        throw fail(start, .unsupported(
                            "channel '\(channelName)' is subsampled (\(xs)×\(ys)); only full-resolution channels are read"))
                    }
                    channels.append(ChannelInfo(name: channelName, type: t))
                    c = afterChannel + 16
                }
                guard c < end else { throw fail(start, .malformed("attribute 'channels' has no terminating zero byte")) }
            case ("compression", "compression"):
                guard size == 1 else { throw fail(start, .malformed("attribute 'compression' has \(size) bytes, expected 1")) }
                guard let m = EXRCompression(rawValue: bytes[value]) else {
                    let names: [UInt8: String] = [1: "RLE", 4: "PIZ", 5: "PXR24", 6: "B44", 7: "B44A", 8: "DWAA", 9: "DWAB"]
                    throw fail(start, .unsupported(
                        "compression \(names[bytes[value]] ?? "\(bytes[value])") (this reader supports NONE, ZIPS and ZIP)"))
                }
                compression = m
            case ("dataWindow", "box2i"):
                guard size == 16 else { throw fail(start, .malformed("attribute 'dataWindow' has \(size) bytes, expected 16")) }
                window = (i32(value), i32(value + 4), i32(value + 8), i32(value + 12))
            default:
                break
            }
            o = value + size
        }
        guard !channels.isEmpty else { throw fail(8, .malformed("the header has no 'channels' attribute (or no channel)")) }
        guard let compression else { throw fail(8, .malformed("the header has no 'compression' attribute")) }
        guard let window else { throw fail(8, .malformed("the header has no 'dataWindow' attribute")) }
        let (width, overflowW) = (window.xMax - window.xMin).addingReportingOverflow(1)
        let (height, overflowH) = (window.yMax - window.yMin).addingReportingOverflow(1)
        guard !overflowW, !overflowH, width > 0, height > 0, width <= maximumPixelCount / height else {
            throw fail(8, .malformed("invalid data window \(window) (at most \(maximumPixelCount) pixels)"))
        }
        let bytesPerPixel = channels.reduce(0) { $0 + $1.type.byteCount }
        let lineBytes = width * bytesPerPixel
        guard (lineBytes * height) / maximumInflationRatio <= n else {
            throw fail(8, .malformed("\(n) bytes cannot hold a \(width)×\(height) image"))
        }
        let linesPerBlock = compression.linesPerBlock
        let blockCount = (height + linesPerBlock - 1) / linesPerBlock
        guard o + 8 * blockCount <= n else {
            throw fail(o, .truncated("the offset table of \(blockCount) chunks is cut off by the end of the file"))
        }
        // All channels in one buffer, channel after channel.
        var planes = [Float](repeating: 0, count: channels.count * width * height)
        var seen = [Bool](repeating: false, count: blockCount)
        for b in 0..<blockCount {
            let tableEntry = o + 8 * b
            let offset = u64(tableEntry)
            guard offset >= UInt64(o + 8 * blockCount), offset <= UInt64(n - 8) else {
                throw fail(tableEntry, .truncated("chunk \(b) lies at offset \(offset), outside the file's \(n) bytes"))
            }
            let c = Int(offset)
            let y = i32(c) - window.yMin
            let size = i32(c + 4)
            guard y >= 0, y < height, y % linesPerBlock == 0 else {
                throw fail(c, .malformed("chunk \(b) starts at scanline \(y + window.yMin), outside the data window"))
            }
            let block = y / linesPerBlock
            guard !seen[block] else { throw fail(c, .malformed("a second chunk for scanline \(y + window.yMin)")) }
            seen[block] = true
            guard size >= 0, size <= n - c - 8 else {
                throw fail(c, .truncated("chunk at scanline \(y + window.yMin) declares \(size) bytes but only \(n - c - 8) remain"))
            }
            let lines = min(linesPerBlock, height - y)
            let rawCount = lines * lineBytes
            let payload = UnsafeBufferPointer(rebasing: bytes[(c + 8)..<(c + 8 + size)])
            var raw: [UInt8]
            if compression == .none || size == rawCount {
                guard size == rawCount else {
                    throw fail(c, .malformed("chunk at scanline \(y + window.yMin) has \(size) bytes, expected \(rawCount)"))
                }
                raw = Array(payload)
            } else {
                do {
                    raw = try Zlib.inflate(Array(payload), expectedCount: rawCount)
                } catch let .ended(produced) {
                    throw fail(c, .truncated("chunk at scanline \(y + window.yMin): data ends after \(produced) of \(rawCount) bytes"))
                } catch let .corrupt(message) {
                    throw fail(c, .malformed("chunk at scanline \(y + window.yMin): corrupt compressed data (\(message))"))
                }
                raw = unpredictAndDeinterleave(raw)
            }
            // Scanline by scanline, channel by channel, `width` samples each.
            let pixelCount = width * height
            raw.withUnsafeBufferPointer { r in
                planes.withUnsafeMutableBufferPointer { out in
                    var p = 0
                    for line in 0..<lines {
                        let row = (y + line) * width
                        for (k, channel) in channels.enumerated() {
                            let base = k * pixelCount + row
                            switch channel.type {
                            case .half:
                                for x in 0..<width {
                                    out[base + x] = Float(halfBits: UInt16(r[p]) | UInt16(r[p + 1]) << 8)
                                    p += 2
                                }
                            case .float, .uint:
                                for x in 0..<width {
                                    let bits = UInt32(r[p]) | UInt32(r[p + 1]) << 8 | UInt32(r[p + 2]) << 16 | UInt32(r[p + 3]) << 24
                                    out[base + x] = channel.type == .float ? Float(bitPattern: bits) : Float(bits)
                                    p += 4
                                }
                            }
                        }
                    }
                }
            }
        }
        let pixelCount = width * height
        return EXRImage(width: width, height: height, channels: channels.enumerated().map { k, info in
            EXRImage.Channel(
                name: info.name, pixelType: info.type,
                image: Image(width: width, height: height, pixels: Array(planes[(k * pixelCount)..<((k + 1) * pixelCount)]))!)
        })
    }

    /// Reverses OpenEXR's ZIP predictor, then its interleave.
    static func unpredictAndDeinterleave(_ t: [UInt8]) -> [UInt8] {
        var t = t
        let count = t.count
        guard count > 0 else { return t }
        var out = [UInt8](repeating: 0, count: count)
        t.withUnsafeMutableBufferPointer { p in
            var previous = p[0]
            for i in 1..<count {
                previous = previous &+ p[i] &- 128
                p[i] = previous
            }
            let half = (count + 1) / 2
            out.withUnsafeMutableBufferPointer { o in
                for i in 0..<(count / 2) {
                    o[2 * i] = p[i]
                    o[2 * i + 1] = p[half + i]
                }
                if count % 2 == 1 { o[count - 1] = p[half - 1] }
            }
        }
        return out
    }

    /// Applies OpenEXR's ZIP interleave, then its predictor (the inverse of `unpredictAndDeinterleave`).
    static func interleaveAndPredict(_ raw: [UInt8]) -> [UInt8] {
        let count = raw.count
        guard count > 0 else { return raw }
        var t = [UInt8](repeating: 0, count: count)
        let half = (count + 1) / 2
        for i in 0..<count {
            if i % 2 == 0 { t[i / 2] = raw[i] } else { t[half + i / 2] = raw[i] }
        }
        var previous = Int(t[0])
        for i in 1..<count {
            let value = Int(t[i])
            t[i] = UInt8(truncatingIfNeeded: value - previous + 128 + 256)
            previous = value
        }
        return t
    }
}
