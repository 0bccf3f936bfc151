@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made cases of a wall line drawn across a gap: a 4 × 3.6 m room, 2.5 m high, whose back wall
/// (z = 3.6) has a 1.2 m gap at x 1.5…2.7. Behind the gap stands either a recess 0.65 m deep (its back
/// at z = 4.25, its right side at x = 2.7 seen, its left side at x = 1.5 passed edge-on and never
/// found), or nothing (a doorway to the next room, whose far wall runs on past the gap). The back wall
/// was found as one face drawn straight across the gap (lines are fitted across gaps up to
/// `maximumWallGap`).
@Suite struct RecessMouthTests {
    /// Ceiling height, metres.
    static let height = 2.5
    /// The recess's mouth along x, metres.
    static let mouth = 1.5...2.7
    /// The recess's back, metres.
    static let backZ = 4.25
    /// Area tolerance of the closed room, m² (the inferred side lies a point spacing, 2 cm, off the true one).
    static let areaTolerance = 0.03
    /// Tolerance of a cut or an inferred side's position, metres (the 2 cm point spacing).
    static let positionTolerance = 0.025

    /// Points every 5 cm at height `h` over the room and, when `recess`, over the recess.
    static func horizontal(at h: Double, recess: Bool) -> (positions: [SIMD2<Double>], heights: [Float]) {
        var positions: [SIMD2<Double>] = []
        for i in 1..<80 {
            for j in 1..<85 {
                let p = SIMD2(Double(i) * 0.05, Double(j) * 0.05)
                let inRoom = p.y < 3.58
                let inRecess = recess && p.y < backZ - 0.02 && p.x > mouth.lowerBound + 0.02 && p.x < mouth.upperBound - 0.02
                if inRoom || inRecess { positions.append(p) }
            }
        }
        return (positions, [Float](repeating: Float(h), count: positions.count))
    }

    /// The room's walls floor to ceiling: left, right, front, and the back wall either side of its gap.
    static var roomWalls: [(positions: [SIMD2<Double>], heights: [Float])] {
        let full: (Double) -> ClosedRange<Double> = { _ in 0.05...height }
        return [
            ObjectBackFillTests.wall(x: 0, from: 0, to: 3.6, heights: full),
            ObjectBackFillTests.wall(x: 4, from: 0, to: 3.6, heights: full),
            ObjectBackFillTests.wall(z: 0, from: 0, to: 4, heights: full),
            ObjectBackFillTests.wall(z: 3.6, from: 0, to: mouth.lowerBound, heights: full),
            ObjectBackFillTests.wall(z: 3.6, from: mouth.upperBound, to: 4, heights: full),
        ]
    }

    /// The scan: the room's walls floor to ceiling, the back wall with its gap, and (with `recess`) the
    /// recess's back and right side; the floor and the ceiling.
    static func grid(recess: Bool) -> PlanPointGrid {
        let full: (Double) -> ClosedRange<Double> = { _ in 0.05...height }
        var parts = roomWalls + [
            horizontal(at: 0, recess: recess),
            horizontal(at: height, recess: recess),
        ]
        if recess {
            parts.append(ObjectBackFillTests.wall(z: backZ, from: mouth.lowerBound, to: mouth.upperBound, heights: full))
            parts.append(ObjectBackFillTests.wall(x: mouth.upperBound, from: 3.6, to: backZ, heights: full))
        }
        return PlanPointGrid(
            positions: parts.flatMap(\.positions), heights: parts.flatMap(\.heights),
            cellSize: FloorPlanExtractor.pointGridCellSize)
    }

    /// The faces found: the room's walls, the back wall across the gap, and with `recess` the recess's
    /// back and right side.
    static func faces(recess: Bool) -> [WallFace] {
        var faces = [
            FurnitureFrontTests.side(x: 0, z0: 0.02, z1: 3.58),
            FurnitureFrontTests.side(x: 4, z0: 0.02, z1: 3.58),
            FurnitureFrontTests.face(x0: 0.02, x1: 3.98, z: 0),
            FurnitureFrontTests.face(x0: 0.02, x1: 3.98, z: 3.6),
        ]
        if recess {
            faces.append(FurnitureFrontTests.face(x0: mouth.lowerBound + 0.02, x1: mouth.upperBound - 0.02, z: backZ))
            faces.append(FurnitureFrontTests.side(x: mouth.upperBound, z0: 3.62, z1: backZ - 0.02))
        }
        return faces
    }

    /// The recess: the back wall is cut at the mouth into two pieces (x 0.02…1.5 and 2.7…3.98), its
    /// left side is inferred from the mouth to the back (x = 1.5, z 3.6…4.25, seen from inside the
    /// recess), its right side (found) is not added again, and the room closes around the recess with
    /// the true area, 4 × 3.6 + 1.2 × 0.65 m².
    @Test func aLineAcrossARecessIsCutAndItsUnseenSideBridged() throws {
        let extractor = FloorPlanExtractor()
        let grid = Self.grid(recess: true)
        let (cut, _, inferred) = extractor.cuttingRecessMouths(Self.faces(recess: true), grid: grid, cameras: [])
        let pieces = cut.filter { abs($0.start.y - 3.6) < 1e-9 && abs($0.end.y - 3.6) < 1e-9 }
        try #require(pieces.count == 2, "\(pieces.map { ($0.start, $0.end) })")
        let ranges = pieces.map { (min($0.start.x, $0.end.x), max($0.start.x, $0.end.x)) }.sorted { $0.0 < $1.0 }
        #expect(abs(ranges[0].1 - Self.mouth.lowerBound) < Self.positionTolerance, "\(ranges)")
        #expect(abs(ranges[1].0 - Self.mouth.upperBound) < Self.positionTolerance, "\(ranges)")
        try #require(inferred.count == 1)
        let side = inferred[0].face
        #expect(side.isInferred)
        #expect(abs(side.start.x - Self.mouth.lowerBound) < Self.positionTolerance, "\(side.start)–\(side.end)")
        #expect(abs(side.end.x - side.start.x) < 1e-9)
        #expect(abs(min(side.start.y, side.end.y) - 3.6) < 1e-9 && abs(max(side.start.y, side.end.y) - Self.backZ) < 1e-9)
        #expect(side.observedNormal.x > 0.99, "seen from the recess (x > 1.5): \(side.observedNormal)")

        let (walls, sides, furniture) = extractor.separatingFurniture(
            cut + inferred.map(\.face), grid: grid, cameras: [])
        #expect(furniture.isEmpty)
        let snapped = extractor.snapCorners(walls, sides: sides, occluders: furniture)
        let kept = extractor.droppingUnsupported(extractor.splitAtJunctions(snapped), grid: grid, occluders: furniture)
        let rooms = extractor.findRooms(faces: kept, cameras: Array(repeating: SIMD2(2, 1.5), count: 20))
        try #require(rooms.count == 1)
        let area = abs(FloorPlanGeometry.signedArea(rooms[0].polygon))
        #expect(abs(area - (4 * 3.6 + 1.2 * 0.65)) < Self.areaTolerance, "\(area) m², \(rooms[0].polygon)")
    }

    /// The doorway: nothing stands behind the gap within reach (the next room lies beyond), so the back
    /// wall is not cut (the gap is left to the openings) and nothing is inferred.
    @Test func aLineAcrossADoorwayIsNotCut() {
        let extractor = FloorPlanExtractor()
        let faces = Self.faces(recess: false)
        let (cut, _, inferred) = extractor.cuttingRecessMouths(faces, grid: Self.grid(recess: false), cameras: [])
        #expect(inferred.isEmpty)
        #expect(cut.count == faces.count)
        #expect(cut.contains { abs($0.length - 3.96) < 1e-9 && abs($0.start.y - 3.6) < 1e-9 })
    }

    /// A wardrobe before the wall hides the wall's band over 1.2 m: its front (z = 3.0, on the seen
    /// side) is not a recess's back, so the wall is not cut; furniture is told from walls later.
    @Test func aFaceBeforeTheGapIsNotARecessBack() {
        let extractor = FloorPlanExtractor()
        var faces = Self.faces(recess: false)
        faces.append(FurnitureFrontTests.face(x0: Self.mouth.lowerBound, x1: Self.mouth.upperBound, z: 3.0))
        let (cut, _, inferred) = extractor.cuttingRecessMouths(faces, grid: Self.grid(recess: false), cameras: [])
        #expect(inferred.isEmpty)
        #expect(cut.count == faces.count)
    }

    /// A chimney breast (or a wardrobe) before the back wall: its front at z = 3.0 over the gap
    /// (x 1.5…2.7), its sides (x = 1.5 and 2.7, z 3.0…3.6) passed edge-on and never found; the back
    /// wall behind it hidden. The room's floor and ceiling are seen up to the front.
    static func breastGrid(frontTop: Double) -> PlanPointGrid {
        func horizontal(at h: Double) -> (positions: [SIMD2<Double>], heights: [Float]) {
            var positions: [SIMD2<Double>] = []
            for i in 1..<80 {
                for j in 1..<72 {
                    let p = SIMD2(Double(i) * 0.05, Double(j) * 0.05)
                    let inBreast = p.x > mouth.lowerBound - 0.02 && p.x < mouth.upperBound + 0.02 && p.y > 2.98
                    if p.y < 3.58 && !inBreast { positions.append(p) }
                }
            }
            return (positions, [Float](repeating: Float(h), count: positions.count))
        }
        let parts = roomWalls + [
            ObjectBackFillTests.wall(z: 3.0, from: mouth.lowerBound, to: mouth.upperBound) { _ in 0.05...frontTop },
            horizontal(at: 0),
            horizontal(at: height),
        ]
        return PlanPointGrid(
            positions: parts.flatMap(\.positions), heights: parts.flatMap(\.heights),
            cellSize: FloorPlanExtractor.pointGridCellSize)
    }

    /// The faces found before a breast: the room's walls, the back wall across the gap, the front.
    static var breastFaces: [WallFace] {
        faces(recess: false) + [FurnitureFrontTests.face(x0: mouth.lowerBound + 0.02, x1: mouth.upperBound - 0.02, z: 3.0)]
    }

    /// A face before the gap is never a recess's back, even when it reaches the ceiling: a front
    /// standing 0.6 m out (a wardrobe's depth, deeper than a chimney breast stands) and a wardrobe
    /// stopping 0.5 m below the ceiling look the same in the band. The back wall is not cut behind
    /// either (furniture is told from walls later, step 4b). (A breast 0.4 m out: `ChimneyBreastTests`.)
    @Test func aLineBehindAFaceBeforeItIsNotCut() {
        let extractor = FloorPlanExtractor()
        for top in [2.0, Self.height] {
            let result = extractor.cuttingRecessMouths(Self.breastFaces, grid: Self.breastGrid(frontTop: top), cameras: [])
            #expect(result.faces.count == Self.breastFaces.count && result.sides.isEmpty, "front top \(top) m")
        }
    }
}
