import FathomCore
import Foundation

extension FloorPlanExtractor {
    /// Depth of the band inside each side of a box in which the side's surface is sought from the
    /// points, metres (deeper than the fringe that depth noise and flying pixels leave on a seen face).
    static let objectEdgeBand = 0.15
    /// Bin of the points' profile across a side, metres.
    static let objectEdgeBin = 0.01
    /// A side is placed where the points' profile across it first reaches this share of its peak,
    /// coming in from outside: a step blurred by symmetric noise (a top, the end of a face) is at half
    /// its height at the true edge; a face seen edge-on to the profile is a blurred peak whose
    /// outer half-height crossing lies 1.18 noise deviations outside it (its centre is not taken:
    /// from the far side of a piece seen only from the front, the first face met is its front).
    static let objectEdgeLevel = 0.5
    /// Fewest points at a side's peak for the side to be placed from its profile.
    static let objectEdgeMinimumPeak = 8
    /// A bin counts as below the level only when it lies below it by this many Poisson standard
    /// deviations (the square root of the level): a sparsely seen end of a piece, a few points per
    /// bin all along, is the piece and not a fringe.
    static let objectEdgeSignificance = 2.0

    /// The box with each side moved in to the edge its points show (never out). The box from the
    /// occupied cells reaches the outermost cell holding a few points, and on a seen face the
    /// depth's noise and flying pixels spread a fringe of points several centimetres in front of it;
    /// the cells do not tell that fringe from the piece. The points' profile across the side (1 cm
    /// bins over the band inside it) does: the fringe lies below half the side's peak, the piece's
    /// top or face above it (`objectEdgeLevel`). The profile's own shape decides, so a clean edge
    /// keeps its place and the noisier the data the more it trims. A bin counts as below that level
    /// only when it is so by more than its counting noise (`objectEdgeSignificance`): the sparsely
    /// seen end of a piece, a few points in every bin, is not trimmed as if it were a fringe. A side
    /// moves in by at most a quarter of the box's extent across it.
    func surfaceEdges(
        _ box: PlanBox, cluster: Int32, label: [Int32], grid: PlanPointGrid, origin: SIMD2<Double>, width w: Int,
        depth d: Int, cell: Double, heightRange: ClosedRange<Float>
    ) -> PlanBox {
        let bins = Int((Self.objectEdgeBand / Self.objectEdgeBin).rounded())
        // Profiles of the sides −u, +u, −v, +v (index 0…3), from the side inwards.
        var profile = [Int](repeating: 0, count: 4 * bins)
        let half = box.size / 2
        let (lo, hi) = box.bounds
        let pad = SIMD2<Double>(repeating: cell)
        let u = box.u
        let v = box.v
        grid.forEachPoint(from: lo - pad, to: hi + pad) { i in
            let p = grid.positions[i]
            let x = Int((p.x - origin.x) / cell)
            let z = Int((p.y - origin.y) / cell)
            guard x >= 0, x < w, z >= 0, z < d, label[z * w + x] == cluster, heightRange.contains(grid.heights[i])
            else { return }
            let r = p - box.centre
            let a = (r * u).sum()
            let b = (r * v).sum()
            for side in 0..<4 {
                let inward: Double
                switch side {
                case 0: inward = a + half.x
                case 1: inward = half.x - a
                case 2: inward = b + half.y
                default: inward = half.y - b
                }
                let bin = Int(max(0, inward) / Self.objectEdgeBin)
                if bin < bins { profile[side * bins + bin] += 1 }
            }
        }
        var trim = [Double](repeating: 0, count: 4)
        for side in 0..<4 {
            let row = profile[(side * bins)..<((side + 1) * bins)]
            guard let peak = row.max(), peak >= Self.objectEdgeMinimumPeak else { continue }
            let half = Double(peak) * Self.objectEdgeLevel
            let level = half - Self.objectEdgeSignificance * half.squareRoot()
            guard level > 0, let first = row.indices.first(where: { Double(row[$0]) >= level }), first > row.startIndex else {
                continue
            }
            // The crossing of the level between the centres of the bins either side of it.
            let below = Double(row[first - 1])
            let above = Double(row[first])
            let crossing = Double(first - row.startIndex) - 0.5 + min(1, (level - below) / max(above - below, 1))
            let extent = side < 2 ? box.size.x : box.size.y
            trim[side] = min(max(0, crossing) * Self.objectEdgeBin, extent / 4)
        }
        var out = box
        out.size.x -= trim[0] + trim[1]
        out.size.y -= trim[2] + trim[3]
        let alongU: Double = (trim[0] - trim[1]) / 2
        let alongV: Double = (trim[2] - trim[3]) / 2
        out.centre += u * alongU
        out.centre += v * alongV
        return out
    }
}
