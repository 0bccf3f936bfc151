import FathomCore
import FathomPlan
import FathomSimulator

/// Small simulated scans for the floor-plan tests (depth only, so they render fast in debug builds).
enum PlanFixtures {
    /// A 4 × 3.5 m room, 2.5 m high: a window in the front wall (x 1.2…2.4, 0.9…2.0 m high), a door in
    /// the right wall (0.9 m wide, z 1.0…1.9), a low cabinet against the back wall; the camera walks a
    /// small closed loop around the middle, looking outwards along its way.
    static var oneRoom: SceneDescription {
        let room = RoomDescription(
            polygon: [SIMD2(0, 0), SIMD2(0, 3.5), SIMD2(4, 3.5), SIMD2(4, 0)], height: 2.5,
            openings: [
                OpeningDescription(kind: .window, wall: 3, offset: 1.6, width: 1.2, bottom: 0.9, top: 2.0),
                OpeningDescription(kind: .door, wall: 2, offset: 1.6, width: 0.9, bottom: 0, top: 2.05),
            ])
        return SceneDescription(
            rooms: [room],
            objects: [
                ObjectDescription(
                    name: "cabinet", shape: .box(size: SIMD3(1.2, 0.8, 0.5)), position: SIMD3(2, 0.4, 3.23))
            ],
            labels: [SceneLabel(text: "Study", position: SIMD2(2, 1.75))],
            path: .walk(
                WalkPath(
                    waypoints: [SIMD2(1.4, 1.2), SIMD2(1.4, 2.3), SIMD2(2.6, 2.3), SIMD2(2.6, 1.2)], speed: 0.7,
                    sweepDegrees: 10, closed: true)))
    }

    /// An L-shaped room with a 45° wall, 2.5 m high: (0,0)–(0,3.5)–(2,3.5)–(2,2.6)–(3.2,2.6)–(4,1.8)–(4,0),
    /// a window in the long left wall; the camera walks a small loop in the wide part.
    static var lShapedRoom: SceneDescription {
        let room = RoomDescription(
            polygon: [SIMD2(0, 0), SIMD2(0, 3.5), SIMD2(2, 3.5), SIMD2(2, 2.6), SIMD2(3.2, 2.6), SIMD2(4, 1.8), SIMD2(4, 0)],
            height: 2.5,
            openings: [OpeningDescription(kind: .window, wall: 0, offset: 1.2, width: 1.0, bottom: 0.9, top: 2.0)])
        return SceneDescription(
            rooms: [room], labels: [SceneLabel(text: "Hall", position: SIMD2(1, 1))],
            path: .walk(
                WalkPath(
                    waypoints: [SIMD2(1.0, 0.9), SIMD2(1.0, 2.2), SIMD2(2.6, 1.7), SIMD2(2.6, 0.9)], sweepDegrees: 10,
                    closed: true)))
    }

    /// Depth only (128 × 96), every `depthEvery`-th frame.
    static func depthOnly(every depthEvery: Int) -> SensorConfiguration {
        var s = SensorConfiguration()
        s.depthEveryNthFrame = depthEvery
        s.imageEveryNthFrame = 0
        s.featuresEveryNthFrame = 0
        s.depthWidth = 128
        s.depthHeight = 96
        return s
    }

    /// The one-room simulation (about 30 depth frames).
    static func oneRoomSimulation() throws -> ScanSimulation {
        try ScanSimulation(description: oneRoom, sensors: depthOnly(every: 8), seed: 5)
    }
}
