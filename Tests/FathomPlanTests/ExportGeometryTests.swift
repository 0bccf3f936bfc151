import FathomPlan
import Foundation
import Testing

@Suite struct ExportGeometryTests {
    @Test func labelPointOfARectangleIsItsCentre() {
        let p = FloorPlanGeometry.labelPoint([SIMD2(1, 1), SIMD2(5, 1), SIMD2(5, 3), SIMD2(1, 3)])
        #expect(abs(p.x - 3) < 0.01 && abs(p.y - 2) < 0.01)
    }

    @Test func signedDistanceInsideAndOutside() {
        let square = [SIMD2(0.0, 0), SIMD2(2, 0), SIMD2(2, 2), SIMD2(0, 2)]
        #expect(abs(FloorPlanGeometry.signedDistance(square, SIMD2(1, 0.5)) - 0.5) < 1e-12)
        #expect(abs(FloorPlanGeometry.signedDistance(square, SIMD2(3, 1)) + 1) < 1e-12)
        #expect(abs(FloorPlanGeometry.distance(SIMD2(1, 1), toSegment: SIMD2(0, 0), SIMD2(0, 0)) - 2.0.squareRoot()) < 1e-12)
    }

    @Test func triangulatesConcavePolygonsExactly() {
        let l: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(6, 0), SIMD2(6, 3), SIMD2(3, 3), SIMD2(3, 6), SIMD2(0, 6)]
        for polygon in [l, l.reversed()] {
            let triangles = FloorPlanGeometry.triangulate(polygon)
            #expect(triangles.count == 4)
            var area = 0.0
            for (a, b, c) in triangles {
                let t = FloorPlanGeometry.signedArea([polygon[a], polygon[b], polygon[c]])
                // Each triangle is wound like the polygon, and lies inside it.
                #expect(t * FloorPlanGeometry.signedArea(polygon) > 0)
                #expect(FloorPlanGeometry.contains(polygon, (polygon[a] + polygon[b] + polygon[c]) / 3))
                area += abs(t)
            }
            #expect(abs(area - 27) < 1e-12)
        }
        // A collinear vertex adds nothing.
        let withMidpoint: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(1, 0), SIMD2(2, 0), SIMD2(2, 2), SIMD2(0, 2)]
        let area = FloorPlanGeometry.triangulate(withMidpoint).reduce(0.0) { sum, t in
            sum + abs(FloorPlanGeometry.signedArea([withMidpoint[t.0], withMidpoint[t.1], withMidpoint[t.2]]))
        }
        #expect(abs(area - 4) < 1e-12)
    }

    @Test func validationNamesTheProblem() {
        var plan = ExportFixtures.threeRooms
        plan.openings.append(
            FloorPlanOpening(id: "o9", wallId: "w99", kind: .door, start: SIMD2(0, 0), end: SIMD2(1, 0), bottom: 0, top: 2))
        #expect {
            try plan.validateForExport()
        } throws: { error in
            "\(error)".contains("opening o9 refers to wall \"w99\"")
        }
        var zero = ExportFixtures.threeRooms
        zero.walls[0].end = zero.walls[0].start
        #expect(throws: FloorPlanError.self) { try FloorPlanSVG.document(zero) }
        var twice = ExportFixtures.threeRooms
        twice.rooms[1].id = "r1"
        #expect(throws: FloorPlanError.self) { try FloorPlanDXF.document(twice) }
        var nan = ExportFixtures.threeRooms
        nan.rooms[0].polygon[2] = SIMD2(.nan, 1)
        #expect(throws: FloorPlanError.self) { try RoomPlanExport.jsonData(nan) }
        #expect(throws: Never.self) { try ExportFixtures.threeRooms.validateForExport() }
    }

    @Test func unknownThicknessIsDrawnAwayFromTheRoom() throws {
        // One 4 × 3 room whose walls are seen faces only: the wall bodies lie outside the room, so
        // the drawn walls cover none of the room's floor.
        let corners: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(4, 0), SIMD2(4, 3), SIMD2(0, 3)]
        let walls = (0..<4).map { i in
            FloorPlanWall(id: "w\(i + 1)", start: corners[i], end: corners[(i + 1) % 4], height: 2.4, thickness: nil)
        }
        let plan = FloorPlan(floorY: 0, ceilingHeight: 2.4, walls: walls, rooms: [FloorPlanRoom(id: "r1", polygon: corners)])
        let elements = parseXML(try FloorPlanSVG.document(plan)).elements
        let pieces = elements.filter { $0.name == "polygon" && $0.attributes["data-wall"] != nil }.map { svgPoints($0.attributes["points"]) }
        #expect(pieces.count == 4)
        let floor = svgPoints(elements.first { $0.name == "polygon" && $0.attributes["data-room"] == "r1" }?.attributes["points"])
        let room = (lower: floor.reduce(SIMD2(Double.infinity, .infinity)) { pointwiseMin($0, $1) },
                    upper: floor.reduce(-SIMD2(Double.infinity, .infinity)) { pointwiseMax($0, $1) })
        #expect(abs(room.upper.x - room.lower.x - 400) < 0.01 && abs(room.upper.y - room.lower.y - 300) < 0.01)
        for piece in pieces {
            let lower = piece.reduce(SIMD2(Double.infinity, .infinity)) { pointwiseMin($0, $1) }
            let upper = piece.reduce(-SIMD2(Double.infinity, .infinity)) { pointwiseMax($0, $1) }
            let overlap = pointwiseMin(upper, room.upper) - pointwiseMax(lower, room.lower)
            #expect(overlap.x <= 0.01 || overlap.y <= 0.01, "wall piece \(piece) covers the room")
            #expect(abs(min(upper.x - lower.x, upper.y - lower.y) - 10) < 0.01)
        }
    }

    @Test func zeroAndHairlineThicknessesStayVisible() throws {
        let plan = FloorPlan(
            floorY: 0, ceilingHeight: 2.4,
            walls: [
                FloorPlanWall(id: "zero", start: SIMD2(0, 0), end: SIMD2(4, 0), height: 2.4, thickness: 0),
                FloorPlanWall(id: "hair", start: SIMD2(0, 2), end: SIMD2(4, 2), height: 2.4, thickness: 0.005),
            ])
        let elements = parseXML(try FloorPlanSVG.document(plan)).elements
        func across(_ id: String) -> Double {
            let p = svgPoints(elements.first { $0.attributes["data-wall"] == id && $0.name == "polygon" }?.attributes["points"])
            return abs(p[3].y - p[0].y)
        }
        #expect(abs(across("zero") - 10) < 0.01)  // the default 0.1 m at 100 units per metre
        #expect(abs(across("hair") - 2) < 0.01)  // at least 0.02 m
    }
}
