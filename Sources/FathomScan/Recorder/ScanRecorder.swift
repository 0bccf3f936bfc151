import FathomCore
import FathomIO
import Foundation

/// Records a scan: feeds every frame to a `ScanMonitor` and a `ScanPackageWriter`, writes every event
/// to `feedback.json` and `scan.log`, keeps labels and azimuth, and at the end zips and verifies the
/// package.
///
/// What survives a crash is the writer's: append-only streams plus a journal, so that
/// `ScanPackageRepair.repair(directory:)` (`fathom check --repair`) recovers every frame but the one
/// being written. On an unrecoverable error (a write fails, or the zip is faulty twice) the recorder
/// removes what it created — the package directory (or, if it existed empty, its contents) and its
/// zip — raises 15 and throws `ScanRecorderError.unrecoverable`; it never touches anything it did not
/// create: an existing non-empty directory or zip is refused before anything is written.
///
/// Frames the package cannot hold (out of order, repeated number) are not written; they raise 66.
/// After the monitor aborts the scan (13, 80) frames are no longer written; call `finish`.
/// Not thread-safe: use it from one task.
public final class ScanRecorder {
    /// The package directory.
    public let directory: URL
    /// The monitor (its events, phase and statistics).
    public private(set) var monitor: ScanMonitor
    /// Every event raised so far: the monitor's and the recorder's.
    public private(set) var events: [MonitorEvent] = []
    /// Whether `finish` completed or an unrecoverable error stopped the recorder.
    public private(set) var isStopped = false

    let writer: ScanPackageWriter
    private let directoryExisted: Bool
    private var createdZip: URL?
    private var lastFrameNumber = 0
    private var lastTimestamp = 0.0
    private var storedMonitorEventCount = 0

    /// Starts a recording in `directory`, which must not exist or be empty.
    /// - Parameters:
    ///   - directory: The package directory.
    ///   - config: Device, options, address and property type for `config.json`.
    ///   - monitorConfiguration: The monitor's thresholds.
    /// - Throws: `ScanPackageError` when the directory is not empty or cannot be written (nothing of
    ///   the user's is touched).
    public init(directory: URL, config: ScanConfig, monitorConfiguration: ScanMonitorConfiguration = .default) throws {
        self.directory = directory
        directoryExisted = FileManager.default.fileExists(atPath: directory.path)
        monitor = ScanMonitor(configuration: monitorConfiguration)
        writer = try ScanPackageWriter(directory: directory, config: config)
    }

    /// `true` once the monitor has aborted the scan (drift or relocation timeout).
    public var isAborted: Bool {
        if case .aborted = monitor.phase { true } else { false }
    }

    /// Records one frame and returns the events it raised.
    /// - Throws: `ScanRecorderError.unrecoverable` when a write fails (the scan is then removed),
    ///   `.notRecording` after `finish` or a failure.
    @discardableResult
    public func record(_ frame: SensorFrame, signals: DeviceSignals = .nominal) throws -> [MonitorEvent] {
        guard !isStopped else { throw ScanRecorderError.notRecording }
        guard !monitor.isOver else { return [] }
        let skippedBefore = monitor.statistics.outOfOrderFrameCount
        var new = monitor.process(ScanMonitor.Input(frame: frame, signals: signals))
        let skipped = monitor.statistics.outOfOrderFrameCount > skippedBefore
        try guarded {
            if !skipped {
                do {
                    try writer.append(frame)
                    lastFrameNumber = frame.frameNumber
                    lastTimestamp = frame.timestamp
                } catch let error as ScanPackageError where error.kind == .invalidUse {
                    new.append(
                        MonitorEvent(
                            code: .invalidPosition, timestamp: lastTimestamp, frameNumber: frame.frameNumber,
                            message: "Frame \(frame.frameNumber) not recorded: \(error.problem)"))
                }
            }
            for event in new { try store(event) }
            storedMonitorEventCount = monitor.events.count
        }
        return new
    }

    /// Evaluates the relocation timeout while no frames arrive (see `ScanMonitor.checkTimeouts(at:)`)
    /// and writes the events raised.
    /// - Throws: `ScanRecorderError` as `record` does.
    @discardableResult
    public func checkTimeouts(at timestamp: Double) throws -> [MonitorEvent] {
        guard !isStopped else { throw ScanRecorderError.notRecording }
        let new = monitor.checkTimeouts(at: timestamp)
        try guarded {
            for event in new { try store(event) }
            storedMonitorEventCount = monitor.events.count
        }
        return new
    }

    /// Adds a room label at `timestamp` (default: the latest frame's time), on the latest frame.
    /// - Throws: `ScanRecorderError` as `record` does.
    public func addLabel(_ text: String, timestamp: Double? = nil) throws {
        guard !isStopped else { throw ScanRecorderError.notRecording }
        let label = ScanLabel(timestamp: timestamp ?? lastTimestamp, frameNumber: lastFrameNumber, text: text)
        try guarded {
            try writer.addLabel(label)
            try writer.log("label '\(text)' at \(ScanMonitor.format(label.timestamp)) s, frame \(label.frameNumber)")
        }
    }

    /// Sets the azimuth: heading of the world −Z axis, degrees clockwise from true north.
    /// - Throws: `ScanRecorderError` as `record` does.
    public func setAzimuth(trueNorthDegrees: Double) throws {
        guard !isStopped else { throw ScanRecorderError.notRecording }
        try guarded { try writer.setAzimuth(trueNorthDegrees: trueNorthDegrees) }
    }

    /// Ends the recording: the monitor's verdict (2 or 3), the final files, and, when `zipURL` is
    /// given, the zip, verified entry by entry and re-created once on failure (53).
    /// - Parameter zipURL: Where to write the zip (must not exist, outside the package), or `nil`.
    /// - Throws: `ScanPackageError` (`invalidUse`) when the zip exists or lies inside the package (the
    ///   package is kept); `ScanRecorderError.unrecoverable` when a write fails or the zip is faulty
    ///   twice (51, then 15: the scan is removed).
    public func finish(zipTo zipURL: URL? = nil) throws -> ScanRecording {
        guard !isStopped else { throw ScanRecorderError.notRecording }
        let verdict = monitor.finish()
        try guarded {
            for event in monitor.events[storedMonitorEventCount...] { try store(event) }
            storedMonitorEventCount = monitor.events.count
            try writer.log("finished: verdict \(verdict.name)\(verdict.reason.isEmpty ? "" : " (\(verdict.reason))")")
            try writer.finish()
        }
        var zip: URL?
        if let zipURL {
            if FileManager.default.fileExists(atPath: zipURL.path) {
                throw ScanPackageError(.invalidUse, file: zipURL.path, problem: "the zip already exists")
            }
            createdZip = zipURL
            do {
                zip = try writer.zip(to: zipURL)
            } catch let error as ScanPackageError where error.kind == .invalidUse {
                createdZip = nil
                throw error
            } catch {
                events.append(
                    MonitorEvent(
                        code: .zippingFailed, timestamp: lastTimestamp, frameNumber: lastFrameNumber,
                        message: "Zipping the scan failed: \(error)"))
                try fail(error)
            }
            if writer.zipWasRecreated {
                events.append(
                    MonitorEvent(code: .invalidZipRezipping, timestamp: lastTimestamp, frameNumber: lastFrameNumber))
            }
        }
        isStopped = true
        return ScanRecording(
            directory: directory, zipURL: zip, zipWasRecreated: writer.zipWasRecreated,
            verdict: verdict, events: events, statistics: monitor.statistics)
    }

    // MARK: Internal

    private func store(_ event: MonitorEvent) throws {
        events.append(event)
        try writer.addEvent(event.scanEvent)
        try writer.log(event.logLine)
    }

    /// Runs `body`; a failure other than misuse is unrecoverable.
    private func guarded(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ScanPackageError where error.kind == .invalidUse {
            throw error
        } catch {
            try fail(error)
        }
    }

    /// Removes what this recorder created, raises 15 and throws.
    private func fail(_ error: Error) throws -> Never {
        isStopped = true
        events.append(
            MonitorEvent(
                code: .scanRemoved, timestamp: lastTimestamp, frameNumber: lastFrameNumber,
                message: "Error, removing scan: \(error)"))
        let fm = FileManager.default
        var removed: [String] = []
        if let zip = createdZip, (try? fm.removeItem(at: zip)) != nil { removed.append(zip.path) }
        if directoryExisted {
            for name in (try? fm.contentsOfDirectory(atPath: directory.path)) ?? [] {
                let url = directory.appendingPathComponent(name)
                if (try? fm.removeItem(at: url)) != nil { removed.append(url.path) }
            }
        } else if (try? fm.removeItem(at: directory)) != nil {
            removed.append(directory.path)
        }
        throw ScanRecorderError.unrecoverable(problem: String(describing: error), removed: removed)
    }
}
