@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made cases of the blind strip beside a wall (`wallStripClosed`): the object search sees
/// nothing within `objectWallClearance` (and the cell its edge runs through) of a wall face, so a
/// piece standing against a wall loses the part of it in that strip. The closed 4 × 3.6 m room of
/// `objectsInHandMadeRoom`, the ceiling not seen.
@Suite struct ObjectWallStripTests {
    /// Spacing of the hand-made points, metres.
    static let spacing = 0.01
    /// Tolerance on a side against a wall, metres: the side goes to the wall's face, the truth stands
    /// `wallGap` in front of it.
    static let wallGap = 0.02
    static let sideTolerance = wallGap + 0.005
    /// Tolerance on a side seen in the open, metres (a cell).
    static let openSideTolerance = FloorPlanExtractor.objectCellSize

    /// Points of a piece `x0…x1` × `z0…z1` standing on the floor, `top` metres high, seen on its front
    /// (z0) and on the ends named in `seenEnds` from the floor to its top (a point every centimetre),
    /// its top not seen; the floor seen everywhere else in the room.
    static func piece(x0: Double, x1: Double, z0: Double, z1: Double, top: Double, seenEnds: [Double])
        -> (positions: [SIMD2<Double>], heights: [Float])
    {
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        let w = Int(FloorPlanExtractor.handMadeRoomWidth / spacing)
        let d = Int(FloorPlanExtractor.handMadeRoomDepth / spacing)
        for i in 1..<w {
            for j in 1..<d {
                let p = SIMD2(Double(i) * spacing, Double(j) * spacing)
                if (x0...x1).contains(p.x) && (z0...z1).contains(p.y) { continue }
                positions.append(p)
                heights.append(0)
            }
        }
        func column(_ p: SIMD2<Double>) {
            for h in stride(from: Double(FloorPlanExtractor.objectFloorClearance) + spacing, through: top, by: spacing) {
                positions.append(p)
                heights.append(Float(h))
            }
        }
        for x in stride(from: x0, through: x1, by: spacing) {
            column(SIMD2(x, z0))
            column(SIMD2(x, z0 + spacing))
        }
        for x in seenEnds {
            for z in stride(from: z0, through: z1, by: spacing) { column(SIMD2(x, z)) }
        }
        return (positions, heights)
    }

    /// The objects found in the hand-made room holding `points`; expects exactly one and returns it.
    static func onlyObject(_ points: (positions: [SIMD2<Double>], heights: [Float])) -> FloorPlanObject? {
        let objects = FloorPlanExtractor.objectsInHandMadeRoom(
            positions: points.positions, heights: points.heights, ceilingSeen: false)
        #expect(objects.count == 1, "\(objects)")
        return objects.first
    }

    /// A bookcase in the back-left corner (x 0.02…0.92, z 3.28…3.58, 1.9 m high, 2 cm from both
    /// walls), seen on its front and its right end. Its left end lies in the blind strip beside the
    /// left wall: the box ends at the wall (before: where the strip begins, 4–6 cm short), its back
    /// at the back wall, its right end and front where they were seen.
    @Test func aPieceInACornerReachesTheWallBesideItsEnd() {
        let (x0, x1, z0, z1, top) = (0.02, 0.92, 3.28, 3.58, 1.9)
        let points = Self.piece(x0: x0, x1: x1, z0: z0, z1: z1, top: top, seenEnds: [x1])
        guard let bookcase = Self.onlyObject(points) else { return }
        let xs = bookcase.corners.map(\.x)
        let zs = bookcase.corners.map(\.y)
        #expect(abs(xs.min()! - x0) <= Self.sideTolerance, "\(xs)")
        #expect(abs(xs.max()! - x1) <= Self.openSideTolerance, "\(xs)")
        #expect(abs(zs.min()! - z0) <= Self.openSideTolerance, "\(zs)")
        #expect(abs(zs.max()! - z1) <= Self.sideTolerance, "\(zs)")
    }

    /// The same bookcase standing 15 cm from the left wall (x 0.15…1.05), both ends seen, the floor
    /// seen between it and the wall: its left end is where it was seen, not at the wall.
    @Test func aPieceApartFromTheWallKeepsItsSeenEnd() {
        let (x0, x1, z0, z1, top) = (0.15, 1.05, 3.28, 3.58, 1.9)
        let points = Self.piece(x0: x0, x1: x1, z0: z0, z1: z1, top: top, seenEnds: [x0, x1])
        guard let bookcase = Self.onlyObject(points) else { return }
        let xs = bookcase.corners.map(\.x)
        #expect(abs(xs.min()! - x0) <= Self.openSideTolerance, "\(xs)")
        #expect(abs(xs.max()! - x1) <= Self.openSideTolerance, "\(xs)")
    }

    /// A refrigerator 0.7 × 0.7 m, 1.8 m high, standing 7 cm from the left wall (x 0.07…0.77, its back
    /// 2 cm from the back wall), seen on its front and its right end; the 7 cm slot beside its left end
    /// is not seen. Its left end lies in the blind strip, but its front is seen to end there, not to
    /// go on to the wall (`continuesIntoStrip`): the end keeps its gap (before: taken to the wall,
    /// 7 cm too long).
    @Test func aPieceSeenToEndBeforeTheWallKeepsItsGap() {
        let (x0, x1, z0, z1, top) = (0.07, 0.77, 2.88, 3.58, 1.8)
        let points = Self.piece(x0: x0, x1: x1, z0: z0, z1: z1, top: top, seenEnds: [x1])
        guard let fridge = Self.onlyObject(points) else { return }
        let xs = fridge.corners.map(\.x)
        #expect(abs(xs.min()! - x0) <= Self.openSideTolerance, "\(xs)")
        #expect(abs(xs.max()! - x1) <= Self.openSideTolerance, "\(xs)")
    }

    /// `wallStripClosed` on hand-made boxes in the room: a counter's box ending 6.5 cm from the left
    /// wall (inside the strip) and 6 cm in front of the back wall goes to both walls (x from 0, z to
    /// 3.6), its front and right end kept; a box whose sides all lie farther than the strip from
    /// every wall is unchanged; so is a side 1 cm behind a wall's face.
    @Test func sidesInTheStripGoToTheWall() {
        let faces = WallFace.handMadeRoom(
            width: FloorPlanExtractor.handMadeRoomWidth, depth: FloorPlanExtractor.handMadeRoomDepth)
        let counter = FloorPlanExtractor.PlanBox(centre: SIMD2(1.265, 3.24), u: SIMD2(1, 0), size: SIMD2(2.4, 0.6))
        let closed = FloorPlanExtractor.wallStripClosed(counter, faces: faces)
        let tolerance = 1e-9
        let xs = closed.corners.map(\.x)
        let zs = closed.corners.map(\.y)
        #expect(abs(xs.min()! - 0) < tolerance && abs(xs.max()! - 2.465) < tolerance, "\(closed)")
        #expect(abs(zs.min()! - 2.94) < tolerance && abs(zs.max()! - 3.6) < tolerance, "\(closed)")
        let apart = FloorPlanExtractor.PlanBox(centre: SIMD2(2.0, 2.0), u: SIMD2(1, 0), size: SIMD2(1.0, 0.5))
        let kept = FloorPlanExtractor.wallStripClosed(apart, faces: faces)
        #expect(kept.centre == apart.centre && kept.size == apart.size, "\(kept)")
        let through = FloorPlanExtractor.PlanBox(centre: SIMD2(2.0, 3.31), u: SIMD2(1, 0), size: SIMD2(1.0, 0.6))
        let left = FloorPlanExtractor.wallStripClosed(through, faces: faces)
        #expect(left.centre == through.centre && left.size == through.size, "\(left)")
    }
}
