import FathomPlan
import FathomTestSupport
import Foundation
import Testing

@testable import FathomImport

@Suite struct RoomPlanImportTests {
    /// A 4 × 3.5 m room (floor at y = −1.2) with a door, a window and a wide opening, walls 2.5 m high.
    static func plan() -> FloorPlan {
        let c: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(4, 0), SIMD2(4, 3.5), SIMD2(0, 3.5)]
        let walls = (0..<4).map { i in
            FloorPlanWall(id: "w\(i + 1)", start: c[i], end: c[(i + 1) % 4], height: 2.5, thickness: i == 0 ? 0.12 : nil)
        }
        let openings = [
            FloorPlanOpening(id: "o1", wallId: "w1", kind: .door, start: SIMD2(1, 0), end: SIMD2(1.9, 0), bottom: 0, top: 2.05),
            FloorPlanOpening(id: "o2", wallId: "w2", kind: .window, start: SIMD2(4, 2.5), end: SIMD2(4, 1.3), bottom: 0.9, top: 2.1),
            FloorPlanOpening(id: "o3", wallId: "w3", kind: .opening, start: SIMD2(3, 3.5), end: SIMD2(1.5, 3.5), bottom: 0, top: 2.2),
        ]
        return FloorPlan(
            floorY: -1.2, ceilingHeight: 2.5, walls: walls, openings: openings,
            rooms: [FloorPlanRoom(id: "r1", label: "Kitchen", polygon: c)])
    }

    /// plan → RoomPlan JSON (the export) → import: the same walls (ends, heights, thickness), openings
    /// (kind, wall, ends, bottom, top), the room's outline, area and label, and the floor height.
    @Test func roundTripThroughTheExport() throws {
        let original = Self.plan()
        let json = try RoomPlanExport.jsonData(original)
        let result = try RoomPlanImporter.importPlan(json, fileName: "room.json")
        let plan = result.plan
        #expect(result.warnings.isEmpty)
        #expect(abs(plan.floorY - original.floorY) < 1e-9)
        #expect(abs(plan.ceilingHeight - 2.5) < 1e-9)
        #expect(plan.walls.count == original.walls.count)
        for (a, b) in zip(plan.walls, original.walls) {
            #expect(FloorPlanGeometry.distance(a.start, b.start) < 1e-9 && FloorPlanGeometry.distance(a.end, b.end) < 1e-9)
            #expect(abs(a.height - b.height) < 1e-9)
            #expect(a.thickness == b.thickness)
        }
        #expect(plan.openings.count == original.openings.count)
        for b in original.openings {
            let a = try #require(plan.openings.first { $0.kind == b.kind })
            #expect(a.wallId == b.wallId)
            let sameOrder = FloorPlanGeometry.distance(a.start, b.start) + FloorPlanGeometry.distance(a.end, b.end)
            let swapped = FloorPlanGeometry.distance(a.start, b.end) + FloorPlanGeometry.distance(a.end, b.start)
            #expect(min(sameOrder, swapped) < 1e-9)
            #expect(abs(a.bottom - b.bottom) < 1e-9 && abs(a.top - b.top) < 1e-9)
        }
        #expect(plan.rooms.count == 1)
        #expect(abs(plan.rooms[0].area - 14) < 1e-9)
        #expect(plan.rooms[0].label == "kitchen")
    }

    /// A hand-written CapturedRoom (RoomPlan's own key layout): objects keep their categories and
    /// boxes; a door naming a missing wall goes to the nearest wall with a warning; a window far from
    /// every wall is skipped with a warning; without floors the room is the loop the walls close.
    @Test func objectsOrphansAndRoomsFromWalls() throws {
        func surface(_ category: String, _ id: Int, width: Double, height: Double, centre: SIMD3<Double>, xAxis: SIMD2<Double>, parent: Int? = nil) -> [String: Any] {
            var s: [String: Any] = [
                "identifier": uuid(id), "category": [category: category == "door" ? ["isOpen": false] : [String: Any]()],
                "confidence": ["high": [String: Any]()], "dimensions": [width, height, 0],
                "transform": [xAxis.x, 0, xAxis.y, 0, 0, 1, 0, 0, -xAxis.y, 0, xAxis.x, 0, centre.x, centre.y, centre.z, 1],
                "polygonCorners": [[Double]](), "story": 0,
            ]
            if let parent { s["parentIdentifier"] = uuid(parent) }
            return s
        }
        // Walls of a 5 × 3 m room, floor at y = 0, 2.4 m high.
        let walls = [
            surface("wall", 1, width: 5, height: 2.4, centre: SIMD3(2.5, 1.2, 0), xAxis: SIMD2(1, 0)),
            surface("wall", 2, width: 3, height: 2.4, centre: SIMD3(5, 1.2, 1.5), xAxis: SIMD2(0, 1)),
            surface("wall", 3, width: 5, height: 2.4, centre: SIMD3(2.5, 1.2, 3), xAxis: SIMD2(-1, 0)),
            surface("wall", 4, width: 3, height: 2.4, centre: SIMD3(0, 1.2, 1.5), xAxis: SIMD2(0, -1)),
        ]
        let doors = [surface("door", 10, width: 0.9, height: 2.0, centre: SIMD3(1, 1.0, 0.02), xAxis: SIMD2(1, 0), parent: 99)]
        let windows = [surface("window", 11, width: 1, height: 1, centre: SIMD3(2.5, 1.5, 1.5), xAxis: SIMD2(1, 0), parent: 98)]
        let objects: [[String: Any]] = [[
            "identifier": uuid(20), "category": ["table": [String: Any]()], "confidence": ["medium": [String: Any]()],
            "dimensions": [1.6, 0.75, 0.8], "transform": [0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 2, 0.375, 1.5, 1],
            "attributes": ["TableShapeType": "rectangular"], "story": 0,
        ]]
        let room: [String: Any] = [
            "version": 2, "identifier": uuid(0), "story": 0, "walls": walls, "doors": doors, "windows": windows,
            "openings": [Any](), "floors": [Any](), "objects": objects, "sections": [Any](),
        ]
        let data = try JSONSerialization.data(withJSONObject: room)
        let result = try RoomPlanImporter.importPlan(data, fileName: "captured.json")
        let plan = result.plan
        #expect(plan.walls.count == 4)
        #expect(abs(plan.walls.reduce(0) { $0 + $1.length } - 16) < 1e-9)
        #expect(plan.openings.count == 1)
        #expect(plan.openings.first?.wallId == "w1")
        #expect(abs((plan.openings.first?.top ?? 0) - 2.0) < 1e-9)
        #expect(result.warnings.count == 2)
        #expect(result.warnings.contains { $0.contains("doors[0]") && $0.contains("nearest wall w1") })
        #expect(result.warnings.contains { $0.contains("windows[0]") && $0.contains("skipped") })
        #expect(plan.objects.count == 1)
        let table = try #require(plan.objects.first)
        #expect(table.category == .table)
        #expect(abs(table.footprintArea - 1.6 * 0.8) < 1e-9)
        #expect(FloorPlanGeometry.distance(table.center, SIMD2(2, 1.5)) < 1e-9)
        #expect(abs(table.top - 0.75) < 1e-9 && abs(table.bottom) < 1e-9)
        #expect(plan.rooms.count == 1)
        #expect(abs((plan.rooms.first?.area ?? 0) - 15) < 1e-9)
    }

    /// A CapturedRoom of another version is refused naming the file and both versions.
    @Test func otherVersionIsRefused() throws {
        let data = Data(#"{"version": 3, "walls": []}"#.utf8)
        #expect {
            try RoomPlanImporter.importPlan(data, fileName: "future.json")
        } throws: { error in
            guard let e = error as? ImportError else { return false }
            return e.kind == .unsupported && e.description == "future.json: CapturedRoom version 3; this importer reads version 2 (iOS 16/17)"
        }
    }

    /// A wall whose transform is not 16 numbers is an error naming the key path.
    @Test func malformedSurfaceNamesTheKey() throws {
        let data = Data(#"{"version": 2, "walls": [{"identifier": "8D1C2C9E-6B7A-4B6E-9C57-1E7F0B2F8A01", "category": {"wall": {}}, "dimensions": [1, 2, 0], "transform": [1, 0]}]}"#.utf8)
        #expect {
            try RoomPlanImporter.importPlan(data, fileName: "bad.json")
        } throws: { error in
            "\(error)".hasPrefix("bad.json: ") && "\(error)".contains("walls[0].transform")
        }
    }
}

/// A fixed UUID string for test element `n`.
private func uuid(_ n: Int) -> String {
    String(format: "00000000-0000-4000-8000-%012d", n)
}
