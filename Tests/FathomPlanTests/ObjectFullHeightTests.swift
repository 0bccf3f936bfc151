@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made case of a wall that no face took standing beside furniture (`objectFullHeightBand`): a
/// closed 4 × 3.6 m room, 2.5 m high, its ceiling seen.
@Suite struct ObjectFullHeightTests {
    /// Spacing of the hand-made points, metres.
    static let spacing = 0.01
    /// Tolerance on a found box's sides, metres (a cell and a bin of the edge profile).
    static let boxTolerance = 0.03
    /// Tolerance on a found top, metres.
    static let topTolerance: Double = 0.005

    /// A wardrobe 2.0 m high against the back wall (x 1.5…2.48, z 3.0…3.6), only its top seen, and
    /// beside its end a partition stub (x = 2.5, z 2.0…3.6) seen from the floor to the ceiling that no
    /// face took; the floor seen everywhere else. The stub's column reaches up under the ceiling, so
    /// it is a wall, not furniture: the wardrobe comes out alone, at its place, 2.0 m high. (Before,
    /// the stub joined the wardrobe's cluster: one box reaching 1.6 m into the room, its top the
    /// stub's 2.38 m.)
    @Test func aWallNoFaceTookIsNotFurniture() {
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        for i in 1..<400 {
            for j in 1..<360 {
                let p = SIMD2(Double(i) * Self.spacing, Double(j) * Self.spacing)
                positions.append(p)
                heights.append((1.5...2.48).contains(p.x) && p.y >= 3.0 ? 2.0 : 0)
            }
        }
        for j in 200...360 {
            for k in 1...249 {
                positions.append(SIMD2(2.5, Double(j) * Self.spacing))
                heights.append(Float(Double(k) * Self.spacing))
            }
        }
        let objects = FloorPlanExtractor.objectsInHandMadeRoom(
            positions: positions, heights: heights, ceilingSeen: true)
        #expect(objects.count == 1, "\(objects)")
        guard let wardrobe = objects.first else { return }
        let xs = wardrobe.corners.map(\.x)
        let zs = wardrobe.corners.map(\.y)
        #expect(abs(xs.min()! - 1.495) <= Self.boxTolerance && abs(xs.max()! - 2.485) <= Self.boxTolerance, "\(xs)")
        #expect(abs(zs.min()! - 2.995) <= Self.boxTolerance && abs(zs.max()! - 3.6) <= Self.boxTolerance, "\(zs)")
        #expect(abs(wardrobe.top - 2.0) <= Self.topTolerance)
        #expect(wardrobe.category == .storage)
    }

    /// A chimney breast no face took (x 1.0…1.6, z 3.2…3.6 against the back wall), seen as its real
    /// counterpart is from a walk below it: its front and sides densely up to 2.0 m and sparsely
    /// above (a point every 4 cm of height, so a 3 cm cell holds 3 points in the 5 cm band under the
    /// ceiling clearance while an occupied cell needs 4), with the depth noise's fringe in front of
    /// its front (z 3.17…3.2, up to 2.2 m); and a wardrobe 2.0 m high (x 2.5…3.5, z 3.0…3.6), only its
    /// top seen; the floor seen everywhere else. The chimney's cells reach the band, each with a
    /// point or a few: it runs to the ceiling, so it is a wall, not a 2.36 m storage box, and its
    /// fringe goes with it (the fringe's strip, run on to the wall behind over floor never seen,
    /// was a box of its own). The wardrobe comes out alone, at its place, 2.0 m high.
    @Test func aColumnSeenSparselyUpToTheCeilingIsNotFurniture() {
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        for i in 1..<400 {
            for j in 1..<360 {
                let p = SIMD2(Double(i) * Self.spacing, Double(j) * Self.spacing)
                if (1.0...1.6).contains(p.x) && p.y >= 3.17 { continue }
                positions.append(p)
                heights.append((2.5...3.5).contains(p.x) && p.y >= 3.0 ? 2.0 : 0)
            }
        }
        // Heights of a face column: every 1 cm up to 2.0 m, every 4 cm above, below the ceiling.
        var column: [Float] = (1...200).map { Float($0) / 100 }
        var h: Float = 2.04
        while h < 2.49 {
            column.append(h)
            h += 0.04
        }
        func face(_ p: SIMD2<Double>, upTo top: Float) {
            for height in column where height <= top {
                positions.append(p)
                heights.append(height)
            }
        }
        for i in 100...160 {
            let x = Double(i) * Self.spacing
            face(SIMD2(x, 3.2), upTo: 2.49)
            for j in 0..<3 { face(SIMD2(x, 3.17 + Double(j) * Self.spacing), upTo: 2.2) }
        }
        for j in 321...359 {
            face(SIMD2(1.0, Double(j) * Self.spacing), upTo: 2.49)
            face(SIMD2(1.6, Double(j) * Self.spacing), upTo: 2.49)
        }
        let objects = FloorPlanExtractor.objectsInHandMadeRoom(
            positions: positions, heights: heights, ceilingSeen: true)
        #expect(objects.count == 1, "\(objects)")
        guard let wardrobe = objects.first else { return }
        let xs = wardrobe.corners.map(\.x)
        let zs = wardrobe.corners.map(\.y)
        #expect(abs(xs.min()! - 2.495) <= Self.boxTolerance && abs(xs.max()! - 3.505) <= Self.boxTolerance, "\(xs)")
        #expect(abs(zs.min()! - 2.995) <= Self.boxTolerance && abs(zs.max()! - 3.6) <= Self.boxTolerance, "\(zs)")
        #expect(abs(wardrobe.top - 2.0) <= Self.topTolerance)
    }
}
