import Fathom
import Foundation

/// A small simulated scan to try the server with (and the tests' and scripts' input): a 4 × 3.5 m
/// room, 2.5 m high, with a window, a door and the label "Study", walked in a small loop; depth only
/// (128 × 96, every 8th frame), so it renders and converts in seconds.
public enum SampleScan {
    /// The room.
    public static var scene: SceneDescription {
        let room = RoomDescription(
            polygon: [SIMD2(0, 0), SIMD2(0, 3.5), SIMD2(4, 3.5), SIMD2(4, 0)], height: 2.5,
            openings: [
                OpeningDescription(kind: .window, wall: 3, offset: 1.6, width: 1.2, bottom: 0.9, top: 2.0),
                OpeningDescription(kind: .door, wall: 2, offset: 1.6, width: 0.9, bottom: 0, top: 2.05),
            ])
        return SceneDescription(
            rooms: [room], labels: [SceneLabel(text: "Study", position: SIMD2(2, 1.75))],
            path: .walk(
                WalkPath(
                    waypoints: [SIMD2(1.4, 1.2), SIMD2(1.4, 2.3), SIMD2(2.6, 2.3), SIMD2(2.6, 1.2)], speed: 0.7,
                    sweepDegrees: 10, closed: true)))
    }

    /// Depth only, 128 × 96, every `depthEvery`-th frame.
    public static func sensors(depthEvery: Int = 8) -> SensorConfiguration {
        var s = SensorConfiguration()
        s.depthEveryNthFrame = depthEvery
        s.imageEveryNthFrame = 0
        s.featuresEveryNthFrame = 0
        s.depthWidth = 128
        s.depthHeight = 96
        return s
    }

    /// Simulates the scan with `seed` and writes it as a zip to `url` (which must not exist).
    /// - Parameter depthEvery: depth on every n-th frame (smaller: more depth frames, longer jobs).
    public static func write(to url: URL, seed: UInt64 = 5, depthEvery: Int = 8) throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("fathom-sample-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let simulation = try ScanSimulation(description: scene, sensors: sensors(depthEvery: depthEvery), seed: seed)
        try simulation.writeZip(to: url, workingDirectory: work)
    }
}
