import FathomPlan
import Foundation
import Testing

@Suite struct ExportRoomPlanTests {
    let plan = ExportFixtures.threeRooms

    func json() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: RoomPlanExport.jsonData(plan)) as? [String: Any])
    }

    /// `transform` (column-major) applied to a local point.
    func apply(_ m: [Double], _ p: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(
            m[0] * p.x + m[4] * p.y + m[8] * p.z + m[12], m[1] * p.x + m[5] * p.y + m[9] * p.z + m[13],
            m[2] * p.x + m[6] * p.y + m[10] * p.z + m[14])
    }

    func numbers(_ value: Any?) -> [Double] { (value as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue } }

    @Test func topLevelShape() throws {
        let room = try json()
        #expect(Set(room.keys) == [
            "identifier", "story", "version", "walls", "doors", "windows", "openings", "floors", "objects", "sections",
            "referenceOriginTransform",
        ])
        #expect((room["walls"] as? [Any])?.count == 13)
        #expect((room["doors"] as? [Any])?.count == 2)
        #expect((room["windows"] as? [Any])?.count == 2)
        #expect((room["openings"] as? [Any])?.count == 1)
        #expect((room["floors"] as? [Any])?.count == 3)
        #expect(numbers(room["referenceOriginTransform"]) == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        let labels = (room["sections"] as? [[String: Any]])?.compactMap { $0["label"] as? String }
        #expect(labels == ["livingRoom", "kitchen", "unidentified"])
        #expect(UUID(uuidString: room["identifier"] as? String ?? "") != nil)
        // Same plan, same file.
        #expect(try RoomPlanExport.jsonData(plan) == RoomPlanExport.jsonData(plan))
    }

    @Test func wallsAreCentredBoxesWithColumnMajorTransforms() throws {
        let walls = try #require(try json()["walls"] as? [[String: Any]])
        let w1 = walls[0]
        #expect(numbers(w1["dimensions"]) == [5, 2.5, 0.1])
        let t = numbers(w1["transform"])
        #expect(t.count == 16)
        // Centre of w1 at half height: (2.5, floorY + 1.25, 0); local x along the wall.
        let centre = apply(t, .zero)
        #expect(abs(centre.x - 2.5) < 1e-9 && abs(centre.y - 0.05) < 1e-9 && abs(centre.z) < 1e-9)
        #expect(Array(t[0..<3]) == [1, 0, 0])
        #expect((w1["category"] as? [String: Any])?.keys.first == "wall")
        #expect((w1["confidence"] as? [String: Any])?.keys.first == "high")
        #expect(w1["parentIdentifier"] is NSNull)
        // The 45° wall: its local x end maps to the world end (6, 1); unknown thickness → depth 0, medium.
        let w2 = walls[1]
        let end = apply(numbers(w2["transform"]), SIMD3(2.0.squareRoot() / 2, -1.25, 0))
        #expect(abs(end.x - 6) < 1e-9 && abs(end.y + 1.2) < 1e-9 && abs(end.z - 1) < 1e-9)
        #expect(numbers(w2["dimensions"])[2] == 0)
        #expect((w2["confidence"] as? [String: Any])?.keys.first == "medium")
    }

    @Test func openingsHangOnTheirWalls() throws {
        let room = try json()
        let walls = try #require(room["walls"] as? [[String: Any]])
        let doors = try #require(room["doors"] as? [[String: Any]])
        let o1 = doors[0]
        #expect(o1["parentIdentifier"] as? String == walls[3]["identifier"] as? String)
        #expect(((o1["category"] as? [String: Any])?["door"] as? [String: Any])?["isOpen"] as? Bool == true)
        let dims = numbers(o1["dimensions"])
        #expect(abs(dims[0] - 0.9) < 1e-9 && abs(dims[1] - 2.05) < 1e-9)
        let centre = apply(numbers(o1["transform"]), .zero)
        #expect(abs(centre.x - 4.45) < 1e-9 && abs(centre.y - (-1.2 + 1.025)) < 1e-9 && abs(centre.z - 3) < 1e-9)
        let windows = try #require(room["windows"] as? [[String: Any]])
        let sill = apply(numbers(windows[0]["transform"]), SIMD3(0, -numbers(windows[0]["dimensions"])[1] / 2, 0))
        #expect(abs(sill.y - (-1.2 + 0.9)) < 1e-9)
    }

    @Test func floorCornersMapBackToTheRoomPolygon() throws {
        let floors = try #require(try json()["floors"] as? [[String: Any]])
        for (floor, room) in zip(floors, plan.rooms) {
            let t = numbers(floor["transform"])
            let corners = (floor["polygonCorners"] as? [Any] ?? []).map(numbers)
            #expect(corners.count == room.polygon.count)
            for (c, p) in zip(corners, room.polygon) {
                let world = apply(t, SIMD3(c[0], c[1], c[2]))
                #expect(abs(world.x - p.x) < 1e-9 && abs(world.y + 1.2) < 1e-9 && abs(world.z - p.y) < 1e-9)
            }
            // Local z is world up.
            #expect(Array(t[8..<11]) == [0, 1, 0])
        }
        #expect(numbers(floors[0]["dimensions"]) == [6, 6, 0])
    }

    @Test func sectionLabelsFromRoomNames() {
        #expect(RoomPlanSection.label(forRoomName: "Master Bedroom") == "bedroom")
        #expect(RoomPlanSection.label(forRoomName: "Bath") == "bathroom")
        #expect(RoomPlanSection.label(forRoomName: "Lounge") == "livingRoom")
        #expect(RoomPlanSection.label(forRoomName: "Garage") == "unidentified")
        #expect(RoomPlanSection.label(forRoomName: nil) == "unidentified")
    }
}
