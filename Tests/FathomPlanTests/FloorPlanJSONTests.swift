import FathomPlan
import Foundation
import Testing

@Suite struct FloorPlanJSONTests {
    /// An L-shaped room given clockwise seen from above: 6×3 + 3×3 = 27 m², perimeter 24 m.
    let lShape: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(6, 0), SIMD2(6, 3), SIMD2(3, 3), SIMD2(3, 6), SIMD2(0, 6)]

    @Test func roomAreaPerimeterAndOrientation() {
        let room = FloorPlanRoom(id: "r1", polygon: lShape)
        #expect(abs(room.area - 27) < 1e-12)
        #expect(abs(room.perimeter - 24) < 1e-12)
        // Counter-clockwise seen from above means a negative shoelace sum over (x, z).
        #expect(FloorPlanGeometry.signedArea(room.polygon) < 0)
        #expect(FloorPlanGeometry.contains(room.polygon, SIMD2(1, 5)))
        #expect(!FloorPlanGeometry.contains(room.polygon, SIMD2(5, 5)))
    }

    @Test func openingKindRule() {
        #expect(FloorPlanOpening.kind(width: 0.9, bottom: 0) == .door)
        #expect(FloorPlanOpening.kind(width: 1.6, bottom: 0) == .opening)
        #expect(FloorPlanOpening.kind(width: 1.0, bottom: 0.9) == .window)
    }

    @Test func roundTripKeepsEverythingAndWritesNulls() throws {
        let plan = FloorPlan(
            floorY: -0.02, ceilingHeight: 2.5,
            walls: [
                FloorPlanWall(id: "w1", start: SIMD2(0, 0), end: SIMD2(6, 0), height: 2.5, thickness: 0.1),
                FloorPlanWall(id: "w2", start: SIMD2(6, 0), end: SIMD2(6, 3), height: 2.5),
            ],
            openings: [
                FloorPlanOpening(
                    id: "o1", wallId: "w1", kind: .door, start: SIMD2(1, 0), end: SIMD2(1.9, 0), bottom: 0, top: 2.0)
            ],
            rooms: [FloorPlanRoom(id: "r1", label: nil, polygon: lShape)], trueNorthDegrees: 12)
        let data = try plan.jsonData()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"format\" : \"fathom-floorplan\""))
        #expect(text.contains("\"thickness\" : null"))
        #expect(text.contains("\"label\" : null"))
        #expect(try JSONDecoder().decode(FloorPlan.self, from: data) == plan)
        #expect(abs(plan.openings[0].width - 0.9) < 1e-12)
    }

    @Test func refusesOtherFormatsNamingTheFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"format":"other","formatVersion":1,"units":"m"}"#.utf8).write(to: url)
        #expect {
            _ = try FloorPlan(contentsOf: url)
        } throws: { error in
            let text = "\(error)"
            return text.contains(url.path) && text.contains("expected \"fathom-floorplan\"")
        }
        try Data(#"{"format":"fathom-floorplan","formatVersion":2,"units":"m"}"#.utf8).write(to: url)
        #expect(throws: FloorPlanError.self) { _ = try FloorPlan(contentsOf: url) }
    }
}
