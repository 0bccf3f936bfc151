import Foundation

/// The header of one binary stream of a scan package (see `docs/scan-package-v1.md`).
public struct ScanStreamHeader: Sendable, Equatable {
    /// The only stream version this code reads and writes.
    public static let currentVersion: UInt32 = 1
    /// The largest width × height accepted, pixels: anything larger is a corrupt header.
    public static let maximumPixelCount = 1 << 26
    /// The size of a record's prefix (frameNumber u32, timestamp f64), bytes.
    public static let recordPrefixByteCount = 12
    /// The size of one feature point (identifier u64, x, y, z f32), bytes.
    public static let featurePointByteCount = 20

    /// Which stream this is.
    public var kind: ScanStreamKind
    /// The stream version.
    public var version: UInt32
    /// Map/image width, pixels (0 for feature points).
    public var width: Int
    /// Map/image height, pixels (0 for feature points).
    public var height: Int
    /// The colour stream's pixel format; `nil` for the other streams.
    public var pixelFormat: ColorPixelFormat?
    /// The number of records, 0 = unknown (while recording).
    public var count: Int

    /// A depth stream header for maps of `width × height`.
    public static func depth(width: Int, height: Int, count: Int = 0) -> ScanStreamHeader {
        ScanStreamHeader(
            kind: .depth, version: currentVersion, width: width, height: height, pixelFormat: nil, count: count)
    }

    /// A colour stream header for images of `width × height` in `pixelFormat`.
    public static func color(width: Int, height: Int, pixelFormat: ColorPixelFormat, count: Int = 0) -> ScanStreamHeader
    {
        ScanStreamHeader(
            kind: .color, version: currentVersion, width: width, height: height, pixelFormat: pixelFormat, count: count)
    }

    /// A feature-point stream header.
    public static func featurePoints(count: Int = 0) -> ScanStreamHeader {
        ScanStreamHeader(
            kind: .featurePoints, version: currentVersion, width: 0, height: 0, pixelFormat: nil, count: count)
    }

    /// The size of every record, bytes; `nil` for feature points (variable-size records).
    public var fixedRecordByteCount: Int? {
        switch kind {
        case .depth: ScanStreamHeader.recordPrefixByteCount + width * height * 5
        case .color:
            ScanStreamHeader.recordPrefixByteCount + (pixelFormat?.byteCount(width: width, height: height) ?? 0)
        case .featurePoints: nil
        }
    }

    /// The header's bytes, little-endian.
    var encoded: [UInt8] {
        var out: [UInt8] = Array(kind.magic.utf8)
        out.reserveCapacity(kind.headerByteCount)
        out.appendLittleEndian(version)
        if kind != .featurePoints {
            out.appendLittleEndian(UInt32(width))
            out.appendLittleEndian(UInt32(height))
        }
        if kind == .color { out.appendLittleEndian(pixelFormat?.rawValue ?? 0) }
        out.appendLittleEndian(UInt32(clamping: count))
        return out
    }

    /// Parses and validates the header at the start of `file`.
    /// - Throws: `ScanPackageError` (naming the file and offset) for a short file, a bad magic, an
    ///   unknown version, a zero or oversized resolution, an unknown or unusable pixel format.
    static func read(_ kind: ScanStreamKind, from file: ScanFileHandle, fileSize: Int) throws -> ScanStreamHeader {
        guard fileSize >= kind.headerByteCount else {
            throw ScanPackageError(
                .corrupt, file: file.displayName, offset: 0,
                problem: "file is \(fileSize) bytes, shorter than the \(kind.headerByteCount)-byte header")
        }
        let b = try file.readBytes(count: kind.headerByteCount, at: 0)
        let magic = String(decoding: b[0..<4], as: UTF8.self)
        guard Array(b[0..<4]) == Array(kind.magic.utf8) else {
            throw ScanPackageError(
                .corrupt, file: file.displayName, offset: 0,
                problem: "bad magic '\(magic.debugDescription.dropFirst().dropLast())', expected '\(kind.magic)'")
        }
        let version = b.littleEndianUInt32(at: 4)
        guard version == currentVersion else {
            throw ScanPackageError(
                .unsupportedVersion, file: file.displayName, offset: 4,
                problem: "stream version \(version), expected \(currentVersion)")
        }
        var header = ScanStreamHeader(
            kind: kind, version: version, width: 0, height: 0, pixelFormat: nil,
            count: Int(b.littleEndianUInt32(at: kind.countFieldOffset)))
        guard kind != .featurePoints else { return header }
        header.width = Int(b.littleEndianUInt32(at: 8))
        header.height = Int(b.littleEndianUInt32(at: 12))
        // Each side bounded first: the product of two 32-bit sides can overflow Int.
        guard header.width > 0, header.height > 0, header.width <= maximumPixelCount,
            header.height <= maximumPixelCount, header.width * header.height <= maximumPixelCount
        else {
            throw ScanPackageError(
                .corrupt, file: file.displayName, offset: 8,
                problem: "invalid size \(header.width)×\(header.height)")
        }
        if kind == .color {
            let raw = b.littleEndianUInt32(at: 16)
            guard let format = ColorPixelFormat(rawValue: raw) else {
                throw ScanPackageError(
                    .corrupt, file: file.displayName, offset: 16, problem: "unknown pixel format \(raw)")
            }
            if format == .ycbcr420, header.width % 2 != 0 || header.height % 2 != 0 {
                throw ScanPackageError(
                    .corrupt, file: file.displayName, offset: 8,
                    problem: "YCbCr 4:2:0 needs an even size, got \(header.width)×\(header.height)")
            }
            header.pixelFormat = format
        }
        return header
    }
}
