import Fathom
import FathomCLI
import FathomTestSupport
import Foundation
import Testing

@Suite struct PlanCommandTests {
    /// A 4 × 3.5 m room with a door, walked round for a few seconds; depth only (128 × 96), so the
    /// package is written quickly in debug builds.
    static func writeRoomPackage() throws -> URL {
        let room = RoomDescription(
            polygon: [SIMD2(0, 0), SIMD2(0, 3.5), SIMD2(4, 3.5), SIMD2(4, 0)], height: 2.5,
            openings: [OpeningDescription(kind: .door, wall: 2, offset: 1.6, width: 0.9)])
        let scene = SceneDescription(
            rooms: [room], labels: [SceneLabel(text: "Study", position: SIMD2(2, 1.75))],
            path: .walk(
                WalkPath(
                    waypoints: [SIMD2(1.4, 1.2), SIMD2(1.4, 2.3), SIMD2(2.6, 2.3), SIMD2(2.6, 1.2)], sweepDegrees: 10,
                    closed: true)))
        var sensors = SensorConfiguration()
        sensors.depthEveryNthFrame = 8
        sensors.imageEveryNthFrame = 0
        sensors.featuresEveryNthFrame = 0
        sensors.depthWidth = 128
        sensors.depthHeight = 96
        let sim = try ScanSimulation(description: scene, sensors: sensors, seed: 2)
        let dir = try makeTemporaryDirectory().appendingPathComponent("room")
        try sim.write(to: dir, trueNorthDegrees: 15)
        return dir
    }

    /// Relative tolerance of the printed area and perimeter (the floor plan's 1 % target).
    static let areaTolerance = 0.01

    /// The summary names the walls, the door and the labelled room with its area (4 × 3.5 = 14 m²);
    /// the plan file reads back.
    @Test func planOfARoom() throws {
        let package = try Self.writeRoomPackage()
        let out = package.deletingLastPathComponent().appendingPathComponent("plan.json")
        let text = try runFathom(["plan", package.path, "-o", out.path])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "plan: 4 walls, 1 openings (1 door), 1 rooms")
        // The area and perimeter within the plan's 1 % target (the printed figures are rounded to
        // 1 dm², so an exact string would fail on a millimetre's shift of a wall).
        let room = try #require(lines.first { $0.hasPrefix("room r1 \"Study\": ") })
        let figures = room.split(separator: " ").compactMap { Double($0) }
        #expect(figures.count == 2, "\(room)")
        if figures.count == 2 {
            #expect(abs(figures[0] - 14) <= 14 * Self.areaTolerance && abs(figures[1] - 15) <= 15 * Self.areaTolerance, "\(room)")
        }
        #expect(lines.contains("true north: 15.0°"))
        #expect(text.hasSuffix("wrote \(out.path)\n"))
        let plan = try FloorPlan(contentsOf: out)
        #expect(plan.walls.count == 4 && plan.rooms.count == 1 && plan.openings.first?.kind == .door)
        #expect(plan.trueNorthDegrees == 15)
    }

    @Test func errorsNameTheFile() throws {
        #expect(throws: (any Error).self) { try runFathom(["plan", "x", "-o", "y.json", "--max-frames", "0"]) }
        do {
            _ = try runFathom(["plan", "/nonexistent/scan", "-o", "/tmp/y.json"])
            Issue.record("a missing package must fail")
        } catch {
            #expect(String(describing: error).contains("/nonexistent/scan"))
        }
    }

    /// `--svg --dxf --usdz --roomplan` write each drawing next to the plan, from the same plan.
    @Test func exportsEveryFormat() throws {
        let package = try Self.writeRoomPackage()
        let dir = package.deletingLastPathComponent()
        func url(_ name: String) -> URL { dir.appendingPathComponent(name) }
        let text = try runFathom([
            "plan", package.path, "-o", url("plan.json").path, "--svg", url("plan.svg").path,
            "--dxf", url("plan.dxf").path, "--usdz", url("room.usdz").path, "--roomplan", url("room.json").path,
        ])
        #expect(text.contains("wrote \(url("plan.json").path), \(url("plan.svg").path)"))
        let plan = try FloorPlan(contentsOf: url("plan.json"))
        let svg = try String(contentsOf: url("plan.svg"), encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("Study"))
        #expect(try Data(contentsOf: url("plan.dxf")) == FloorPlanExport.data(plan, format: .dxf))
        #expect(try Data(contentsOf: url("room.usdz")).prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]))
        let room = try JSONSerialization.jsonObject(with: Data(contentsOf: url("room.json"))) as? [String: Any]
        #expect((room?["walls"] as? [Any])?.count == plan.walls.count)
        #expect(throws: (any Error).self) {
            try runFathom(["plan", package.path, "-o", url("p.json").path, "--usdz", url("room.obj").path])
        }
    }
}
