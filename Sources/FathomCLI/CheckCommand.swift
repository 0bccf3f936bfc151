import ArgumentParser
import Fathom
import Foundation

/// `fathom check PACKAGE [--json] [--repair]`: replays the scan monitor over a recorded package.
public struct CheckCommand: OutputtingCommand {
    /// The command's name, abstract and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Replay the scan monitor over a scan package and report events and a verdict.",
        discussion: """
            Prints the duration, distance walked, the events by code with their times (seconds from \
            the first frame) and a verdict: ok, aborted or notEnoughData. With --repair, a package \
            directory left by a crashed recorder is repaired first (arkitData.json rebuilt from the \
            journal, truncated records cut).
            """)

    /// The package directory or zip.
    @Argument(help: "Scan package directory or .zip.")
    public var package: String

    /// Machine-readable output.
    @Flag(help: "Print JSON: {\"events\": [{code, timestamp, frameNumber, message}], \"verdict\", …}.")
    public var json = false

    /// Repair a crashed package directory first.
    @Flag(help: "Repair a crashed package directory before checking it.")
    public var repair = false

    /// Creates the command with default options.
    public init() {}

    /// Rejects `--repair` on a zip.
    public func validate() throws {
        if repair, package.lowercased().hasSuffix(".zip") {
            throw ValidationError("--repair needs a package directory, not a zip")
        }
    }

    /// Repairs (with `--repair`), replays and prints the report.
    public func run(output: CommandOutput) throws {
        let url = URL(fileURLWithPath: package)
        var repairActions: [String] = []
        if repair {
            repairActions = try ScanPackageRepair.repair(directory: url).actions
        }
        let scan = try ScanPackage(url: url)
        let report = try ScanCheckReport(package: scan)
        let start = scan.cameraFrames.first?.timestamp ?? 0
        if json {
            try output.line(CheckJSON(report, package: package, repair: repair ? repairActions : nil).encoded())
            return
        }
        for action in repairActions { output.line("repair: \(action)") }
        output.line("package: \(package)")
        output.line("frames: \(report.frameCount) (\(report.depthFrameCount) with depth)")
        output.line(
            "duration: \(Self.fixed(report.statistics.durationSeconds)) s, tracked \(Self.fixed(report.statistics.trackedSeconds)) s"
        )
        output.line("distance walked: \(Self.fixed(Double(report.statistics.distanceWalkedMetres))) m")
        output.line("events (replayed):")
        for (code, events) in report.eventsByCode {
            let times = events.map { Self.fixed($0.timestamp - start) + " s" }.joined(separator: ", ")
            output.line(
                "  \(String(code.rawValue).leftPadded(to: 2)) \(code.defaultMessage) ×\(events.count): \(times)")
        }
        output.line("recorded events: \(report.recordedEvents.count)")
        for warning in report.packageWarnings { output.line("warning: \(warning)") }
        let reason = report.verdict.reason.isEmpty ? "" : " (\(report.verdict.reason))"
        output.line("verdict: \(report.verdict.name)\(reason)")
    }

    static func fixed(_ value: Double) -> String { String(format: "%.2f", value) }
}

/// The JSON form of `fathom check`.
struct CheckJSON: Encodable {
    struct Event: Encodable {
        var code: Int
        var timestamp: Double
        var frameNumber: Int
        var message: String
    }

    var package: String
    var frameCount: Int
    var depthFrameCount: Int
    var durationSeconds: Double
    var trackedSeconds: Double
    var distanceWalkedMetres: Double
    var events: [Event]
    var eventCounts: [String: Int]
    var recordedEventCount: Int
    var warnings: [String]
    var repair: [String]?
    var verdict: String
    var reason: String

    init(_ r: ScanCheckReport, package: String, repair: [String]?) {
        self.package = package
        frameCount = r.frameCount
        depthFrameCount = r.depthFrameCount
        durationSeconds = r.statistics.durationSeconds
        trackedSeconds = r.statistics.trackedSeconds
        distanceWalkedMetres = Double(r.statistics.distanceWalkedMetres)
        events = r.events.map {
            Event(code: $0.code.rawValue, timestamp: $0.timestamp, frameNumber: $0.frameNumber, message: $0.message)
        }
        eventCounts = Dictionary(grouping: r.events, by: { String($0.code.rawValue) }).mapValues(\.count)
        recordedEventCount = r.recordedEvents.count
        warnings = r.packageWarnings
        self.repair = repair
        verdict = r.verdict.name
        reason = r.verdict.reason
    }

    func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

extension String {
    /// The string padded with spaces on the left to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
