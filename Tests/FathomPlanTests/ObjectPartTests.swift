@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made case of a piece seen in parts (`isPart`): a closed 4 × 3.6 m room, 2.5 m high, its
/// ceiling seen, with a counter run along its back wall under wall cabinets.
@Suite struct ObjectPartTests {
    /// Spacing of the hand-made points, metres.
    static let spacing = 0.01
    /// Tolerance on a found box's sides, metres (a cell and a bin of the edge profile).
    static let boxTolerance = 0.03
    /// Tolerance on a found top, metres.
    static let topTolerance: Double = 0.005

    /// A counter 0.9 m high (x 1.0…3.0, z 3.0…3.6) under wall cabinets reaching 2.1 m over its back
    /// half at the left (x 1.0…2.0, z 3.25…3.6), with a gap between the cabinets (x 1.3…1.6,
    /// z 3.4…3.6) through which the counter's top is seen; the floor seen everywhere else. The
    /// counter's top seen through the gap is a cluster of its own (the cabinets' cells surround it),
    /// a 0.3 × 0.15 m box at the counter's height inside the counter's box: a part of the counter,
    /// not a second piece. Two objects: the counter, 2.0 × 0.6 m, 0.9 m high, and the cabinets'
    /// column, 2.1 m high.
    @Test func aPartOfAPieceSeenThroughAGapIsNotASecondPiece() {
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        for i in 1..<400 {
            for j in 1..<360 {
                let p = SIMD2(Double(i) * Self.spacing, Double(j) * Self.spacing)
                positions.append(p)
                let counter = (1.0...3.0).contains(p.x) && p.y >= 3.0
                let cabinets = (1.0...2.0).contains(p.x) && p.y >= 3.25
                let gap = (1.3...1.6).contains(p.x) && p.y >= 3.4
                heights.append(cabinets && !gap ? 2.1 : counter ? 0.9 : 0)
            }
        }
        let objects = FloorPlanExtractor.objectsInHandMadeRoom(
            positions: positions, heights: heights, ceilingSeen: true)
        #expect(objects.count == 2, "\(objects)")
        guard let counter = objects.first(where: { abs($0.top - 0.9) <= Self.topTolerance }) else {
            Issue.record("no counter in \(objects)")
            return
        }
        let xs = counter.corners.map(\.x)
        let zs = counter.corners.map(\.y)
        #expect(abs(xs.min()! - 0.995) <= Self.boxTolerance && abs(xs.max()! - 3.005) <= Self.boxTolerance, "\(xs)")
        #expect(abs(zs.min()! - 2.995) <= Self.boxTolerance && abs(zs.max()! - 3.6) <= Self.boxTolerance, "\(zs)")
        #expect(objects.contains { abs($0.top - 2.1) <= Self.topTolerance })
    }
}
