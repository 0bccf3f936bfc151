@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made chimney breasts (`breastFront`): the 4 × 3.6 m room of `RecessMouthTests`, 2.5 m high,
/// whose back wall (z = 3.6) was found as one face drawn straight across a 1.2 m gap (x 1.5…2.7)
/// before which a front stands at z = 3.2 (0.4 m out, a breast's depth), its returns (x = 1.5 and
/// 2.7) passed edge-on and never found. The floor and the ceiling are seen over the room up to the
/// front.
@Suite struct ChimneyBreastTests {
    /// The breast's front, metres.
    static let frontZ = 3.2
    /// Tolerance of a cut's or an inferred return's position, metres (the 2 cm point spacing).
    static let positionTolerance = 0.025
    /// Area tolerance of the closed room, m² (inferred returns lie a point spacing off the true ones).
    static let areaTolerance = 0.03

    /// The scan: the room's walls (`RecessMouthTests.roomWalls`), the front at `frontZ` from the floor
    /// to `frontTop` across the gap, the floor and the ceiling up to the front.
    static func grid(frontTop: Double) -> PlanPointGrid {
        let mouth = RecessMouthTests.mouth
        func horizontal(at h: Double) -> (positions: [SIMD2<Double>], heights: [Float]) {
            var positions: [SIMD2<Double>] = []
            for i in 1..<80 {
                for j in 1..<72 {
                    let p = SIMD2(Double(i) * 0.05, Double(j) * 0.05)
                    let inBreast = p.x > mouth.lowerBound - 0.02 && p.x < mouth.upperBound + 0.02 && p.y > frontZ - 0.02
                    if p.y < 3.58 && !inBreast { positions.append(p) }
                }
            }
            return (positions, [Float](repeating: Float(h), count: positions.count))
        }
        let parts = RecessMouthTests.roomWalls + [
            ObjectBackFillTests.wall(z: frontZ, from: mouth.lowerBound, to: mouth.upperBound) { _ in 0.05...frontTop },
            horizontal(at: 0),
            horizontal(at: RecessMouthTests.height),
        ]
        return PlanPointGrid(
            positions: parts.flatMap(\.positions), heights: parts.flatMap(\.heights),
            cellSize: FloorPlanExtractor.pointGridCellSize)
    }

    /// The faces found: the room's walls, the back wall across the gap, the front.
    static var faces: [WallFace] {
        RecessMouthTests.faces(recess: false) + [
            FurnitureFrontTests.face(
                x0: RecessMouthTests.mouth.lowerBound + 0.02, x1: RecessMouthTests.mouth.upperBound - 0.02, z: frontZ)
        ]
    }

    /// A breast up to the ceiling: the wall line is cut at the breast's returns (x 1.5 and 2.7), the
    /// front is kept as a full-height wall, both returns are inferred from the wall's line to the
    /// front's, each seen from the room beside the breast (away from its middle), and the room
    /// closes around the breast with the true area, 4 × 3.6 − 1.2 × 0.6 m².
    @Test func aRoomFollowsTheOutlineOfABreastUpToTheCeiling() throws {
        let extractor = FloorPlanExtractor()
        let grid = Self.grid(frontTop: RecessMouthTests.height)
        let (cut, _, inferred) = extractor.cuttingRecessMouths(Self.faces, grid: grid, cameras: [])
        let pieces = cut.filter { abs($0.start.y - 3.6) < 1e-9 && abs($0.end.y - 3.6) < 1e-9 }
        try #require(pieces.count == 2, "\(pieces.map { ($0.start, $0.end) })")
        let ranges = pieces.map { (min($0.start.x, $0.end.x), max($0.start.x, $0.end.x)) }.sorted { $0.0 < $1.0 }
        #expect(abs(ranges[0].1 - RecessMouthTests.mouth.lowerBound) < Self.positionTolerance, "\(ranges)")
        #expect(abs(ranges[1].0 - RecessMouthTests.mouth.upperBound) < Self.positionTolerance, "\(ranges)")
        let front = try #require(cut.first { abs($0.start.y - Self.frontZ) < 1e-9 })
        #expect(front.isFullHeight)
        try #require(inferred.count == 2)
        for (side, seen) in inferred {
            #expect(side.isInferred)
            #expect(abs(side.end.x - side.start.x) < 1e-9)
            #expect(abs(min(side.start.y, side.end.y) - Self.frontZ) < 1e-9 && abs(max(side.start.y, side.end.y) - 3.6) < 1e-9)
            let atLeft = abs(side.start.x - RecessMouthTests.mouth.lowerBound) < Self.positionTolerance
            let atRight = abs(side.start.x - RecessMouthTests.mouth.upperBound) < Self.positionTolerance
            #expect(atLeft || atRight, "\(side.start)–\(side.end)")
            // Seen from beside the breast: the left return from x < 1.5, the right one from x > 2.7.
            #expect((side.line.normal.x * seen > 0.99) == atRight, "\(side.start) seen \(side.line.normal * seen)")
        }

        let (walls, sides, furniture) = extractor.separatingFurniture(
            cut + inferred.map(\.face), grid: grid, cameras: [])
        #expect(furniture.isEmpty, "the breast's front is wall")
        let snapped = extractor.snapCorners(walls, sides: sides, occluders: furniture)
        let kept = extractor.droppingUnsupported(extractor.splitAtJunctions(snapped), grid: grid, occluders: furniture)
        let rooms = extractor.findRooms(faces: kept, cameras: Array(repeating: SIMD2(2, 1.5), count: 20))
        try #require(rooms.count == 1)
        let area = abs(FloorPlanGeometry.signedArea(rooms[0].polygon))
        #expect(abs(area - (4 * 3.6 - 1.2 * (3.6 - Self.frontZ))) < Self.areaTolerance, "\(area) m², \(rooms[0].polygon)")
    }

    /// The same front stopping 0.5 m below the ceiling (a bookcase, its top seen): the ceiling meets
    /// no top, so it is no breast; and a front up to the ceiling standing 0.6 m out (a wardrobe's
    /// depth, `RecessMouthTests.breastGrid`) is none either. Nothing is cut or inferred.
    @Test func aLowerOrDeeperFrontIsNoBreast() {
        let extractor = FloorPlanExtractor()
        let low = extractor.cuttingRecessMouths(Self.faces, grid: Self.grid(frontTop: 2.0), cameras: [])
        #expect(low.faces.count == Self.faces.count && low.sides.isEmpty)
        #expect(!low.faces.contains { $0.isFullHeight })
        let deep = extractor.cuttingRecessMouths(
            RecessMouthTests.breastFaces, grid: RecessMouthTests.breastGrid(frontTop: RecessMouthTests.height), cameras: [])
        #expect(deep.faces.count == RecessMouthTests.breastFaces.count && deep.sides.isEmpty)
    }
}
