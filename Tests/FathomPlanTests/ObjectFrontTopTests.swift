@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made case of a tall piece's top where the ceiling was not seen (`columnRun`,
/// `objectFrontFraction`): a closed 4 × 3.6 m room with a bookcase against its back wall, seen from
/// eye height, so its top is not seen but its front and sides are, and the wall behind it is seen
/// above it.
@Suite struct ObjectFrontTopTests {
    /// Spacing of the hand-made points, metres.
    static let spacing = 0.01
    /// Tolerance on a found top, metres.
    static let topTolerance: Double = 0.015
    /// The bookcase's top and the highest wall point seen behind it, metres.
    static let bookcaseTop = 1.8
    static let wallNoiseTop = 2.4

    /// A bookcase (x 1.0…2.0, z 3.2…3.6) seen on its front (z = 3.2) and both ends from the floor to
    /// 1.8 m, a point every centimetre of height; behind it the wall's noise 5–8 cm in front of the
    /// wall (z 3.52…3.55, farther than the wall clearance) from 1.8 to 2.4 m, a point every 3 cm of
    /// height (the wall seen above the bookcase, its depth noise spread); the floor seen elsewhere;
    /// the ceiling not seen. The cells along the wall reach 2.4 m, more than `objectTopCells` of
    /// them, so the height three cells reach is the wall's; the faces' runs from the floor end at
    /// 1.8 m: one box, 1.8 m high (before, 2.4 m).
    @Test func aTallPieceEndsWhereItsFacesEndNotAtTheWallAboveIt() {
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        for i in 1..<400 {
            for j in 1..<360 {
                let p = SIMD2(Double(i) * Self.spacing, Double(j) * Self.spacing)
                if (1.0...2.0).contains(p.x) && p.y >= 3.2 { continue }
                positions.append(p)
                heights.append(0)
            }
        }
        func face(_ p: SIMD2<Double>) {
            for h in stride(from: 0.06, through: Self.bookcaseTop, by: Self.spacing) {
                positions.append(p)
                heights.append(Float(h))
            }
        }
        for i in 100...200 { face(SIMD2(Double(i) * Self.spacing, 3.2)) }
        for j in 320...355 {
            face(SIMD2(1.0, Double(j) * Self.spacing))
            face(SIMD2(2.0, Double(j) * Self.spacing))
        }
        for i in 100...200 {
            for z in [3.52, 3.535, 3.55] {
                for h in stride(from: Self.bookcaseTop, through: Self.wallNoiseTop, by: 0.03) {
                    positions.append(SIMD2(Double(i) * Self.spacing, z))
                    heights.append(Float(h))
                }
            }
        }
        let objects = FloorPlanExtractor.objectsInHandMadeRoom(
            positions: positions, heights: heights, ceilingSeen: false)
        #expect(objects.count == 1, "\(objects)")
        guard let bookcase = objects.first else { return }
        #expect(abs(bookcase.top - Self.bookcaseTop) <= Self.topTolerance, "\(bookcase)")
        let xs = bookcase.corners.map(\.x)
        #expect(abs(xs.min()! - 1.0) <= 0.03 && abs(xs.max()! - 2.0) <= 0.03, "\(xs)")
    }
}
