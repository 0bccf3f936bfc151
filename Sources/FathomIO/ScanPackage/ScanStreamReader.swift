import FathomCore
import Foundation

/// Reads one binary stream of a scan package record by record, without loading the file.
///
/// Opening validates the header and walks the record prefixes (one small positional read per record)
/// to build `records`. A truncated last record is dropped and reported in `warnings`; so is a header
/// count that disagrees with the complete records found. A bad magic or version, an invalid size, or
/// records that do not fit the header's size throw `ScanPackageError` naming the file and byte offset.
public final class ScanStreamReader {
    /// The stream's header as stored.
    public let header: ScanStreamHeader
    /// The complete records, in file order.
    public let records: [ScanStreamRecordInfo]
    /// Problems found and worked around (truncated last record, count disagreement, order).
    public let warnings: [String]
    /// The file's length, bytes.
    public let fileByteCount: Int
    /// The end of the last complete record, bytes (`fileByteCount` minus a truncated tail).
    public let completeByteCount: Int
    /// How errors and warnings name the file.
    public let displayName: String
    private let file: ScanFileHandle
    private var scratch: [UInt8] = []

    /// Opens a stream and indexes its records.
    /// - Parameters:
    ///   - url: The file.
    ///   - kind: Which stream it must be.
    ///   - displayName: How errors and warnings name the file (defaults to its path).
    /// - Throws: `ScanPackageError` for a missing or unreadable file, a bad header, or records that
    ///   disagree with the header's sizes.
    public init(url: URL, kind: ScanStreamKind, displayName: String? = nil) throws {
        let name = displayName ?? url.path
        self.displayName = name
        file = try ScanFileHandle.openForReading(url, displayName: name)
        fileByteCount = try file.size()
        header = try ScanStreamHeader.read(kind, from: file, fileSize: fileByteCount)
        let index = try ScanStreamReader.index(file: file, header: header, fileSize: fileByteCount, displayName: name)
        records = index.records
        warnings = index.warnings
        completeByteCount = index.end
    }

    /// Opens a stream already indexed (by `ScanPackage`) for reading records, without a new index pass.
    init(url: URL, header: ScanStreamHeader, displayName: String) throws {
        self.displayName = displayName
        file = try ScanFileHandle.openForReading(url, displayName: displayName)
        fileByteCount = try file.size()
        self.header = header
        records = []
        warnings = []
        completeByteCount = fileByteCount
    }

    /// The result of the index pass.
    struct Index {
        var records: [ScanStreamRecordInfo] = []
        var warnings: [String] = []
        /// The end of the last complete record.
        var end: Int
        /// Bytes after `end` (a truncated record).
        var truncatedBytes: Int = 0
    }

    /// Walks the record prefixes of a stream whose header is valid.
    static func index(file: ScanFileHandle, header: ScanStreamHeader, fileSize: Int, displayName name: String) throws
        -> Index
    {
        var index = Index(end: header.kind.headerByteCount)
        var offset = header.kind.headerByteCount
        var prefix = [UInt8](repeating: 0, count: 16)
        var previousTimestamp = -Double.infinity
        var outOfOrder = 0
        if let size = header.fixedRecordByteCount {
            let payload = fileSize - offset
            let complete = payload / size
            if complete == 0, payload > 0, header.count > 0 {
                throw ScanPackageError(
                    .corrupt, file: name, offset: offset,
                    problem:
                        "the header declares \(header.count) record(s) of \(size) bytes (\(header.width)×\(header.height)) but only \(payload) bytes follow: the size disagrees with the data"
                )
            }
            index.records.reserveCapacity(complete)
        }
        while offset < fileSize {
            let remaining = fileSize - offset
            let size: Int
            if let fixed = header.fixedRecordByteCount {
                guard remaining >= fixed else { break }
                size = fixed
                try prefix.withUnsafeMutableBytes {
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<12]), at: offset)
                }
            } else {
                guard remaining >= 16 else { break }
                try prefix.withUnsafeMutableBytes { try file.read(into: $0, at: offset) }
                let n = Int(prefix.littleEndianUInt32(at: 12))
                size = 16 + n * ScanStreamHeader.featurePointByteCount
                guard remaining >= size else { break }
            }
            let (frameNumber, timestamp) = prefix.withUnsafeBytes { b in
                (Int(b.littleEndianUInt32(at: 0)), b.littleEndianDouble(at: 4))
            }
            guard timestamp.isFinite else {
                throw ScanPackageError(
                    .corrupt, file: name, offset: offset + 4,
                    problem:
                        "record \(index.records.count) has a non-finite timestamp: the record sizes disagree with the header\(header.kind == .featurePoints ? "" : " (\(header.width)×\(header.height))") or the file is corrupt"
                )
            }
            if !(timestamp > previousTimestamp) { outOfOrder += 1 }
            previousTimestamp = timestamp
            index.records.append(
                ScanStreamRecordInfo(frameNumber: frameNumber, timestamp: timestamp, offset: offset, byteCount: size))
            offset += size
        }
        index.end = offset
        index.truncatedBytes = fileSize - offset
        if index.truncatedBytes > 0 {
            index.warnings.append(
                "\(name): truncated last record at byte \(offset) (\(index.truncatedBytes) bytes) dropped")
        }
        if header.count != 0, header.count != index.records.count {
            index.warnings.append(
                "\(name): header count \(header.count) disagrees with the file, which holds \(index.records.count) complete record(s); using those"
            )
        }
        if outOfOrder > 0 {
            index.warnings.append("\(name): \(outOfOrder) record(s) do not follow the previous record's timestamp")
        }
        return index
    }

    /// Reads the depth record `record` (from `records`).
    /// - Throws: `ScanPackageError` when this is not a depth stream or the read fails.
    public func readDepth(_ record: ScanStreamRecordInfo) throws -> DepthFrame {
        guard header.kind == .depth else { throw wrongKind(.depth) }
        let w = header.width
        let h = header.height
        let n = w * h
        return try withRecord(record) { b in
            let depth = b.littleEndianFloats(at: 12, count: n)
            let confidence = b.bytes(at: 12 + n * 4, count: n)
            return DepthFrame(
                frameNumber: Int(b.littleEndianUInt32(at: 0)), timestamp: b.littleEndianDouble(at: 4),
                depth: DepthMap(width: w, height: h, pixels: depth)!,
                confidence: ConfidenceMap(width: w, height: h, pixels: confidence)!)
        }
    }

    /// Reads the colour record `record` (from `records`).
    /// - Throws: `ScanPackageError` when this is not a colour stream or the read fails.
    public func readColor(_ record: ScanStreamRecordInfo) throws -> ColorFrame {
        guard header.kind == .color, let format = header.pixelFormat else { throw wrongKind(.color) }
        let w = header.width
        let h = header.height
        return try withRecord(record) { b in
            let image: ColorImage
            switch format {
            case .ycbcr420:
                let lumaCount = w * h
                image = .ycbcr(
                    YCbCrImage(
                        width: w, height: h, luma: b.bytes(at: 12, count: lumaCount),
                        chroma: b.bytes(at: 12 + lumaCount, count: (w / 2) * (h / 2) * 2))!)
            case .rgb8:
                var pixels = [RGB8]()
                pixels.reserveCapacity(w * h)
                var o = 12
                for _ in 0..<(w * h) {
                    pixels.append(RGB8(r: b[o], g: b[o + 1], b: b[o + 2]))
                    o += 3
                }
                image = .rgb(RGBImage(width: w, height: h, pixels: pixels)!)
            }
            return ColorFrame(
                frameNumber: Int(b.littleEndianUInt32(at: 0)), timestamp: b.littleEndianDouble(at: 4), image: image)
        }
    }

    /// Reads the feature-point record `record` (from `records`).
    /// - Throws: `ScanPackageError` when this is not a feature-point stream or the read fails.
    public func readFeaturePoints(_ record: ScanStreamRecordInfo) throws -> FeaturePointFrame {
        guard header.kind == .featurePoints else { throw wrongKind(.featurePoints) }
        return try withRecord(record) { b in
            let n = Int(b.littleEndianUInt32(at: 12))
            var ids = [UInt64]()
            var positions = [SIMD3<Float>]()
            ids.reserveCapacity(n)
            positions.reserveCapacity(n)
            var o = 16
            for _ in 0..<n {
                ids.append(UInt64(littleEndian: b.loadUnaligned(fromByteOffset: o, as: UInt64.self)))
                positions.append(
                    SIMD3(
                        Float(bitPattern: b.littleEndianUInt32(at: o + 8)),
                        Float(bitPattern: b.littleEndianUInt32(at: o + 12)),
                        Float(bitPattern: b.littleEndianUInt32(at: o + 16))))
                o += ScanStreamHeader.featurePointByteCount
            }
            return FeaturePointFrame(
                frameNumber: Int(b.littleEndianUInt32(at: 0)), timestamp: b.littleEndianDouble(at: 4),
                identifiers: ids, positions: positions)
        }
    }

    private func withRecord<T>(_ record: ScanStreamRecordInfo, _ body: (UnsafeRawBufferPointer) -> T) throws -> T {
        if scratch.count < record.byteCount { scratch = [UInt8](repeating: 0, count: record.byteCount) }
        return try scratch.withUnsafeMutableBytes { all in
            let b = UnsafeMutableRawBufferPointer(rebasing: all[0..<record.byteCount])
            try file.read(into: b, at: record.offset)
            return body(UnsafeRawBufferPointer(b))
        }
    }

    private func wrongKind(_ wanted: ScanStreamKind) -> ScanPackageError {
        ScanPackageError(.invalidUse, file: displayName, problem: "not a \(wanted) stream (it is \(header.kind))")
    }
}
