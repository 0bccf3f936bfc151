import Fathom
import Foundation

/// Simulated AR sessions to try shared anchors with (and the tests' and load script's input): a
/// furnished room (`RelocalizationScenario`) mapped by a first session, a second session of the same
/// room from another world origin, and a session in another room — with the truth between the frames.
public enum SampleSessions {
    /// Feature points every frame, and small depth frames every 12th, so that the first session is also
    /// a LiDAR scan the server accepts.
    public static var sensors: SensorConfiguration {
        var s = RelocalizationScenario.sensors
        s.depthEveryNthFrame = 12
        s.depthWidth = 64
        s.depthHeight = 48
        return s
    }

    /// The room, the first (mapping) session, the second session of `sessionSeconds` from its own origin,
    /// and the truth `newWorldFromMapWorld`.
    public static func scenario(seed: UInt64, sessionSeconds: Double) throws -> RelocalizationScenario {
        try RelocalizationScenario(seed: seed, sessionDuration: sessionSeconds, sensors: sensors, mapFeatureStride: 2)
    }

    /// A walk around the whole room of `scenario` (the mapping session's path, renewed landmarks as the
    /// second session's) from the second session's origin: a device that has seen the room, with a few
    /// thousand points.
    public static func roomWalk(_ scenario: RelocalizationScenario) throws -> ScanSimulation {
        var sensors = RelocalizationScenario.sensors
        sensors.landmarkChurn = RelocalizationScenario.defaultChurn
        sensors.landmarkChurnSeed = scenario.seed &+ 1
        return try ScanSimulation(
            description: scenario.mapSession.scene.description, sensors: sensors, seed: scenario.mapSession.seed,
            sceneFromSession: scenario.newWorldFromMapWorld.inverse)
    }

    /// A session of `seconds` in another furnished room than `scenario(seed:…)`'s, from its own origin.
    public static func otherRoom(seed: UInt64, seconds: Double) throws -> ScanSimulation {
        try ScanSimulation(
            description: RelocalizationScenario.randomRoom(seed: seed &+ 1000), sensors: RelocalizationScenario.sensors,
            seed: seed &+ 1000, duration: seconds,
            sceneFromSession: RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 0.8), translation: SIMD3(1, 0, -2)))
    }

    /// What a device sends to localize: its session's filtered feature points, those seen in as many
    /// frames as the relocalizer asks (`RelocalizerConfiguration.minimumSamplesPerFeature`), thinned as
    /// `fathom map` thins them (`WorldMapBuilder`), metres in the session's world frame.
    public static func sessionMap(_ simulation: ScanSimulation) -> WorldMap {
        var builder = WorldMapBuilder(
            configuration: WorldMapBuilderConfiguration(
                minimumObservationCount: RelocalizerConfiguration().minimumSamplesPerFeature))
        for i in 0..<simulation.frameCount { builder.add(simulation.frame(i)) }
        return builder.worldMap(createdAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    /// The body of `POST /v1/maps/{id}/localize` for `points` (gravity-aligned, seeded).
    public static func localizeBody(_ points: [SIMD3<Float>], seed: UInt64 = 1) -> Data {
        let triples = points.map { "[\($0.x),\($0.y),\($0.z)]" }.joined(separator: ",")
        return Data(#"{"points": [\#(triples)], "gravityAligned": true, "seed": \#(seed)}"#.utf8)
    }
}
