import FathomCore
import Foundation

/// The contents of a scan package's `arkitData.json`: per-frame poses and states, labels, azimuth.
public struct ScanARKitData: Sendable, Equatable {
    /// The format version this code writes and the highest it reads.
    public static let currentFormatVersion = 1

    /// The file's format version.
    public var formatVersion: Int
    /// The camera frames, in strictly increasing timestamp order with unique frame numbers.
    public var frames: [CameraFrame]
    /// Text labels (room names).
    public var labels: [ScanLabel]
    /// The orientation to true north, when recorded.
    public var azimuth: ScanAzimuth?

    /// Creates the data of the current format version.
    public init(frames: [CameraFrame] = [], labels: [ScanLabel] = [], azimuth: ScanAzimuth? = nil) {
        formatVersion = ScanARKitData.currentFormatVersion
        self.frames = frames
        self.labels = labels
        self.azimuth = azimuth
    }
}

extension ScanARKitData {
    /// The file as stored, before validation.
    private struct Stored: Decodable {
        var formatVersion: Int?
        var frames: [ScanFrameRecord]
        var labels: [ScanLabel]?
        var azimuth: ScanAzimuth?
    }

    /// Reads and validates `arkitData.json`.
    /// - Throws: `ScanPackageError` when the file is missing or malformed, of a newer version, or its
    ///   frames are not in strictly increasing timestamp order with unique frame numbers.
    public static func read(from url: URL, displayName: String? = nil) throws -> ScanARKitData {
        let name = displayName ?? url.path
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            if !FileManager.default.fileExists(atPath: url.path) {
                throw ScanPackageError(.missingFile, file: name, problem: "required file is missing")
            }
            throw ScanPackageError(.io, file: name, problem: "cannot read: \(error.localizedDescription)")
        }
        return try decode(data, displayName: name)
    }

    /// Decodes and validates `arkitData.json` from its bytes.
    /// - Throws: `ScanPackageError` as `read(from:displayName:)` does.
    public static func decode(_ data: Data, displayName: String = "arkitData.json") throws -> ScanARKitData {
        let stored = try ScanJSON.decode(Stored.self, from: data, displayName: displayName)
        let version = stored.formatVersion ?? currentFormatVersion
        guard version <= currentFormatVersion else {
            throw ScanPackageError(
                .unsupportedVersion, file: displayName,
                problem: "format version \(version) is newer than the supported \(currentFormatVersion)")
        }
        var frames: [CameraFrame] = []
        frames.reserveCapacity(stored.frames.count)
        for (i, record) in stored.frames.enumerated() {
            switch record.cameraFrame() {
            case .success(let f): frames.append(f)
            case .failure(let p):
                throw ScanPackageError(
                    .corrupt, file: displayName,
                    problem: "frames[\(i)] (frame \(record.frameNumber)): \(p.message)")
            }
        }
        try validateOrder(frames, displayName: displayName)
        var result = ScanARKitData(frames: frames, labels: stored.labels ?? [], azimuth: stored.azimuth)
        result.formatVersion = version
        return result
    }

    /// Throws unless timestamps strictly increase, frame numbers are unique and fit the binary
    /// streams' u32 field.
    static func validateOrder(_ frames: [CameraFrame], displayName: String) throws {
        var seen = Set<Int>()
        seen.reserveCapacity(frames.count)
        for (i, f) in frames.enumerated() {
            guard f.frameNumber >= 0, f.frameNumber <= Int(UInt32.max) else {
                throw ScanPackageError(
                    .invalidFrames, file: displayName,
                    problem: "frames[\(i)]: frame number \(f.frameNumber) is outside 0…\(UInt32.max)")
            }
            guard f.timestamp.isFinite else {
                throw ScanPackageError(
                    .invalidFrames, file: displayName,
                    problem: "frames[\(i)] (frame \(f.frameNumber)): timestamp is not finite")
            }
            guard seen.insert(f.frameNumber).inserted else {
                throw ScanPackageError(
                    .invalidFrames, file: displayName,
                    problem: "frames[\(i)]: frame number \(f.frameNumber) appears twice")
            }
            if i > 0, !(f.timestamp > frames[i - 1].timestamp) {
                throw ScanPackageError(
                    .invalidFrames, file: displayName,
                    problem:
                        "frames[\(i)] (frame \(f.frameNumber)): timestamp \(f.timestamp) does not follow \(frames[i - 1].timestamp) of frame \(frames[i - 1].frameNumber); frames must be in strictly increasing timestamp order"
                )
            }
        }
    }

    /// The file's bytes: compact JSON, one frame per line.
    public func encoded() throws -> Data {
        try ScanARKitData.assemble(
            formatVersion: formatVersion, frameFragments: frames.map(ScanARKitData.encodeFrame), labels: labels,
            azimuth: azimuth)
    }

    /// One frame's compact JSON object (also a journal line's payload).
    static func encodeFrame(_ frame: CameraFrame) throws -> Data {
        try ScanJSON.encoder().encode(ScanFrameRecord(frame))
    }

    /// The whole file from already-encoded frame objects.
    static func assemble(
        formatVersion: Int = currentFormatVersion, frameFragments: [Data], labels: [ScanLabel],
        azimuth: ScanAzimuth?
    ) throws -> Data {
        let encoder = ScanJSON.encoder()
        let separator = Data(",\n".utf8)
        var out = Data()
        out.reserveCapacity(frameFragments.reduce(256) { $0 + $1.count + 2 })
        out.append(contentsOf: Array("{\"formatVersion\":\(formatVersion),\n\"frames\":[\n".utf8))
        for (i, fragment) in frameFragments.enumerated() {
            if i > 0 { out.append(separator) }
            out.append(fragment)
        }
        out.append(contentsOf: Array("\n],\n\"labels\":".utf8))
        out.append(try encoder.encode(labels))
        if let azimuth {
            out.append(contentsOf: Array(",\n\"azimuth\":".utf8))
            out.append(try encoder.encode(azimuth))
        }
        out.append(contentsOf: Array("}\n".utf8))
        return out
    }
}
