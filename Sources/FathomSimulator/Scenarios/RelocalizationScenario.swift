import FathomCore
import FathomSensing
import Foundation

/// A relocalization test case: a furnished room mapped by a first session, and a second session
/// starting at a random place and heading, with its own world origin, in the same room — or, for a
/// wrong-room case, in a different one.
///
/// Everything is plain data (FathomSimulator knows nothing of anchors or maps): the map's feature
/// cloud in the first session's world frame (the scene's), the second session as a lazy
/// `ScanSimulation` whose frames are in its own world frame, and the true transform between the two.
public struct RelocalizationScenario: Sendable {
    /// The seed everything was drawn from.
    public let seed: UInt64
    /// Whether the second session is in a different room than the map (no correct answer exists).
    public let isWrongRoom: Bool
    /// The mapped room.
    public let mapScene: SceneDescription
    /// The room of the second session (equal to `mapScene` unless `isWrongRoom`).
    public let sessionScene: SceneDescription
    /// The map: one point per feature seen in at least `mapMinimumSamples` frames of the first session
    /// (its samples filtered as a world map does), world metres of the first session, with identifiers.
    public let mapPoints: PointCloud
    /// True positions of the map's features (for overlap measurements), same order as `mapPoints`.
    public let mapTruePositions: [SIMD3<Float>]
    /// The second session; its frames report poses and feature points in its own world frame.
    public let session: ScanSimulation
    /// The first (mapping) session, lazy; its frames are in the scene's frame (the map's).
    public let mapSession: ScanSimulation
    /// The truth: maps the first session's world frame (the map's) to the second session's. For a
    /// wrong room it is the second session's origin transform, and no alignment is correct.
    public let newWorldFromMapWorld: RigidTransform

    /// Features need this many samples to enter the map (spurious detections are seen once).
    public static let mapMinimumSamples = 2
    /// Passes of the 2σ cut when averaging a map feature's samples (as `WorldMapBuilder` does).
    public static let mapFilterPasses = 3
    /// The map session renders feature points every this many frames by default (15 Hz at 30 Hz).
    public static let defaultMapFeatureStride = 2
    /// Fraction of the landmarks a second session detects elsewhere (default 0.2): ARKit finds most of
    /// a room's corners again in a later session, and new ones besides (other light, other viewpoints).
    public static let defaultChurn = 0.2
    /// Two surface points closer than this count as the same place in `overlap(firstSeconds:)`, metres.
    public static let overlapDistance: Float = 0.15

    /// The sensors of both sessions: the default feature-point model (ARKit-like needles and
    /// spurious points), no depth and no camera images (not needed, and costly).
    public static var sensors: SensorConfiguration {
        var s = SensorConfiguration()
        s.depthEveryNthFrame = 0
        s.imageEveryNthFrame = 0
        return s
    }

    /// Builds a scenario (renders the map session; the second session stays lazy).
    /// - Parameters:
    ///   - seed: draws the room, both paths, the coverage of the map and the second origin.
    ///   - wrongRoom: puts the second session in a different random room.
    ///   - sessionDuration: length of the second session, seconds (default 10).
    ///   - sensors: the sensor model of both sessions.
    ///   - mapFeatureStride: the map session's feature points every this many frames (≥ 1).
    ///   - churn: the fraction of the room's landmarks that the second session finds at other spots
    ///     (`SensorConfiguration.landmarkChurn`; default `defaultChurn`).
    /// - Throws: `SceneValidationError` or `SensorConfigurationError` if a generated scene or the
    ///   sensors are invalid.
    public init(
        seed: UInt64, wrongRoom: Bool = false, sessionDuration: Double = 10,
        sensors: SensorConfiguration = RelocalizationScenario.sensors,
        mapFeatureStride: Int = RelocalizationScenario.defaultMapFeatureStride,
        churn: Double = RelocalizationScenario.defaultChurn
    ) throws {
        self.seed = seed
        isWrongRoom = wrongRoom
        var g = SeededGenerator(seed: seed ^ 0x0DDB_A11)
        let mapScene = Self.randomRoom(seed: seed)
        let sessionScene = wrongRoom ? Self.randomRoom(seed: seed &+ 0x9E37_79B9) : mapScene
        self.mapScene = mapScene
        self.sessionScene = sessionScene

        // First session: a loop around the room, looking inwards, over 50–100% of its length.
        let room = mapScene.rooms[0]
        let mean = room.polygon.reduce(SIMD2<Float>.zero, +) / Float(room.polygon.count)
        var mapDescription = mapScene
        mapDescription.path = .walk(
            WalkPath(
                waypoints: room.polygon.map { mean + ($0 - mean) * 0.55 }, speed: 0.6, sweepDegrees: 30,
                closed: true, headingOffsetDegrees: 30))
        var mapSensors = sensors
        mapSensors.featuresEveryNthFrame = max(1, mapFeatureStride)
        let full = try ScanSimulation(description: mapDescription, sensors: mapSensors, seed: seed &* 2 &+ 1)
        let coverage = Double.random(in: 0.5...1, using: &g)
        let mapSession = try ScanSimulation(
            description: mapDescription, sensors: mapSensors, seed: seed &* 2 &+ 1, duration: full.duration * coverage)
        (mapPoints, mapTruePositions) = Self.averagedFeatures(of: mapSession)
        self.mapSession = mapSession

        // Second session: a short walk from a random free spot, own origin (yaw + translation).
        var sessionDescription = sessionScene
        sessionDescription.path = .walk(Self.randomStartWalk(in: sessionScene, using: &g))
        let yaw = Float.random(in: 0..<(2 * .pi), using: &g)
        let sceneFromSession = RigidTransform(
            rotation: Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: yaw),
            translation: SIMD3(
                Float.random(in: -4...4, using: &g), Float.random(in: -0.5...0.5, using: &g),
                Float.random(in: -4...4, using: &g)))
        // The same simulation seed: the landmarks are the room's texture spots, found again by the new
        // session (as ARKit re-detects the same corners) except for a `churn` fraction found at other
        // spots; its path, poses and origin differ.
        var sessionSensors = sensors
        sessionSensors.landmarkChurn = churn
        sessionSensors.landmarkChurnSeed = seed &+ 1
        session = try ScanSimulation(
            description: sessionDescription, sensors: sessionSensors, seed: wrongRoom ? seed &* 2 &+ 2 : seed &* 2 &+ 1,
            duration: sessionDuration,
            sceneFromSession: sceneFromSession)
        newWorldFromMapWorld = sceneFromSession.inverse
    }

    /// The fraction of the feature points the second session detects in its first `seconds` that lie
    /// (truly) within `overlapDistance` of a map feature: how much of what it sees is mapped. 0 for a
    /// wrong room.
    public func overlap(firstSeconds seconds: Double) -> Float {
        guard !isWrongRoom else { return 0 }
        let index = SpatialIndex(positions: mapTruePositions)
        var seen = Set<UInt64>()
        var near = 0
        let last = min(session.frameCount, Int((seconds * session.sensors.frameRate).rounded(.up)) + 1)
        for i in 0..<last {
            guard let f = session.frame(i).features else { continue }
            for id in f.identifiers where seen.insert(id).inserted {
                guard let p = session.truePosition(ofFeature: id) else { seen.remove(id); continue }
                if index.count(within: Self.overlapDistance, of: p) > 0 { near += 1 }
            }
        }
        return seen.isEmpty ? 0 : Float(near) / Float(seen.count)
    }

    /// Per feature identifier seen at least `mapMinimumSamples` times: its filtered position (the 2σ
    /// cut of `FeatureSampleFilter` repeated up to `mapFilterPasses` times, as world maps are built)
    /// and its true position.
    static func averagedFeatures(of simulation: ScanSimulation) -> (PointCloud, [SIMD3<Float>]) {
        var slot: [UInt64: Int] = [:]
        var samples: [[SIMD3<Float>]] = []
        var ids: [UInt64] = []
        let batch = 32
        for start in stride(from: 0, to: simulation.frameCount, by: batch) {
            for frame in simulation.renderFrames(start..<min(simulation.frameCount, start + batch)) {
                guard let f = frame.features else { continue }
                for (id, p) in zip(f.identifiers, f.positions) {
                    if let s = slot[id] {
                        samples[s].append(p)
                    } else {
                        slot[id] = ids.count
                        ids.append(id)
                        samples.append([p])
                    }
                }
            }
        }
        var cloud = PointCloud()
        var truth: [SIMD3<Float>] = []
        for i in 0..<ids.count where samples[i].count >= mapMinimumSamples {
            guard let t = simulation.truePosition(ofFeature: ids[i]),
                let p = FeatureSampleFilter.filteredPosition(of: samples[i], sigmaMultiplier: 2, passes: mapFilterPasses)
            else { continue }
            cloud.positions.append(p)
            cloud.identifiers.append(ids[i])
            truth.append(t)
        }
        return (cloud, truth)
    }

    /// A 2–3 m walk at 0.5 m/s from a random free spot (0.7 m from walls, clear of furniture) in a
    /// random direction, looking around with a ±45° sweep (a user pointing the device about while
    /// the app relocalizes).
    static func randomStartWalk<G: RandomNumberGenerator>(in scene: SceneDescription, using g: inout G) -> WalkPath {
        let room = scene.rooms[0]
        let furniture = footprints(of: scene)
        let xs = room.polygon.map(\.x), zs = room.polygon.map(\.y)
        func free(_ p: SIMD2<Float>) -> Bool {
            room.contains(p) && distanceToWalls(p, polygon: room.polygon) >= 0.7
                && furniture.allSatisfy { ($0.center - p).lengthXZ >= $0.radius + 0.3 }
        }
        for _ in 0..<500 {
            let start = SIMD2(
                Float.random(in: xs.min()!...xs.max()!, using: &g), Float.random(in: zs.min()!...zs.max()!, using: &g))
            guard free(start) else { continue }
            let heading = Float.random(in: 0..<(2 * .pi), using: &g)
            let length = Float.random(in: 2...3, using: &g)
            let dir = SIMD2(cos(heading), sin(heading))
            // Shorten the walk until its end and midpoint are inside the room.
            var l = length
            while l > 0.5 && !(room.contains(start + dir * l) && room.contains(start + dir * (l / 2))
                && distanceToWalls(start + dir * l, polygon: room.polygon) >= 0.4) { l -= 0.25 }
            guard l > 0.5 else { continue }
            return WalkPath(
                waypoints: [start, start + dir * l], speed: 0.5, pitchDegrees: -15, sweepDegrees: 45, sweepPeriod: 5)
        }
        // No free spot found: walk across the middle of the room.
        let mean = room.polygon.reduce(SIMD2<Float>.zero, +) / Float(room.polygon.count)
        return WalkPath(waypoints: [mean - SIMD2(0.5, 0), mean + SIMD2(0.5, 0)], speed: 0.5)
    }
}
