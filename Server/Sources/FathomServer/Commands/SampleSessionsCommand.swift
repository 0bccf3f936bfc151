import ArgumentParser
import Fathom
import Foundation

/// `fathom-server sample-sessions -o DIR`: writes simulated sessions to try shared anchors with.
public struct SampleSessionsCommand: ParsableCommand {
    /// The command's name and abstract.
    public static let configuration = CommandConfiguration(
        commandName: "sample-sessions",
        abstract: "Write a world map of a simulated room (map.json) and a second session's points (localize.json).",
        discussion: """
            map.json is the first session's world map (fathom-worldmap, for POST /v1/maps); localize.json is the \
            body of POST /v1/maps/{id}/localize with a second session's points, from another origin in the same \
            room, and localize-walk.json the same for a walk around the whole room from that origin (more \
            points); truth.json holds the true mapFromSession of both (16 numbers, column-major).
            """)

    /// Output folder.
    @Option(name: .shortAndLong, help: "The folder to write (created; must not exist).") public var output: String
    /// Seed.
    @Option(help: "Simulator seed.") public var seed: UInt64 = 7
    /// Second session length.
    @Option(help: "Length of the second session, seconds (longer: more points).") public var seconds: Double = 10

    /// Creates the command.
    public init() {}

    /// Refuses an existing output and a non-positive length.
    public func validate() throws {
        guard seconds.isFinite, seconds > 0 else { throw ValidationError("--seconds must be positive") }
        guard !FileManager.default.fileExists(atPath: output) else { throw ValidationError("'\(output)' already exists") }
    }

    public func run() throws {
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scenario = try SampleSessions.scenario(seed: seed, sessionSeconds: seconds)
        let map = SampleSessions.sessionMap(scenario.mapSession)
        try map.write(to: folder.appendingPathComponent("map.json"))
        let session = SampleSessions.sessionMap(scenario.session)
        try SampleSessions.localizeBody(session.points.positions).write(to: folder.appendingPathComponent("localize.json"))
        let walk = SampleSessions.sessionMap(try SampleSessions.roomWalk(scenario))
        try SampleSessions.localizeBody(walk.points.positions).write(to: folder.appendingPathComponent("localize-walk.json"))
        let truth = try JSONEncoder().encode(["mapFromSession": scenario.newWorldFromMapWorld.inverse.matrix.columnMajor])
        try truth.write(to: folder.appendingPathComponent("truth.json"))
        print("wrote \(output): map \(map.points.count) points, session \(session.points.count), room walk \(walk.points.count)")
    }
}
