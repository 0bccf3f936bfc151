import FathomCore
import Foundation

/// A scan package opened for reading: a directory, or a `.zip` of one (entries at the zip's root or
/// all under one top-level folder).
///
/// Opening reads the JSON files and indexes the binary streams (record prefixes only); the depth,
/// colour and feature records are read on demand by `frames()`. Everything worked around while
/// opening (a truncated last record, a header count that disagrees with the file, records of
/// frames that are not in `arkitData.json`, duplicate records) is listed in `warnings`.
///
/// Frames in `arkitData.json` must be in strictly increasing timestamp order with unique frame
/// numbers; otherwise opening throws (`ScanPackageError.Kind.invalidFrames`): a recorder that breaks
/// this rule has a bug worth seeing, and no order can be trusted to repair it.
///
/// A zip is checked before anything is extracted (`ZipReader`: sizes, offsets, compression method,
/// entry count and total expansion against the archive), and an entry whose path would escape the
/// package (`..`, absolute path, backslash, drive letter) or a symbolic link is refused; a bad zip is an
/// error naming the zip and the entry in milliseconds. The package's files are then extracted, with
/// their CRC32 checked, to a private temporary directory that is removed when the last copy of this
/// value is released.
public struct ScanPackage: Sendable {
    /// The directory or zip that was opened.
    public let url: URL
    /// The capture settings.
    public let config: ScanConfig
    /// The camera frames, in increasing timestamp order.
    public let cameraFrames: [CameraFrame]
    /// Text labels (room names).
    public let labels: [ScanLabel]
    /// The orientation to true north, when recorded.
    public let azimuth: ScanAzimuth?
    /// The events of `feedback.json` (empty when absent).
    public let events: [ScanEvent]
    /// The depth stream's header, when the package has depth.
    public let depthHeader: ScanStreamHeader?
    /// The colour stream's header, when the package has colour frames.
    public let colorHeader: ScanStreamHeader?
    /// The feature-point stream's header, when the package has feature points.
    public let featurePointsHeader: ScanStreamHeader?
    /// Everything reported while opening, one sentence each.
    public let warnings: [String]
    /// Record locations by stream and frame number (records of unknown frames excluded).
    let recordsByFrame: [ScanStreamKind: [Int: ScanStreamRecordInfo]]
    /// File lengths of the streams present, bytes.
    let streamByteCounts: [ScanStreamKind: Int]
    let storage: ScanPackageStorage

    /// Opens a package directory or zip.
    /// - Throws: `ScanPackageError` when the package is missing, `config.json` or `arkitData.json` is
    ///   missing, malformed or of an unsupported format or version, the frames are out of order or
    ///   repeat a number, a zip cannot be opened or holds an unsafe entry, or a stream is corrupt.
    public init(url: URL) throws {
        self.url = url
        let storage = try ScanPackageStorage.open(url)
        self.storage = storage
        let dir = storage.directory
        config = try ScanConfig.read(
            from: dir.appendingPathComponent("config.json"), displayName: storage.displayName("config.json"))
        let arkit = try ScanARKitData.read(
            from: dir.appendingPathComponent("arkitData.json"),
            displayName: storage.displayName("arkitData.json"))
        cameraFrames = arkit.frames
        labels = arkit.labels
        azimuth = arkit.azimuth
        var warnings: [String] = []
        // feedback.json is optional: an unreadable one is reported, not fatal.
        let feedbackURL = dir.appendingPathComponent("feedback.json")
        if FileManager.default.fileExists(atPath: feedbackURL.path) {
            do {
                events = try ScanFeedback.read(from: feedbackURL, displayName: storage.displayName("feedback.json"))
                    .events
            } catch {
                events = []
                warnings.append("\(error); its events are ignored")
            }
        } else {
            events = []
        }
        let known = Set(arkit.frames.map(\.frameNumber))
        var headers: [ScanStreamKind: ScanStreamHeader] = [:]
        var byFrame: [ScanStreamKind: [Int: ScanStreamRecordInfo]] = [:]
        var byteCounts: [ScanStreamKind: Int] = [:]
        for kind in ScanStreamKind.allCases {
            let fileURL = dir.appendingPathComponent(kind.fileName)
            guard FileManager.default.fileExists(atPath: fileURL.path) else { continue }
            let name = storage.displayName(kind.fileName)
            let reader = try ScanStreamReader(url: fileURL, kind: kind, displayName: name)
            headers[kind] = reader.header
            byteCounts[kind] = reader.fileByteCount
            warnings += reader.warnings
            var map: [Int: ScanStreamRecordInfo] = [:]
            map.reserveCapacity(reader.records.count)
            var unknown: [Int] = []
            var duplicates: [Int] = []
            for r in reader.records {
                if !known.contains(r.frameNumber) {
                    unknown.append(r.frameNumber)
                } else if map[r.frameNumber] != nil {
                    duplicates.append(r.frameNumber)
                } else {
                    map[r.frameNumber] = r
                }
            }
            if !unknown.isEmpty {
                warnings.append(
                    "\(name): \(unknown.count) record(s) name frames not in arkitData.json and were skipped (frames \(ScanPackage.list(unknown)))"
                )
            }
            if !duplicates.isEmpty {
                warnings.append(
                    "\(name): \(duplicates.count) duplicate record(s) skipped, the first kept (frames \(ScanPackage.list(duplicates)))"
                )
            }
            byFrame[kind] = map
        }
        depthHeader = headers[.depth]
        colorHeader = headers[.color]
        featurePointsHeader = headers[.featurePoints]
        recordsByFrame = byFrame
        streamByteCounts = byteCounts
        self.warnings = warnings
    }

    /// The first few numbers of `values`, for messages.
    private static func list(_ values: [Int]) -> String {
        let shown = values.prefix(5).map(String.init).joined(separator: ", ")
        return values.count > 5 ? shown + ", …" : shown
    }

    /// Whether the package has a depth stream.
    public var hasDepth: Bool { depthHeader != nil }
    /// The depth maps' size, pixels, when the package has depth.
    public var depthSize: (width: Int, height: Int)? { depthHeader.map { ($0.width, $0.height) } }
    /// The colour images' size, pixels, when the package has colour frames.
    public var colorSize: (width: Int, height: Int)? { colorHeader.map { ($0.width, $0.height) } }
    /// The number of camera frames.
    public var frameCount: Int { cameraFrames.count }
    /// The number of usable depth records (one per frame at most).
    public var depthFrameCount: Int { recordsByFrame[.depth]?.count ?? 0 }
    /// The number of usable colour records.
    public var colorFrameCount: Int { recordsByFrame[.color]?.count ?? 0 }
    /// The number of usable feature-point records.
    public var featurePointFrameCount: Int { recordsByFrame[.featurePoints]?.count ?? 0 }
    /// The total number of feature points over the usable records.
    public var featurePointCount: Int {
        (recordsByFrame[.featurePoints] ?? [:]).values.reduce(0) {
            $0 + ($1.byteCount - 16) / ScanStreamHeader.featurePointByteCount
        }
    }
    /// The length of a stream's file, bytes (0 when the package has no such stream).
    public func byteCount(of stream: ScanStreamKind) -> Int { streamByteCounts[stream] ?? 0 }

    /// The time from the first to the last frame, seconds (0 for fewer than two frames).
    public var duration: Double {
        guard let first = cameraFrames.first, let last = cameraFrames.last else { return 0 }
        return last.timestamp - first.timestamp
    }

    /// The frames in order, each joined with its depth, colour and feature records, read on demand.
    /// - Parameter startIndex: The index in `cameraFrames` of the first frame to read (for playback
    ///   seeking); clamped to `0...frameCount`.
    public func frames(from startIndex: Int = 0) -> ScanFrameIterator {
        ScanFrameIterator(package: self, startIndex: min(max(0, startIndex), cameraFrames.count))
    }

    /// Calls `body` with every frame in order (see `frames()`).
    /// - Throws: `ScanPackageError` when a record cannot be read, or what `body` throws.
    public func forEachFrame(_ body: (SensorFrame) throws -> Void) throws {
        var it = frames()
        while let f = try it.next() { try body(f) }
    }

    /// Counts, sizes, labels, events and warnings.
    public var summary: ScanPackageSummary { ScanPackageSummary(self) }
}
