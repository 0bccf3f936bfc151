import Fathom
import FathomCLI
import FathomTestSupport
import Foundation
import Testing

@Suite struct ImportCommandTests {
    /// A tiny ARKit-Data-Logger folder: three poses (nanosecond timestamps, 3×4 row-major
    /// worldFromCamera) and three landmarks.
    static func writeLoggerCapture(_ dir: URL) throws -> URL {
        let source = dir.appendingPathComponent("logger")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let poses = """
            # Created by a test
            1000000000 1 0 0 0.0 0 1 0 0.0 0 0 1 0.0
            1016666667 1 0 0 0.1 0 1 0 0.0 0 0 1 0.0
            1033333333 1 0 0 0.2 0 1 0 0.0 0 0 1 0.0

            """
        try poses.write(to: source.appendingPathComponent("ARKit_camera_pose.txt"), atomically: true, encoding: .utf8)
        try "# test\n0 0 -1 128 128 128\n1 0 -1 128 128 128\n0 1 -1 128 128 128\n".write(
            to: source.appendingPathComponent("ARKit_point_cloud.txt"), atomically: true, encoding: .utf8)
        return source
    }

    /// The command names the recognised format, counts what it wrote, lists the notes, and the
    /// package opens with `fathom info`.
    @Test func importsALoggerCapture() throws {
        let dir = try makeTemporaryDirectory("import-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try Self.writeLoggerCapture(dir)
        let output = dir.appendingPathComponent("scan.zip")
        let text = try runFathom(["import", source.path, "-o", output.path])
        #expect(text == """
            format: arkit-logger (recognised)
            frames: 3, depth: 0, colour: 0, feature points: 3
            note: 3 landmarks attached to the last pose as one feature-point frame (identifiers = line order; colours not kept; each is one observation: use `fathom map --min-observations 1`)
            note: no intrinsics recorded: nominal 1920×1440, fx = fy = 1450.0 px
            note: no depth in this format
            wrote \(output.path)

            """)
        let package = try ScanPackage(url: output)
        #expect(package.cameraFrames.count == 3)
        let info = try runFathom(["info", output.path])
        #expect(info.contains("3"))
    }

    /// A folder of no known layout: the error names what was looked for, and nothing is written.
    @Test func unrecognisedFolder() throws {
        let dir = try makeTemporaryDirectory("import-cli-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("scan")
        #expect {
            try runFathom(["import", dir.path, "-o", output.path])
        } throws: { error in
            "\(error)".contains("no known capture layout; looked for: stray (odometry.csv, camera_matrix.csv, depth/); record3d (metadata.json with poses, depth/*.exr); arkitscenes (lowres_wide.traj, lowres_depth/); arkit-logger (ARKit_camera_pose.txt)")
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// A RoomPlan JSON (here the export of `fathom plan`'s own model) becomes plan.json plus an SVG.
    @Test func importsARoomPlanFile() throws {
        let dir = try makeTemporaryDirectory("import-cli-roomplan")
        defer { try? FileManager.default.removeItem(at: dir) }
        let corners: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(3, 0), SIMD2(3, 2), SIMD2(0, 2)]
        let plan = FloorPlan(
            floorY: 0, ceilingHeight: 2.4,
            walls: (0..<4).map { FloorPlanWall(id: "w\($0 + 1)", start: corners[$0], end: corners[($0 + 1) % 4], height: 2.4) },
            openings: [FloorPlanOpening(id: "o1", wallId: "w1", kind: .door, start: SIMD2(1, 0), end: SIMD2(1.8, 0), bottom: 0, top: 2)],
            rooms: [FloorPlanRoom(id: "r1", label: "Bedroom", polygon: corners)])
        let json = dir.appendingPathComponent("room.json")
        try RoomPlanExport.jsonData(plan).write(to: json)
        let out = dir.appendingPathComponent("plan.json"), svg = dir.appendingPathComponent("plan.svg")
        let text = try runFathom(["import", json.path, "-o", out.path, "--svg", svg.path])
        #expect(text == """
            format: roomplan (recognised)
            plan: 4 walls (10.00 m), 1 openings (1 door), 0 objects, 1 rooms
            room r1 "bedroom": 6.00 m², perimeter 10.00 m
            wrote \(out.path), \(svg.path)

            """)
        let read = try FloorPlan(contentsOf: out)
        #expect(read.walls.count == 4)
        #expect(FileManager.default.fileExists(atPath: svg.path))
    }

    @Test func everyMustBePositive() {
        #expect(throws: (any Error).self) { try runFathom(["import", "x", "-o", "y", "--every", "0"]) }
    }
}
