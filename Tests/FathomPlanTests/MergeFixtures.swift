import FathomCore
import FathomSimulator
import Foundation

/// Pairs of scans made in separate sessions (each its own world origin) for the multi-scan merge.
enum MergeFixtures {
    /// Two scans and what a merge of them must give.
    struct Pair {
        /// The home the first scan walked (the merged plan's truth when the pair is of one home).
        var scene: SceneDescription
        var frames: [[SensorFrame]]
        var labels: [[ScanLabel]]
        /// Where the second session's origin lies in the first one's (the first session starts at the
        /// scene origin): the placement a right merge finds.
        var secondOrigin: RigidTransform
    }

    /// A session origin drawn from `generator`: any heading, up to 4 m away and 0.3 m up or down.
    static func sessionOrigin<G: RandomNumberGenerator>(using generator: inout G) -> RigidTransform {
        let yaw = Float.random(in: 0..<(2 * .pi), using: &generator)
        let t = SIMD3(
            Float.random(in: -4...4, using: &generator), Float.random(in: -0.3...0.3, using: &generator),
            Float.random(in: -4...4, using: &generator))
        return RigidTransform(rotation: Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: yaw), translation: t)
    }

    /// The walk of `scene` cut to its first (`first`) or last two thirds of waypoints.
    static func part(of scene: SceneDescription, first: Bool) -> SceneDescription {
        guard case .walk(var walk) = scene.path else { preconditionFailure("the layouts walk") }
        let n = walk.waypoints.count
        walk.waypoints = Array(first ? walk.waypoints.prefix(n * 2 / 3) : walk.waypoints.suffix(n * 2 / 3))
        var part = scene
        part.path = .walk(walk)
        return part
    }

    /// Two adjacent rooms of one random layout (`seed`), scanned in two sessions with unrelated
    /// origins: the first walk covers the first two thirds of the waypoints, the second the last two
    /// thirds, so each steps through the shared door into the other room.
    static func adjacentRooms(seed: UInt64) throws -> Pair {
        let scene = RandomFloorPlanLayout.scene(seed: seed, roomCount: 2)
        var g = SeededGenerator(seed: seed &+ 77)
        let origin = sessionOrigin(using: &g)
        return try pair(part(of: scene, first: true), part(of: scene, first: false), truth: scene, origin: origin, seed: seed)
    }

    /// Two scans of different homes (random two-room layouts `seed` and `seed + 1000`), the second in a
    /// session with an unrelated origin: they must never be merged.
    static func differentHomes(seed: UInt64) throws -> Pair {
        let a = RandomFloorPlanLayout.scene(seed: seed, roomCount: 2)
        let b = RandomFloorPlanLayout.scene(seed: seed &+ 1000, roomCount: 2)
        var g = SeededGenerator(seed: seed &+ 91)
        let origin = sessionOrigin(using: &g)
        return try pair(part(of: a, first: true), part(of: b, first: false), truth: a, origin: origin, seed: seed)
    }

    /// Simulates both walks (128 × 96 depth, every 6th frame).
    static func pair(
        _ first: SceneDescription, _ second: SceneDescription, truth: SceneDescription, origin: RigidTransform, seed: UInt64
    ) throws -> Pair {
        let sensors = PlanFixtures.depthOnly(every: 6)
        let simA = try ScanSimulation(description: first, sensors: sensors, seed: seed &* 2 &+ 1)
        let simB = try ScanSimulation(description: second, sensors: sensors, seed: seed &* 2 &+ 2, sceneFromSession: origin)
        return Pair(
            scene: truth, frames: [Array(simA.frames), Array(simB.frames)], labels: [simA.labels, simB.labels],
            secondOrigin: origin)
    }
}
