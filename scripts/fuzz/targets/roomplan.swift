// fuzz-modules: FathomCore FathomIO FathomPlan FathomImport
// RoomPlan CapturedRoom JSON → floor plan (RoomPlanImporter.importPlan).
import FathomCore
import FathomImport
import FathomPlan
import Foundation

enum FuzzTarget {
    static func run(_ data: Data) {
        expectOnly(ImportError.self) { _ = try RoomPlanImporter.importPlan(data, fileName: "room.json") }
    }

    static func seeds() throws -> [String: Data] {
        // A 4 × 3.5 m room with a door, a window and an opening, exported by Fathom's RoomPlan writer.
        let c: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(4, 0), SIMD2(4, 3.5), SIMD2(0, 3.5)]
        let walls = (0..<4).map { i in
            FloorPlanWall(id: "w\(i + 1)", start: c[i], end: c[(i + 1) % 4], height: 2.5, thickness: 0.12)
        }
        let openings = [
            FloorPlanOpening(id: "o1", wallId: "w1", kind: .door, start: SIMD2(1, 0), end: SIMD2(1.9, 0), bottom: 0, top: 2.05),
            FloorPlanOpening(id: "o2", wallId: "w2", kind: .window, start: SIMD2(4, 2.5), end: SIMD2(4, 1.3), bottom: 0.9, top: 2.1),
            FloorPlanOpening(id: "o3", wallId: "w3", kind: .opening, start: SIMD2(3, 3.5), end: SIMD2(1.5, 3.5), bottom: 0, top: 2.2),
        ]
        let plan = FloorPlan(
            floorY: -1.2, ceilingHeight: 2.5, walls: walls, openings: openings,
            rooms: [FloorPlanRoom(id: "r1", label: "Kitchen", polygon: c)])
        return ["room.json": try RoomPlanExport.jsonData(plan)]
    }
}
