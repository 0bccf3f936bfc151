@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made cases of a recess whose side wall was never seen against a tall piece of furniture in a
/// corner: a 4 × 3.6 m room, 2.5 m high, whose back-left corner holds either a notch (x 0…0.7,
/// z 3.25…3.6, outside the room) or a bookcase of the same footprint. Either way the faces found in
/// the wall band are the same: the left wall (x = 0) up to z = 3.25, a front (z = 3.25, x 0…0.7) ending
/// in the open where the back wall's seen part (z = 3.6, from x = 0.74) begins, the right and front
/// walls; the notch's side wall (x = 0.7), passed edge-on, was never found.
@Suite struct RecessTests {
    /// Ceiling height, metres.
    static let height = 2.5
    /// Area tolerance of the closed room, m² (the inferred side lies 1 cm off the true one).
    static let areaTolerance = 0.01

    /// The faces found in the wall band.
    static var faces: [WallFace] {
        [
            FurnitureFrontTests.side(x: 0, z0: 0.02, z1: 3.23),
            FurnitureFrontTests.face(x0: 0.02, x1: 0.68, z: 3.25),
            FurnitureFrontTests.face(x0: 0.74, x1: 3.98, z: 3.6),
            FurnitureFrontTests.side(x: 4, z0: 0.02, z1: 3.58),
            FurnitureFrontTests.face(x0: 0.02, x1: 3.98, z: 0),
        ]
    }

    /// Points every 5 cm at height `h` over the room, up to z = `frontZ` for x < 0.7 (the front's line)
    /// and to the back wall beyond.
    static func horizontal(at h: Double, frontZ: Double) -> (positions: [SIMD2<Double>], heights: [Float]) {
        var positions: [SIMD2<Double>] = []
        for i in 1..<80 {
            for j in 1..<72 {
                let p = SIMD2(Double(i) * 0.05, Double(j) * 0.05)
                if p.y < (p.x < 0.71 ? frontZ : 3.6) - 0.02 { positions.append(p) }
            }
        }
        return (positions, [Float](repeating: Float(h), count: positions.count))
    }

    /// The scan's points: walls seen up to `wallTop`, the front up to `frontTop`, the floor, and the
    /// ceiling (at `height`) seen in front of the front's line.
    static func grid(frontTop: Double, wallTop: Double) -> PlanPointGrid {
        let parts = [
            ObjectBackFillTests.wall(x: 0, from: 0, to: 3.25) { _ in 0.05...wallTop },
            ObjectBackFillTests.wall(z: 3.25, from: 0, to: 0.7) { _ in 0.05...frontTop },
            ObjectBackFillTests.wall(z: 3.6, from: 0.72, to: 4) { _ in 0.05...wallTop },
            ObjectBackFillTests.wall(x: 4, from: 0, to: 3.6) { _ in 0.05...wallTop },
            ObjectBackFillTests.wall(z: 0, from: 0, to: 4) { _ in 0.05...wallTop },
            horizontal(at: 0, frontZ: 3.25),
            horizontal(at: height, frontZ: 3.25),
        ]
        return PlanPointGrid(
            positions: parts.flatMap(\.positions), heights: parts.flatMap(\.heights),
            cellSize: FloorPlanExtractor.pointGridCellSize)
    }

    /// The notch: the front and the walls run up to the ceiling, seen meeting the front's top just in
    /// front of it. The front is a wall (before: furniture, the room closing behind it, 14.4 m² for
    /// 14.155); the notch's side is added across from the front's end to the back wall's beginning,
    /// seen from the back wall's side, and survives the support check although it holds no points.
    /// The room closes on it with the true area.
    @Test func aFrontTheCeilingMeetsIsTheWallOfARecess() throws {
        let extractor = FloorPlanExtractor()
        let grid = Self.grid(frontTop: Self.height, wallTop: Self.height)
        let (walls, sides, furniture) = extractor.separatingFurniture(Self.faces, grid: grid, cameras: [])
        #expect(furniture.isEmpty)
        #expect(walls.count == 6)
        let side = try #require(walls.last)
        #expect(side.isInferred)
        #expect(abs(side.start.x - 0.71) < 1e-9 && abs(side.end.x - 0.71) < 1e-9, "\(side.start)–\(side.end)")
        #expect(abs(min(side.start.y, side.end.y) - 3.25) < 1e-9 && abs(max(side.start.y, side.end.y) - 3.6) < 1e-9)
        #expect(side.observedNormal.x > 0.99, "seen from the recess (x > 0.7): \(side.observedNormal)")

        let snapped = extractor.snapCorners(walls, sides: sides, occluders: furniture)
        let kept = extractor.droppingUnsupported(snapped, grid: grid, occluders: furniture)
        #expect(kept.contains { $0.isInferred })
        let rooms = extractor.findRooms(faces: kept, cameras: Array(repeating: SIMD2(2, 1.5), count: 20))
        try #require(rooms.count == 1)
        let area = abs(FloorPlanGeometry.signedArea(rooms[0].polygon))
        #expect(abs(area - (4 * 3.6 - 0.71 * 0.35)) < Self.areaTolerance, "\(area) m², \(rooms[0].polygon)")
    }

    /// The bookcase: its front ends 0.5 m below the ceiling, which is seen in front of it at 2.5 m;
    /// nothing was seen above it behind. It stays furniture and no side is added.
    @Test func aFrontWithTheCeilingAboveItsTopIsFurniture() {
        let extractor = FloorPlanExtractor()
        let grid = Self.grid(frontTop: 2.0, wallTop: Self.height)
        let (walls, _, furniture) = extractor.separatingFurniture(Self.faces, grid: grid, cameras: [])
        #expect(furniture.count == 1)
        #expect(abs((furniture.first?.top ?? 0) - 2.0) < 0.06)
        #expect(walls.count == 4 && !walls.contains { $0.isInferred })
    }

    /// Neither top seen: the walls and the front seen only up to 2 m (the view ended on them), no
    /// ceiling. Nothing tells the two readings apart, and the front stays furniture (the room closes
    /// behind it) rather than leaving the room open.
    @Test func aFrontWhoseTopWasNeverSeenStaysFurniture() {
        let extractor = FloorPlanExtractor()
        var grid = Self.grid(frontTop: 2.0, wallTop: 2.0)
        grid = PlanPointGrid(
            positions: grid.positions.indices.filter { grid.heights[$0] < 2.4 }.map { grid.positions[$0] },
            heights: grid.heights.filter { $0 < 2.4 }, cellSize: grid.cellSize)
        let (_, _, furniture) = extractor.separatingFurniture(Self.faces, grid: grid, cameras: [])
        #expect(furniture.count == 1)
    }
}
