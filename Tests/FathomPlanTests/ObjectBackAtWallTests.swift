@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made cases of a tall piece standing against a wall (`backAtWall`): its back is hidden, so its
/// box is rebuilt in the wall's axes, the back at the wall, the front at the front face. The closed
/// 4 × 3.6 m room of `objectsInHandMadeRoom`, the ceiling not seen.
@Suite struct ObjectBackAtWallTests {
    /// Spacing of the hand-made points, metres.
    static let spacing = 0.01
    /// The truth stands this far in front of the wall; the back goes to the wall's face, metres.
    static let wallGap = 0.02
    /// Tolerance on the back, metres: the back goes to the wall's face, the truth stands `wallGap`
    /// in front of it (plus half a centimetre of the points' spacing).
    static let backTolerance = wallGap + 0.005
    /// Tolerance on the front found from the 1 cm profile, metres (a bin and half the spacing).
    static let profileFrontTolerance = FloorPlanExtractor.objectEdgeBin + 0.005
    /// Tolerance on the depth, metres: the back's and the front's.
    static let depthTolerance = wallGap + profileFrontTolerance
    /// Tolerance on a side placed from the cells, metres (a cell).
    static let frontTolerance = FloorPlanExtractor.objectCellSize
    /// Largest sine between the box's axes and the room's for the box to be square with the wall.
    static let squareSine = 0.01

    /// Points of a wardrobe `x0…x1` × `z0…z1` (its back at `z1`, `wallGap` from the back wall at
    /// z = 3.6), `top` metres high, seen on its front (z0) and its left end (x0) from the floor to its
    /// top, its top and back not seen; beside its right end the strip of a side wall the plan did not
    /// find (`stripLength` metres from the back wall forward, 3 cm thick, seen up to `stripTop`), and
    /// the floor seen everywhere else in the room.
    static func wardrobe(
        x0: Double, x1: Double, z0: Double, z1: Double, top: Double, stripLength: Double, stripTop: Double
    ) -> (positions: [SIMD2<Double>], heights: [Float]) {
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        let w = Int(FloorPlanExtractor.handMadeRoomWidth / spacing)
        let d = Int(FloorPlanExtractor.handMadeRoomDepth / spacing)
        let stripX = (x1 + wallGap)...(x1 + wallGap + 0.03)
        let stripZ = (FloorPlanExtractor.handMadeRoomDepth - stripLength)...FloorPlanExtractor.handMadeRoomDepth
        for i in 1..<w {
            for j in 1..<d {
                let p = SIMD2(Double(i) * spacing, Double(j) * spacing)
                if (x0...x1).contains(p.x) && (z0...z1).contains(p.y) { continue }
                if stripX.contains(p.x) && stripZ.contains(p.y) { continue }
                positions.append(p)
                heights.append(0)
            }
        }
        func column(_ p: SIMD2<Double>, to height: Double) {
            for h in stride(from: Double(FloorPlanExtractor.objectFloorClearance) + spacing, through: height, by: spacing) {
                positions.append(p)
                heights.append(Float(h))
            }
        }
        for x in stride(from: x0, through: x1, by: spacing) {
            column(SIMD2(x, z0), to: top)
            column(SIMD2(x, z0 + spacing), to: top)
        }
        for z in stride(from: z0, through: z1, by: spacing) { column(SIMD2(x0, z), to: top) }
        for x in stride(from: stripX.lowerBound, through: stripX.upperBound, by: spacing) {
            for z in stride(from: stripZ.lowerBound, through: stripZ.upperBound, by: spacing) {
                column(SIMD2(x, z), to: stripTop)
            }
        }
        return (positions, heights)
    }

    /// A wardrobe 1.2 × 0.6 m, 2.0 m high, against the back wall (x 1.0…2.2, z 2.98…3.58), seen only
    /// from the front and its left end, with the strip of a side wall seen beside its right end and
    /// running on 20 cm in front of it (up to 1.9 m, below the wardrobe's top). The strip's cells join
    /// the wardrobe's cluster, so the cells' box reaches 20 cm past the front; the wall's axes, the
    /// back at the wall and the front at the front face give the wardrobe: square with the wall, its
    /// back at the wall (the truth 2 cm before it), its front within the profile's 1 cm bin of the face,
    /// its depth within both, its left end where it was seen.
    @Test func aWardrobeSeenFromTheFrontHasItsBackAtTheWall() {
        let (x0, x1, z0, z1, top) = (1.0, 2.2, 2.98, 3.58, 2.0)
        let points = Self.wardrobe(
            x0: x0, x1: x1, z0: z0, z1: z1, top: top, stripLength: 0.82, stripTop: 1.9)
        let objects = FloorPlanExtractor.objectsInHandMadeRoom(
            positions: points.positions, heights: points.heights, ceilingSeen: false)
        let tall = objects.filter { $0.top >= Double(FloorPlanExtractor.tallObjectHeight) }
        #expect(tall.count == 1, "\(objects)")
        guard let wardrobe = tall.first else { return }
        let c = wardrobe.corners
        let edge = c[1] - c[0]
        let sine = abs(edge.x * edge.y) / ((edge * edge).sum())
        #expect(sine <= Self.squareSine, "\(c)")
        let xs = c.map(\.x)
        let zs = c.map(\.y)
        let back = zs.max()!
        let front = zs.min()!
        #expect(abs(back - z1) <= Self.backTolerance, "\(zs)")
        #expect(abs(front - z0) <= Self.profileFrontTolerance, "\(zs)")
        #expect(abs((back - front) - (z1 - z0)) <= Self.depthTolerance, "\(zs)")
        #expect(abs(xs.min()! - x0) <= Self.frontTolerance, "\(xs)")
    }

    /// The same wardrobe standing 30 cm from the back wall (z 2.68…3.28), its back seen too and the
    /// floor seen behind it, no strip: it reaches no wall, and its box is the one its faces give.
    @Test func aWardrobeApartFromTheWallKeepsItsBack() {
        let (x0, x1, z0, z1, top) = (1.0, 2.2, 2.68, 3.28, 2.0)
        var points = Self.wardrobe(
            x0: x0, x1: x1, z0: z0, z1: z1, top: top, stripLength: 0, stripTop: 0)
        for x in stride(from: x0, through: x1, by: Self.spacing) {
            for h in stride(from: Double(FloorPlanExtractor.objectFloorClearance) + Self.spacing, through: top, by: Self.spacing) {
                points.positions.append(SIMD2(x, z1))
                points.heights.append(Float(h))
            }
        }
        let objects = FloorPlanExtractor.objectsInHandMadeRoom(
            positions: points.positions, heights: points.heights, ceilingSeen: false)
        let tall = objects.filter { $0.top >= Double(FloorPlanExtractor.tallObjectHeight) }
        #expect(tall.count == 1, "\(objects)")
        guard let wardrobe = tall.first else { return }
        let zs = wardrobe.corners.map(\.y)
        #expect(abs(zs.max()! - z1) <= Self.frontTolerance, "\(zs)")
        #expect(abs(zs.min()! - z0) <= Self.frontTolerance, "\(zs)")
    }
}
