@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made cases of how an object's box is run on to the wall behind it (`backFilled`): a 4 × 3.6 m
/// room, 2.5 m high, whose floor was never seen near the object.
@Suite struct ObjectBackFillTests {
    /// Raster cell of the floor-seen flags, metres (the object search's).
    static let cell = FloorPlanExtractor.objectCellSize

    /// Wall points every 2 cm along x at depth `z` (or along z at `x`) from `a` to `b`, every 5 cm over
    /// the heights (metres above the floor) that `heights` gives for each station.
    static func wall(
        x: Double? = nil, z: Double? = nil, from a: Double, to b: Double, heights: (Double) -> ClosedRange<Double>
    ) -> (positions: [SIMD2<Double>], heights: [Float]) {
        var positions: [SIMD2<Double>] = []
        var hs: [Float] = []
        for i in 0...Int(((b - a) / 0.02).rounded()) {
            let s = a + Double(i) * 0.02
            let range = heights(s)
            for j in 0...Int(((range.upperBound - range.lowerBound) / 0.05).rounded()) {
                positions.append(x.map { SIMD2($0, s) } ?? SIMD2(s, z!))
                hs.append(Float(range.lowerBound + Double(j) * 0.05))
            }
        }
        return (positions, hs)
    }

    /// Runs `backFilled` on `box` (top `top`) with the walls' points and faces, nothing of the floor seen.
    static func backFilled(
        _ box: FloorPlanExtractor.PlanBox, top: Double, walls: [(positions: [SIMD2<Double>], heights: [Float])],
        faces: [WallFace]
    ) -> FloorPlanExtractor.PlanBox {
        let grid = PlanPointGrid(
            positions: walls.flatMap(\.positions), heights: walls.flatMap(\.heights),
            cellSize: FloorPlanExtractor.pointGridCellSize)
        let w = Int(4.2 / cell) + 1
        let d = Int(3.8 / cell) + 1
        return FloorPlanExtractor().backFilled(
            box, top: top, faces: faces, grid: grid, floorSeen: [Bool](repeating: false, count: w * d),
            origin: SIMD2(-0.1, -0.1), width: w, depth: d, cell: cell)
    }

    /// The back wall (z = 3.6, seen from the room: side −1), the left wall (x = 0, seen from the room:
    /// side −1) and the right wall (x = 4, side +1).
    static var faces: [WallFace] {
        [
            .handMade(from: SIMD2(0, 3.6), along: SIMD2(1, 0), length: 4, side: -1),
            .handMade(from: SIMD2(0, 0), along: SIMD2(0, 1), length: 3.6, side: -1),
            .handMade(from: SIMD2(4, 0), along: SIMD2(0, 1), length: 3.6, side: 1),
        ]
    }

    /// A counter run 0.9 m high in the back-left corner (x 0.03…2.43, z 2.97…3.58) whose top was
    /// never seen: only its front, a box 6 cm deep ending 6.5 cm from the left wall (the strip kept
    /// clear beside walls). The walls behind it are seen only above its top. The box is run on to
    /// the back wall behind its long side (0.57 m), not to the nearer left wall beside its end: it
    /// comes out 0.63 m deep, its centre 3.285 m from the front wall. (Before, the nearest wall won
    /// and the box stayed 6 cm deep.)
    @Test func aCounterIsRunOnToTheWallBehindItsLongSide() {
        let box = FloorPlanExtractor.PlanBox(centre: SIMD2(1.265, 3.0), u: SIMD2(1, 0), size: SIMD2(2.4, 0.06))
        let hidden = { (s: Double) -> ClosedRange<Double> in s <= 2.43 ? 0.95...2.5 : 0.05...2.5 }
        let walls = [
            Self.wall(z: 3.6, from: 0, to: 4, heights: hidden),
            Self.wall(x: 0, from: 0, to: 3.6, heights: { $0 >= 2.97 ? 0.95...2.5 : 0.05...2.5 }),
        ]
        let filled = Self.backFilled(box, top: 0.9, walls: walls, faces: Self.faces)
        #expect(abs(filled.size.y - 0.63) < 1e-9 && abs(filled.size.x - 2.4) < 1e-9, "\(filled)")
        #expect(abs(filled.centre.y - 3.285) < 1e-9 && abs(filled.centre.x - 1.265) < 1e-9, "\(filled)")
    }

    /// A bed 0.5 m high (x 1.9…3.4, z 1.56…3.56), its head 4 cm from the back wall and its long side
    /// 0.6 m from the right wall. The floor beside it was hidden by the bed, but the right wall was seen
    /// below the bed's top past its far edge: the space between is open, so the box is run on only to
    /// the back wall behind its head (4 cm). (Without that check the wall behind the long side won.)
    @Test func aLowPieceIsNotRunOnToAWallSeenBelowItsTop() {
        let box = FloorPlanExtractor.PlanBox(centre: SIMD2(2.65, 2.56), u: SIMD2(1, 0), size: SIMD2(1.5, 2.0))
        let walls = [
            Self.wall(z: 3.6, from: 0, to: 4, heights: { $0 >= 1.9 && $0 <= 3.4 ? 0.55...2.5 : 0.05...2.5 }),
            Self.wall(x: 4, from: 0, to: 3.6, heights: { _ in 0.1...2.5 }),
        ]
        let filled = Self.backFilled(box, top: 0.5, walls: walls, faces: Self.faces)
        #expect(abs(filled.size.x - 1.5) < 1e-9 && abs(filled.size.y - 2.04) < 1e-9, "\(filled)")
        #expect(abs(filled.centre.x - 2.65) < 1e-9 && abs(filled.centre.y - 2.58) < 1e-9, "\(filled)")
    }
}
