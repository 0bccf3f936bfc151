import FathomCore
import Foundation

/// Appends records to one binary stream of a scan package (`allDepthFrames.bin`, `colorFrames.bin`
/// or `featurePoints.bin`).
///
/// The header is written at creation with `count` = 0 (unknown); each `append` writes one packed
/// little-endian record with a single `write` call at the end of the file; `finish()` patches the
/// header's count and flushes. A process killed mid-recording leaves a readable file whose last record
/// may be truncated (readers drop it; `ScanPackageRepair` cuts it off).
public final class ScanStreamWriter {
    /// The stream's header (with the count as it will be patched by `finish()`).
    public private(set) var header: ScanStreamHeader
    /// The number of records written so far.
    public private(set) var recordCount = 0
    /// The file's length so far, bytes.
    public private(set) var byteCount: Int
    /// The file.
    public let url: URL
    private var file: ScanFileHandle?
    /// A record being assembled; reused across appends to avoid allocation.
    private var scratch: [UInt8] = []

    /// Creates the stream file and writes its header.
    /// - Parameters:
    ///   - url: The file to create; it must not exist.
    ///   - header: The stream's header; its `count` is ignored (written as 0 until `finish()`).
    /// - Throws: `ScanPackageError` when the file exists or cannot be created, or the header is invalid.
    public init(url: URL, header: ScanStreamHeader) throws {
        self.url = url
        var h = header
        h.count = 0
        if h.kind != .featurePoints {
            guard h.width > 0, h.height > 0, h.width * h.height <= ScanStreamHeader.maximumPixelCount,
                h.width <= Int(UInt32.max), h.height <= Int(UInt32.max)
            else {
                throw ScanPackageError(.invalidUse, url: url, problem: "invalid stream size \(h.width)×\(h.height)")
            }
        }
        if h.kind == .color {
            guard let format = h.pixelFormat else {
                throw ScanPackageError(.invalidUse, url: url, problem: "a colour stream needs a pixel format")
            }
            if format == .ycbcr420, h.width % 2 != 0 || h.height % 2 != 0 {
                throw ScanPackageError(
                    .invalidUse, url: url, problem: "YCbCr 4:2:0 needs an even size, got \(h.width)×\(h.height)")
            }
        }
        self.header = h
        let file = try ScanFileHandle.create(url, displayName: url.path)
        let bytes = h.encoded
        try bytes.withUnsafeBytes { try file.write($0) }
        self.file = file
        byteCount = bytes.count
    }

    /// Appends a depth record.
    /// - Throws: `ScanPackageError` when this is not a depth stream, the maps' size differs from the
    ///   header's, the frame number does not fit u32, the stream is finished, or the write fails.
    public func append(_ frame: DepthFrame) throws {
        try validate(frame)
        let n = header.width * header.height
        try writeRecord(byteCount: ScanStreamHeader.recordPrefixByteCount + n * 5) { b in
            ScanStreamWriter.storePrefix(frame.frameNumber, frame.timestamp, into: b)
            b.storeLittleEndian(frame.depth.pixels, at: 12)
            b.store(frame.confidence.pixels, at: 12 + n * 4)
        }
    }

    /// Appends a colour record.
    /// - Throws: `ScanPackageError` when this is not a colour stream, the image's size or pixel format
    ///   differs from the header's, the frame number does not fit u32, the stream is finished, or the
    ///   write fails.
    public func append(_ frame: ColorFrame) throws {
        try validate(frame)
        let format = header.pixelFormat!
        let pixelBytes = format.byteCount(width: header.width, height: header.height)
        switch (frame.image, format) {
        case (.ycbcr(let image), .ycbcr420):
            try writeRecord(byteCount: ScanStreamHeader.recordPrefixByteCount + pixelBytes) { b in
                ScanStreamWriter.storePrefix(frame.frameNumber, frame.timestamp, into: b)
                b.store(image.luma, at: 12)
                b.store(image.chroma, at: 12 + image.luma.count)
            }
        case (.rgb(let image), .rgb8):
            try writeRecord(byteCount: ScanStreamHeader.recordPrefixByteCount + pixelBytes) { b in
                ScanStreamWriter.storePrefix(frame.frameNumber, frame.timestamp, into: b)
                var o = 12
                for p in image.pixels {
                    b[o] = p.r
                    b[o + 1] = p.g
                    b[o + 2] = p.b
                    o += 3
                }
            }
        default:
            preconditionFailure("validate(_:) checked the pixel format")
        }
    }

    /// Appends a feature-point record.
    /// - Throws: `ScanPackageError` when this is not a feature-point stream, the frame number or point
    ///   count does not fit u32, the stream is finished, or the write fails.
    public func append(_ frame: FeaturePointFrame) throws {
        try validate(frame)
        let n = frame.identifiers.count
        try writeRecord(byteCount: 16 + n * ScanStreamHeader.featurePointByteCount) { b in
            ScanStreamWriter.storePrefix(frame.frameNumber, frame.timestamp, into: b)
            b.storeLittleEndian(UInt32(n), at: 12)
            var o = 16
            for i in 0..<n {
                let p = frame.positions[i]
                b.storeLittleEndian(frame.identifiers[i], at: o)
                b.storeLittleEndian(p.x, at: o + 8)
                b.storeLittleEndian(p.y, at: o + 12)
                b.storeLittleEndian(p.z, at: o + 16)
                o += ScanStreamHeader.featurePointByteCount
            }
        }
    }

    /// Patches the header's count with the number of records written, flushes and closes the file.
    /// Calling it again does nothing.
    /// - Throws: `ScanPackageError` when the write or flush fails.
    public func finish() throws {
        guard let file else { return }
        header.count = recordCount
        var count = UInt32(clamping: recordCount).littleEndian
        try withUnsafeBytes(of: &count) { try file.write($0, at: header.kind.countFieldOffset) }
        try file.synchronize()
        file.close()
        self.file = nil
    }

    /// Throws what `append(_:)` would throw for this depth frame before writing anything.
    func validate(_ frame: DepthFrame) throws {
        try check(.depth, frameNumber: frame.frameNumber)
        guard frame.width == header.width, frame.height == header.height else {
            throw ScanPackageError(
                .invalidUse, url: url,
                problem:
                    "depth map of frame \(frame.frameNumber) is \(frame.width)×\(frame.height), the stream's is \(header.width)×\(header.height)"
            )
        }
    }

    /// Throws what `append(_:)` would throw for this colour frame before writing anything.
    func validate(_ frame: ColorFrame) throws {
        try check(.color, frameNumber: frame.frameNumber)
        guard frame.image.width == header.width, frame.image.height == header.height else {
            throw ScanPackageError(
                .invalidUse, url: url,
                problem:
                    "image of frame \(frame.frameNumber) is \(frame.image.width)×\(frame.image.height), the stream's is \(header.width)×\(header.height)"
            )
        }
        switch (frame.image, header.pixelFormat) {
        case (.ycbcr, .ycbcr420?), (.rgb, .rgb8?): break
        default:
            throw ScanPackageError(
                .invalidUse, url: url,
                problem:
                    "image of frame \(frame.frameNumber) is not in the stream's pixel format \(header.pixelFormat.map { "\($0)" } ?? "?")"
            )
        }
    }

    /// Throws what `append(_:)` would throw for this feature-point frame before writing anything.
    func validate(_ frame: FeaturePointFrame) throws {
        try check(.featurePoints, frameNumber: frame.frameNumber)
        guard frame.identifiers.count <= Int(UInt32.max) else {
            throw ScanPackageError(
                .invalidUse, url: url, problem: "too many feature points (\(frame.identifiers.count))")
        }
    }

    private func check(_ kind: ScanStreamKind, frameNumber: Int) throws {
        guard file != nil else {
            throw ScanPackageError(.invalidUse, url: url, problem: "append after finish()")
        }
        guard header.kind == kind else {
            throw ScanPackageError(
                .invalidUse, url: url, problem: "cannot append a \(kind) record to a \(header.kind) stream")
        }
        guard frameNumber >= 0, frameNumber <= Int(UInt32.max) else {
            throw ScanPackageError(.invalidUse, url: url, problem: "frame number \(frameNumber) does not fit u32")
        }
    }

    private static func storePrefix(_ frameNumber: Int, _ timestamp: Double, into b: UnsafeMutableRawBufferPointer) {
        b.storeLittleEndian(UInt32(frameNumber), at: 0)
        b.storeLittleEndian(timestamp, at: 4)
    }

    private func writeRecord(byteCount count: Int, _ fill: (UnsafeMutableRawBufferPointer) -> Void) throws {
        if scratch.count < count { scratch = [UInt8](repeating: 0, count: count) }
        try scratch.withUnsafeMutableBytes { all in
            let b = UnsafeMutableRawBufferPointer(rebasing: all[0..<count])
            fill(b)
            try file!.write(UnsafeRawBufferPointer(b))
        }
        recordCount += 1
        byteCount += count
    }
}
