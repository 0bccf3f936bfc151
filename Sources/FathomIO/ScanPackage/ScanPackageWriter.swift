import FathomCore
import Foundation

/// Writes a scan package while it is being recorded (by a recorder or the simulator).
///
/// Every `append` writes the frame's depth, colour and feature records to the binary streams, then
/// appends the camera frame to the journal `frames.jsonl` (one JSON object per line), then, at least
/// once a second of scan time (and at every label or azimuth), rewrites `arkitData.json` atomically.
/// The rewrites run in order on a private background queue, so `append` never waits for a flush; a
/// failed rewrite is thrown by the next `append` or by `finish()`. A process killed mid-scan thus
/// leaves a consistent `arkitData.json` (about a second old) and a journal that loses at most the
/// frame being written; `ScanPackageRepair.repair(directory:)` rebuilds the package from it.
/// `finish()` writes the final files and patches the streams' record counts; the journal is then
/// removed. Not thread-safe: use it from one task at a time.
public final class ScanPackageWriter {
    /// `arkitData.json` is rewritten when this much scan time (seconds) has passed since the last rewrite.
    public static let arkitDataRewriteInterval: Double = 1.0

    /// The package directory.
    public let directory: URL
    /// The configuration written to `config.json`.
    public let config: ScanConfig
    /// The number of camera frames appended.
    public private(set) var frameCount = 0
    /// The events added so far.
    public private(set) var events: [ScanEvent] = []
    /// The labels added so far.
    public private(set) var labels: [ScanLabel] = []
    /// The azimuth, once set.
    public private(set) var azimuth: ScanAzimuth?
    /// Whether `finish()` has completed.
    public private(set) var isFinished = false
    /// Whether the last `zip(to:)` found the first archive faulty and re-created it (the caller raises
    /// event 53).
    public internal(set) var zipWasRecreated = false

    var depthStream: ScanStreamWriter?
    var colorStream: ScanStreamWriter?
    var featureStream: ScanStreamWriter?
    private var journal: ScanFileHandle?
    private var logFile: ScanFileHandle?
    /// The encoded frames of `arkitData.json`.
    private var frameFragments: [Data] = []
    /// Writes `arkitData.json` off the recording thread, in order.
    private let background = ScanBackgroundWriter()
    private var frameNumbers = Set<Int>()
    private var lastFrame: CameraFrame?
    private var lastRewriteTimestamp: Double?
    /// Called with the first archive `zip(to:)` creates, before it is verified (tests inject faults).
    var zipFaultInjection: ((URL) -> Void)?

    /// Creates the package directory and writes `config.json`, an empty `arkitData.json` and
    /// `feedback.json`, and the journal.
    /// - Parameters:
    ///   - directory: The package directory; it must not exist or be empty.
    ///   - config: The capture settings.
    /// - Throws: `ScanPackageError` when the directory exists and is not empty or cannot be written.
    public init(directory: URL, config: ScanConfig) throws {
        self.directory = directory
        self.config = config
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw ScanPackageError(.directoryNotEmpty, url: directory, problem: "exists and is not a directory")
            }
            let contents = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? ["?"]
            guard contents.isEmpty else {
                throw ScanPackageError(
                    .directoryNotEmpty, url: directory,
                    problem: "refusing to overwrite a non-empty directory (\(contents.count) entries)")
            }
        }
        do {
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ScanPackageError(
                .io, url: directory, problem: "cannot create directory: \(error.localizedDescription)")
        }
        try writeJSONAtomically(try ScanJSON.encoder(pretty: true).encode(config), to: "config.json")
        rewriteArkitData()
        try background.drain()
        try rewriteFeedback()
        journal = try ScanFileHandle.create(
            file(ScanJournalLine.fileName), displayName: file(ScanJournalLine.fileName).path)
    }

    /// Appends one frame: its depth, colour and feature records (when present), then the camera frame.
    /// The streams are created by the first record of each kind, with that record's size and format.
    /// - Throws: `ScanPackageError` when the frame's number repeats, its timestamp does not follow the
    ///   previous frame's, a record names another frame or has another size than the stream's, the
    ///   writer is finished, or a write fails.
    public func append(_ frame: SensorFrame) throws {
        try checkNotFinished()
        try background.check()
        let camera = frame.camera
        let name = file(ScanJournalLine.fileName).path
        guard camera.frameNumber >= 0, camera.frameNumber <= Int(UInt32.max) else {
            throw ScanPackageError(
                .invalidUse, file: name, problem: "frame number \(camera.frameNumber) is outside 0…\(UInt32.max)")
        }
        guard !frameNumbers.contains(camera.frameNumber) else {
            throw ScanPackageError(
                .invalidUse, file: name, problem: "frame number \(camera.frameNumber) was already appended")
        }
        guard camera.timestamp.isFinite, lastFrame.map({ camera.timestamp > $0.timestamp }) ?? true else {
            throw ScanPackageError(
                .invalidUse, file: name,
                problem:
                    "timestamp \(camera.timestamp) of frame \(camera.frameNumber) does not follow \(lastFrame?.timestamp ?? .nan)"
            )
        }
        for n in [frame.depth?.frameNumber, frame.color?.frameNumber, frame.features?.frameNumber].compactMap({ $0 })
        where n != camera.frameNumber {
            throw ScanPackageError(
                .invalidUse, file: name, problem: "frame \(camera.frameNumber) carries a record of frame \(n)")
        }
        // Check every record before writing any, so that a refused frame leaves no orphan record.
        if let depth = frame.depth { try depthStream?.validate(depth) }
        if let color = frame.color { try colorStream?.validate(color) }
        if let features = frame.features { try featureStream?.validate(features) }
        if let depth = frame.depth {
            if depthStream == nil {
                depthStream = try ScanStreamWriter(
                    url: file(ScanStreamKind.depth.fileName), header: .depth(width: depth.width, height: depth.height))
            }
            try depthStream!.append(depth)
        }
        if let color = frame.color {
            if colorStream == nil {
                let format: ColorPixelFormat = if case .ycbcr = color.image { .ycbcr420 } else { .rgb8 }
                colorStream = try ScanStreamWriter(
                    url: file(ScanStreamKind.color.fileName),
                    header: .color(width: color.image.width, height: color.image.height, pixelFormat: format))
            }
            try colorStream!.append(color)
        }
        if let features = frame.features {
            if featureStream == nil {
                featureStream = try ScanStreamWriter(
                    url: file(ScanStreamKind.featurePoints.fileName), header: .featurePoints())
            }
            try featureStream!.append(features)
        }
        let fragment: Data
        do { fragment = try ScanARKitData.encodeFrame(camera) } catch {
            throw ScanPackageError(
                .invalidUse, file: name, problem: "cannot encode frame \(camera.frameNumber): \(error)")
        }
        var line = Data("{\"frame\":".utf8)
        line.append(fragment)
        line.append(contentsOf: Array("}\n".utf8))
        try appendJournal(line)
        frameFragments.append(fragment)
        frameNumbers.insert(camera.frameNumber)
        frameCount += 1
        lastFrame = camera
        if let last = lastRewriteTimestamp, camera.timestamp - last < ScanPackageWriter.arkitDataRewriteInterval {
            return
        }
        rewriteArkitData()
        lastRewriteTimestamp = camera.timestamp
    }

    /// Adds a label (journaled, and `arkitData.json` rewritten at once).
    /// - Throws: `ScanPackageError` when the writer is finished or a write fails.
    public func addLabel(_ label: ScanLabel) throws {
        try checkNotFinished()
        labels.append(label)
        try appendJournal(ScanJSON.encoder().encode(ScanJournalLine(label: label)) + Data("\n".utf8))
        rewriteArkitData()
    }

    /// Sets the azimuth: the heading of the world −Z axis, degrees clockwise from true north
    /// (journaled, and `arkitData.json` rewritten at once).
    /// - Throws: `ScanPackageError` when the writer is finished or a write fails.
    public func setAzimuth(trueNorthDegrees: Double) throws {
        try checkNotFinished()
        let a = ScanAzimuth(trueNorthDegrees: trueNorthDegrees)
        azimuth = a
        try appendJournal(ScanJSON.encoder().encode(ScanJournalLine(azimuth: a)) + Data("\n".utf8))
        rewriteArkitData()
    }

    /// Adds an event; `feedback.json` is rewritten atomically.
    /// - Throws: `ScanPackageError` when the writer is finished or the write fails.
    public func addEvent(_ event: ScanEvent) throws {
        try checkNotFinished()
        events.append(event)
        try rewriteFeedback()
    }

    /// Appends a line to `scan.log`, prefixed with the wall-clock time (ISO 8601, UTC, milliseconds).
    /// Allowed after `finish()` (e.g. to log the zip's check).
    /// - Throws: `ScanPackageError` when the write fails.
    public func log(_ line: String) throws {
        if logFile == nil {
            let url = file("scan.log")
            logFile = try ScanFileHandle.openForAppending(url, displayName: url.path)
        }
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let text = "\(f.string(from: Date())) \(line.replacingOccurrences(of: "\n", with: " "))\n"
        try Array(text.utf8).withUnsafeBytes { try logFile!.write($0) }
    }

    /// Completes the package: patches the streams' record counts, writes the final `arkitData.json`
    /// and `feedback.json` atomically, and removes the journal. Calling it again does nothing.
    /// - Throws: `ScanPackageError` when a write fails.
    public func finish() throws {
        guard !isFinished else { return }
        try depthStream?.finish()
        try colorStream?.finish()
        try featureStream?.finish()
        rewriteArkitData()
        try background.drain()
        try rewriteFeedback()
        journal?.close()
        journal = nil
        try? FileManager.default.removeItem(at: file(ScanJournalLine.fileName))
        isFinished = true
    }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    private func checkNotFinished() throws {
        guard !isFinished else {
            throw ScanPackageError(.invalidUse, url: directory, problem: "the package is finished")
        }
    }

    private func appendJournal(_ line: Data) throws {
        try line.withUnsafeBytes { try journal!.write($0) }
    }

    /// Queues an atomic rewrite of `arkitData.json` with the frames, labels and azimuth so far; the
    /// bytes are assembled and flushed on the background queue.
    private func rewriteArkitData() {
        let fragments = frameFragments
        let labels = labels
        let azimuth = azimuth
        background.submit(to: file("arkitData.json")) {
            try ScanARKitData.assemble(frameFragments: fragments, labels: labels, azimuth: azimuth)
        }
    }

    /// Waits until every queued rewrite of `arkitData.json` is on disk.
    /// - Throws: `ScanPackageError` when one of them failed.
    func drainPendingWrites() throws { try background.drain() }

    private func rewriteFeedback() throws {
        try writeJSONAtomically(
            try ScanJSON.encoder(pretty: true).encode(ScanFeedback(events: events)), to: "feedback.json")
    }

    private func writeJSONAtomically(_ data: Data, to name: String) throws {
        do { try AtomicFile.write(data, to: file(name)) } catch let e as FileWriteError {
            throw ScanPackageError(.io, url: e.url, problem: e.problem)
        }
    }
}
