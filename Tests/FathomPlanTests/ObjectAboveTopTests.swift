@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made case of a tall piece beside a wall that no face took (`cellsUpToTop`): a closed
/// 4 × 3.6 m room with a wardrobe against its back wall, and beside the wardrobe a partition
/// (perpendicular to the back wall) that the plan did not find. The partition's fringe of cells
/// touches the wardrobe's side and runs on past its front: without the rule the wardrobe's box
/// takes the strip in (30 cm too deep, the furnished-2003 wardrobe's case).
@Suite struct ObjectAboveTopTests {
    /// Spacing of the hand-made points, metres.
    static let spacing = 0.01
    /// Tolerance on a found top, metres.
    static let topTolerance: Double = 0.015
    /// Tolerance on a found side, metres (a cell).
    static let sideTolerance = 0.03
    /// The wardrobe: x 1.0…2.2, z 3.0…3.58, top 1.9 m.
    static let wardrobeLeft = 1.0
    static let wardrobeRight = 2.2
    static let wardrobeFront = 3.0
    static let wardrobeTop = 1.9
    /// The partition's face (x), where its seen stretch starts (z) and how high it was seen, metres.
    static let partitionX = 0.97
    static let partitionStart = 2.7
    static let partitionTop = 2.4

    /// The wardrobe seen on its front (two rows of points, z 2.985 and 3.005) and both ends from
    /// the floor to 1.9 m, a point every centimetre of height; the partition beside it at x 0.97
    /// seen from the floor to 2.4 m where it stands clear of the wardrobe (z 2.7…3.0), and only
    /// above the wardrobe's top (1.95…2.4 m) where the wardrobe hides it (z 3.0…3.55); the floor seen
    /// elsewhere; the ceiling not seen. The strip's columns go on above the wardrobe's top: they are
    /// the partition's, not the wardrobe's. One box, x 1.0…2.2 from z 3.0 (before, from z 2.7).
    @Test func aTallPieceKeepsOnlyTheCellsUpToItsTop() {
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        for i in 1..<400 {
            for j in 1..<360 {
                let p = SIMD2(Double(i) * Self.spacing, Double(j) * Self.spacing)
                if (Self.wardrobeLeft...Self.wardrobeRight).contains(p.x) && p.y >= Self.wardrobeFront { continue }
                if abs(p.x - Self.partitionX) < Self.spacing && p.y >= Self.partitionStart { continue }
                positions.append(p)
                heights.append(0)
            }
        }
        func column(_ p: SIMD2<Double>, from h0: Double, to h1: Double) {
            for h in stride(from: h0, through: h1, by: Self.spacing) {
                positions.append(p)
                heights.append(Float(h))
            }
        }
        let floorClearance = Double(FloorPlanExtractor.objectFloorClearance) + Self.spacing
        for i in 100...220 {
            for z in [2.985, 3.005] { column(SIMD2(Double(i) * Self.spacing, z), from: floorClearance, to: Self.wardrobeTop) }
        }
        for j in 300...355 {
            column(SIMD2(Self.wardrobeLeft, Double(j) * Self.spacing), from: floorClearance, to: Self.wardrobeTop)
            column(SIMD2(Self.wardrobeRight, Double(j) * Self.spacing), from: floorClearance, to: Self.wardrobeTop)
        }
        for j in 270...355 {
            let z = Double(j) * Self.spacing
            let bottom = z < Self.wardrobeFront ? floorClearance : Self.wardrobeTop + 0.05
            column(SIMD2(Self.partitionX, z), from: bottom, to: Self.partitionTop)
        }
        let objects = FloorPlanExtractor.objectsInHandMadeRoom(
            positions: positions, heights: heights, ceilingSeen: false)
        #expect(objects.count == 1, "\(objects)")
        guard let wardrobe = objects.first else { return }
        #expect(abs(wardrobe.top - Self.wardrobeTop) <= Self.topTolerance, "\(wardrobe)")
        let xs = wardrobe.corners.map(\.x)
        let zs = wardrobe.corners.map(\.y)
        #expect(abs(xs.min()! - Self.wardrobeLeft) <= Self.sideTolerance, "\(xs)")
        #expect(abs(xs.max()! - Self.wardrobeRight) <= Self.sideTolerance, "\(xs)")
        #expect(abs(zs.min()! - Self.wardrobeFront) <= Self.sideTolerance, "\(zs)")
    }

    /// A bookcase (x 1.0…2.0, z 3.2…3.6) seen on its front (z = 3.2) and both ends from the floor to
    /// 1.8 m; beside it the back wall's fringe (x 2.01…2.6, 5–8 cm in front of the wall, farther than
    /// the wall clearance) seen from the floor to 2.4 m, as a wall is where nothing stands before it;
    /// the ceiling not seen. The strip's columns are a third of the runs from the floor, so the height
    /// a tenth of them reach is the wall's; most runs end together at 1.8 m, and those going on above
    /// are fewer (`frontTop`). One box, x 1.0…2.0, 1.8 m high (before: x 1.0…2.6, 2.4 m).
    @Test func aBookcaseWhoseWallRunsOnAboveItKeepsItsOwnTop() {
        let bookcaseTop = 1.8
        let stripEnd = 2.6
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
        func column(_ p: SIMD2<Double>, to top: Double) {
            for h in stride(from: 0.06, through: top, by: Self.spacing) {
                positions.append(p)
                heights.append(Float(h))
            }
        }
        for i in 100...200 { column(SIMD2(Double(i) * Self.spacing, 3.2), to: bookcaseTop) }
        for j in 320...355 {
            column(SIMD2(1.0, Double(j) * Self.spacing), to: bookcaseTop)
            column(SIMD2(2.0, Double(j) * Self.spacing), to: bookcaseTop)
        }
        for i in 201...Int(stripEnd / Self.spacing) {
            for z in [3.52, 3.535, 3.55] { column(SIMD2(Double(i) * Self.spacing, z), to: Self.partitionTop) }
        }
        let objects = FloorPlanExtractor.objectsInHandMadeRoom(
            positions: positions, heights: heights, ceilingSeen: false)
        #expect(objects.count == 1, "\(objects)")
        guard let bookcase = objects.first else { return }
        #expect(abs(bookcase.top - bookcaseTop) <= Self.topTolerance, "\(bookcase)")
        let xs = bookcase.corners.map(\.x)
        #expect(abs(xs.min()! - 1.0) <= Self.sideTolerance && abs(xs.max()! - 2.0) <= Self.sideTolerance, "\(xs)")
    }

    /// `frontTop` on hand-made run tops: 60 runs ending at 1.80–1.82 m and 25 going on to 2.30–2.40 m
    /// give 1.82 m (the tenth over all of them, 2.3 m, before). A sparsely seen face, 10 runs broken
    /// at 1.40–1.42 m and 20 spread from 1.50 to 1.77 m: the runs above the low level are more than
    /// those ending at it, so every run counts (the tenth, 1.72 m, not 1.42 m).
    @Test func theTopIsTheLevelWhereMostFaceRunsEnd() {
        var tops: [Float] = (0..<60).map { 1.80 + Float($0 % 3) * 0.01 }
        tops += (0..<25).map { 2.30 + Float($0 % 11) * 0.01 }
        tops.sort(by: >)
        let top = FloorPlanExtractor.frontTop(tops) ?? 0
        #expect(abs(top - 1.82) <= 0.005, "\(top)")
        var sparse: [Float] = (0..<10).map { 1.40 + Float($0 % 3) * 0.01 }
        sparse += (0..<20).map { 1.50 + Float($0) * 0.014 }
        sparse.sort(by: >)
        let sparseTop = FloorPlanExtractor.frontTop(sparse) ?? 0
        let tenth = Double(sparse[Int(FloorPlanExtractor.objectFrontFraction * Double(sparse.count))])
        #expect(abs(sparseTop - tenth) <= 0.001 && sparseTop > 1.7, "\(sparseTop) \(tenth)")
    }
}
