import FathomCore
import Foundation

extension FloorPlanExtractor {
    /// Largest turn between a tall piece's box and a wall face for that wall to be the one the piece
    /// stands against, radians (a box turned further is a piece standing at an angle, or no piece of
    /// that wall's). The box from the cells turns when a strip of something else (a side wall the plan
    /// did not find, seen beside the piece) joins its cluster: 7–8° on the independent cases.
    static let backAtWallTurn = 15.0 * Double.pi / 180

    /// The box of a tall piece standing against a wall, rebuilt in that wall's axes: its back at the
    /// wall, its front at its front face, its ends where its cells end (trimmed to the edges its
    /// points show, `surfaceEdges`). Furniture stands with its back at the wall; the back is hidden,
    /// so the cells that happen to be occupied (a side wall's strip beside the piece, the fringe of
    /// its ends) do not say where it is: the wall line the plan found does.
    ///
    /// The wall is a face whose direction lies within `backAtWallTurn` of one of the box's axes, on
    /// whose seen side the box stands, whose stretch (within the blind strip, `objectWallStrip`)
    /// overlaps the cells' extent along it, and which the piece reaches: its nearest cell lies within
    /// the strip and a cell of it (nothing can be seen nearer the face). Of those, the wall whose
    /// profile across it (below) peaks highest is the one behind: the seen front face is parallel to
    /// it (a wall beside the piece's end sees its front spread over the profile's length). A wall runs
    /// on to the ceiling: where it was seen above the piece's top (`wallSeenAbove`) and the face was
    /// found along less than half the piece (`objectEdgeLevel`), the back goes to where the wall was
    /// seen (the face's line, extended behind a piece that hid the wall, need not run exactly
    /// there), and a face is not the one behind when the wall seen above the piece lies
    /// farther than the blind strip in front of it (a wall the plan did not find stands between).
    /// The piece's faces must agree with the wall: its points' profile across the wall (1 cm bins,
    /// `objectEdgeBin`) must peak at least as high as across the box's own axis (a face parallel to
    /// the wall falls into few bins of the wall's profile; a piece really standing at an angle keeps
    /// its own box). The front is where that profile, coming in from the room, first reaches half its
    /// peak (the rule of `surfaceEdges`: the front face is the densest row, seen over the piece's
    /// height; a strip of a side wall running on in front of it is a low level). Cells in front of
    /// the front are not the piece's.
    ///
    /// Returns the box unchanged when no wall qualifies, the faces do not agree or the front found
    /// makes no piece.
    func backAtWall(
        _ box: PlanBox, cells: [Int], cluster: Int32, label: [Int32], grid: PlanPointGrid, faces: [WallFace],
        origin: SIMD2<Double>, width w: Int, depth d: Int, cell: Double, heightRange: ClosedRange<Float>, top: Double,
        wallTop: Float
    ) -> PlanBox {
        guard !cells.isEmpty else { return box }
        func centre(_ k: Int) -> SIMD2<Double> { origin + SIMD2(Double(k % w) + 0.5, Double(k / w) + 0.5) * cell }
        let reach = Self.objectWallStrip + cell
        var candidates: [(face: WallFace, back: Double)] = []
        /// The farthest cell centre from a face, metres.
        func farthest(_ face: WallFace) -> Double {
            var out = 0.0
            for k in cells { out = max(out, face.line.signedDistance(to: centre(k)) * face.side) }
            return out
        }
        for face in faces where !face.isFurnitureFront {
            let dir = face.line.direction
            let turn = max(abs((dir * box.u).sum()), abs((dir * box.v).sum()))
            guard turn >= cos(Self.backAtWallTurn) else { continue }
            guard face.line.signedDistance(to: box.centre) * face.side > 0 else { continue }
            var near = Double.infinity
            var t0 = Double.infinity
            var t1 = -Double.infinity
            for k in cells {
                let p = centre(k)
                near = min(near, face.line.signedDistance(to: p) * face.side)
                let t = face.line.coordinate(of: p)
                t0 = min(t0, t)
                t1 = max(t1, t)
            }
            guard near > 0, near <= reach else { continue }
            guard face.t1 >= t0 - Self.objectWallStrip, face.t0 <= t1 + Self.objectWallStrip else { continue }
            // The wall seen above the piece's top is the wall behind it: where it was seen (its
            // median distance from the face), unless that lies farther in front of the face than the
            // blind strip (then the face is some other wall, farther back).
            var back = 0.0
            if let seen = wallSeenAbove(
                face, from: t0 + Self.objectWallStrip, to: t1 - Self.objectWallStrip, top: top, wallTop: wallTop,
                depth: max(near, farthest(face)) + cell, grid: grid)
            {
                guard seen <= Self.objectWallStrip else { continue }
                // Where the face was found along most of the piece, its line is the wall's measure;
                // where it is only extended behind the piece, the wall seen above it is.
                let covered = min(face.t1, t1) - max(face.t0, t0)
                if covered < Self.objectEdgeLevel * (t1 - t0) { back = seen }
            }
            candidates.append((face, back))
        }
        guard !candidates.isEmpty else { return box }
        let member = Set(cells)
        var lo = SIMD2<Double>(repeating: .infinity)
        var hi = SIMD2<Double>(repeating: -.infinity)
        for k in cells {
            lo = pointwiseMin(lo, centre(k))
            hi = pointwiseMax(hi, centre(k))
        }
        let pad = SIMD2<Double>(repeating: cell)
        /// The points' profile (1 cm bins) along `axis` from `offset`, over `bins` bins.
        func profile(along axis: SIMD2<Double>, from offset: Double, bins: Int) -> [Int] {
            var out = [Int](repeating: 0, count: max(bins, 0))
            guard bins > 0 else { return out }
            grid.forEachPoint(from: lo - pad, to: hi + pad) { i in
                let p = grid.positions[i]
                let x = Int((p.x - origin.x) / cell)
                let z = Int((p.y - origin.y) / cell)
                guard x >= 0, x < w, z >= 0, z < d, member.contains(z * w + x), heightRange.contains(grid.heights[i])
                else { return }
                let bin = Int(max(0, (p * axis).sum() - offset) / Self.objectEdgeBin)
                if bin < bins { out[bin] += 1 }
            }
            return out
        }
        // The wall behind is the one whose profile peaks highest: the seen front face is parallel to it.
        var best: (face: WallFace, back: Double, across: [Int], peak: Int)? = nil
        for (face, back) in candidates {
            let inward = face.line.normal * face.side
            let bins = Int(((farthest(face) + cell) / Self.objectEdgeBin).rounded(.up)) + 1
            // The face's line at distance 0 along `inward`: offset of the line's origin.
            let across = profile(along: inward, from: (face.line.origin * inward).sum(), bins: bins)
            let peak = across.max() ?? 0
            if peak > (best?.peak ?? 0) { best = (face, back, across, peak) }
        }
        guard let best, best.peak >= Self.objectEdgeMinimumPeak else { return box }
        let face = best.face
        let back = best.back
        let across = best.across
        let peak = best.peak
        let bins = across.count
        let inward = face.line.normal * face.side
        let along = face.line.direction
        // The piece's faces must agree with the wall: where its box is turned from the wall by more
        // than pieces parallel to a wall are (`furnitureParallelSine`), its profile across its own
        // box's axis (the one nearer the wall's normal) must not peak higher.
        let ownAcross = abs((box.u * inward).sum()) >= abs((box.v * inward).sum()) ? box.u : box.v
        let turned = abs((ownAcross * along).sum()) > Self.furnitureParallelSine
        let ownHalf = abs((ownAcross * box.u).sum()) > 0.5 ? box.size.x / 2 : box.size.y / 2
        let ownOffset = (box.centre * ownAcross).sum() - ownHalf - Self.objectWallStrip
        let ownBins = Int(((2 * ownHalf + 2 * Self.objectWallStrip + cell) / Self.objectEdgeBin).rounded(.up)) + 1
        if turned, (profile(along: ownAcross, from: ownOffset, bins: ownBins).max() ?? 0) > peak { return box }
        // The front: coming in from the room, the first bin reaching half the peak (less its counting
        // noise), the crossing between the bins either side of it.
        let level = Double(peak) * Self.objectEdgeLevel
        let threshold = level - Self.objectEdgeSignificance * level.squareRoot()
        guard threshold > 0, let first = across.indices.last(where: { Double(across[$0]) >= threshold }) else {
            return box
        }
        let inner = Double(across[first])
        let outer = first + 1 < bins ? Double(across[first + 1]) : 0
        let front = (Double(first) + 0.5 + min(1, (inner - threshold) / max(inner - outer, 1))) * Self.objectEdgeBin
        guard front - back >= Self.minimumObjectExtent / 2 else { return box }
        // The piece's cells: those not in front of its front.
        var t0 = Double.infinity
        var t1 = -Double.infinity
        for k in cells where face.line.signedDistance(to: centre(k)) * face.side <= front + cell / 2 {
            let t = face.line.coordinate(of: centre(k))
            t0 = min(t0, t)
            t1 = max(t1, t)
        }
        guard t1 - t0 + cell >= Self.minimumObjectExtent / 2 else { return box }
        t0 -= cell / 2
        t1 += cell / 2
        func rebuilt(_ t0: Double, _ t1: Double) -> PlanBox {
            PlanBox(
                centre: face.line.point(at: (t0 + t1) / 2) + inward * ((back + front) / 2), u: along,
                size: SIMD2(t1 - t0, front - back))
        }
        // The ends at the edges their points show; the back and the front stay.
        let trimmed = surfaceEdges(
            rebuilt(t0, t1), cluster: cluster, label: label, grid: grid, origin: origin, width: w, depth: d,
            cell: cell, heightRange: heightRange)
        let mid = face.line.coordinate(of: trimmed.centre)
        return rebuilt(mid - trimmed.size.x / 2, mid + trimmed.size.x / 2)
    }

    /// The median distance in front of `face` (metres, negative behind it) of the points seen above a
    /// piece's `top` (by more than `objectSameTopTolerance`, below `wallTop`, metres above the floor)
    /// along the face's stretch `t0…t1` and at most `depth` metres in front of it (from the blind
    /// strip behind it): the wall behind the piece, seen over it. Nil when fewer than
    /// `objectEdgeMinimumPeak` points were seen there or the stretch is empty.
    func wallSeenAbove(
        _ face: WallFace, from t0: Double, to t1: Double, top: Double, wallTop: Float, depth: Double, grid: PlanPointGrid
    ) -> Double? {
        guard t1 > t0 else { return nil }
        let low = Float(top + Self.objectSameTopTolerance)
        guard wallTop > low else { return nil }
        let inward = face.line.normal * face.side
        let corners = [
            face.line.point(at: t0) - inward * Self.objectWallStrip, face.line.point(at: t1) - inward * Self.objectWallStrip,
            face.line.point(at: t0) + inward * depth, face.line.point(at: t1) + inward * depth,
        ]
        let (lo, hi) = Self.axisBounds(of: corners)
        var distances: [Double] = []
        grid.forEachPoint(from: lo, to: hi) { i in
            let h = grid.heights[i]
            guard h > low, h < wallTop else { return }
            let p = grid.positions[i]
            let t = face.line.coordinate(of: p)
            guard t >= t0, t <= t1 else { return }
            let s = face.line.signedDistance(to: p) * face.side
            guard s >= -Self.objectWallStrip, s <= depth else { return }
            distances.append(s)
        }
        guard distances.count >= Self.objectEdgeMinimumPeak else { return nil }
        distances.sort()
        return distances[distances.count / 2]
    }
}
