import ArgumentParser
import Fathom
import Foundation

/// `fathom relocalize`: replays a recorded session against a saved world map.
public struct RelocalizeCommand: OutputtingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "relocalize",
        abstract: "Relocalize a recorded session (scan package) against a saved world map.",
        discussion: """
            The package's frames are fed in order to a relocalizer: feature points are accumulated and, \
            every --interval seconds of session time, registered to the map (gravity-aligned: yaw and \
            translation). Prints the final state, newWorldFromMapWorld (map world → the session's world), \
            the session time needed and the map's anchors moved into the session's frame.
            """)

    /// The world map file.
    @Argument(help: "The world map (fathom-worldmap JSON).")
    public var map: String

    /// The recorded session.
    @Argument(help: "The scan package of the new session (directory or .zip).")
    public var package: String

    /// Give up after this much session time.
    @Option(help: "Give up after this much session time, seconds.")
    public var timeout: Double = RelocalizerConfiguration().timeout

    /// Session time between attempts.
    @Option(help: "Session time between attempts, seconds.")
    public var interval: Double = RelocalizerConfiguration().attemptInterval

    /// Seed of the random sampling.
    @Option(help: "Seed of the random sampling.")
    public var seed: UInt64 = 0

    /// Print JSON.
    @Flag(help: "Print one JSON object.")
    public var json = false

    public init() {}

    public func validate() throws {
        guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
        guard interval.isFinite, interval > 0 else { throw ValidationError("--interval must be a positive number of seconds") }
    }

    public func run(output out: CommandOutput) throws {
        let worldMap = try WorldMap(contentsOf: URL(fileURLWithPath: map))
        let scan = try ScanPackage(url: URL(fileURLWithPath: package))
        var configuration = RelocalizerConfiguration()
        configuration.timeout = timeout
        configuration.attemptInterval = interval
        var relocalizer = Relocalizer(map: worldMap, configuration: configuration, seed: seed)
        var iterator = scan.frames()
        while let frame = try iterator.next() {
            if relocalizer.process(frame).isFinal { break }
        }
        let state = relocalizer.state
        var result: RegistrationResult? = nil
        if case .relocalized(let r) = state { result = r }
        let anchors = relocalizer.relocalizedAnchors
        let attemptMilliseconds = relocalizer.attempts.map { $0.elapsedSeconds * 1000 }
        if json {
            let report = Report(
                state: state.name, newWorldFromMapWorld: relocalizer.newWorldFromMapWorld?.matrix.columnMajor,
                sessionSeconds: relocalizer.relocalizedAtSessionTime ?? relocalizer.sessionTime,
                attempts: relocalizer.attempts.count, fitness: result?.fitness, rmse: result?.inlierRMSE,
                mapPoints: worldMap.points.count, sessionFeatures: relocalizer.attempts.last?.featureCount ?? 0,
                anchors: anchors.map {
                    Report.MovedAnchor(id: $0.id.uuidString, kind: $0.kind, worldFromAnchor: $0.worldFromAnchor.matrix.columnMajor)
                })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            out.line(String(decoding: try encoder.encode(report), as: UTF8.self))
            return
        }
        out.line("map: \(worldMap.points.count) points, \(worldMap.anchors.count) anchors; session: \(scan.frameCount) frames")
        switch state {
        case .relocalized(let r):
            out.line(String(format: "state: relocalized after %.2f s of session time (%d attempts)",
                            relocalizer.relocalizedAtSessionTime ?? 0, relocalizer.attempts.count))
            out.line(String(format: "fitness: %.4f, rmse: %.4f m, inliers: %d of %d", r.fitness, r.inlierRMSE,
                            r.inlierCount, r.sourcePointCount))
            out.line("newWorldFromMapWorld:")
            let m = relocalizer.newWorldFromMapWorld!.matrix.columnMajor
            for row in 0..<4 { out.line("  " + (0..<4).map { String(format: "%10.6f", m[$0 * 4 + row]) }.joined(separator: " ")) }
            out.line("anchors moved: \(anchors.count)")
            for a in anchors {
                let p = a.worldFromAnchor.translation
                out.line(String(format: "  %@ %@ at (%.3f, %.3f, %.3f)", a.id.uuidString, a.kind, p.x, p.y, p.z))
            }
        case .failed(let t):
            out.line(String(format: "state: failed (timed out after %.2f s, %d attempts)", t, relocalizer.attempts.count))
        case .searching, .waiting:
            out.line(String(format: "state: %@ (the session ended after %.2f s, %d attempts)", state.name,
                            relocalizer.sessionTime, relocalizer.attempts.count))
        }
        if let last = relocalizer.attempts.last, !last.result.isTrusted, let failure = last.result.failure {
            out.line("last attempt: \(failure)")
        }
        if !attemptMilliseconds.isEmpty {
            out.line(String(format: "attempt time: mean %.1f ms", attemptMilliseconds.reduce(0, +) / Double(attemptMilliseconds.count)))
        }
    }

    /// The JSON report.
    struct Report: Encodable {
        struct MovedAnchor: Encodable {
            var id: String
            var kind: String
            var worldFromAnchor: [Float]
        }
        var state: String
        var newWorldFromMapWorld: [Float]?
        var sessionSeconds: Double
        var attempts: Int
        var fitness: Float?
        var rmse: Float?
        var mapPoints: Int
        var sessionFeatures: Int
        var anchors: [MovedAnchor]
    }
}
