import Foundation

extension FloorPlan {
    /// Pairs of walls that look like one wall drawn twice (a ghost from drift): nearly parallel
    /// (within `maximumAngleDegrees`), `separation` apart (metres, measured from one wall's ends to
    /// the other's line) and overlapping along their length by at least `minimumOverlap` metres.
    /// The two faces of a thick wall drawn as faces would count too; walls with a thickness are
    /// single walls and are compared by their centre lines.
    /// - Returns: the id pairs, each once.
    public func doubledWalls(
        maximumAngleDegrees: Double = 5, separation: ClosedRange<Double> = 0.03...0.30, minimumOverlap: Double = 0.5
    ) -> [(String, String)] {
        var out: [(String, String)] = []
        let sine = sin(maximumAngleDegrees * .pi / 180)
        for a in walls.indices {
            let wa = walls[a]
            guard wa.length > 0 else { continue }
            let u = (wa.end - wa.start) / wa.length
            let n = SIMD2(-u.y, u.x)
            for b in walls.indices where b > a {
                let wb = walls[b]
                guard wb.length > 0 else { continue }
                let v = (wb.end - wb.start) / wb.length
                guard abs(u.x * v.y - u.y * v.x) <= sine else { continue }
                let d0 = abs(((wb.start - wa.start) * n).sum())
                let d1 = abs(((wb.end - wa.start) * n).sum())
                let distance = (d0 + d1) / 2
                guard separation.contains(distance) else { continue }
                let s0 = ((wb.start - wa.start) * u).sum()
                let s1 = ((wb.end - wa.start) * u).sum()
                let overlap = min(wa.length, max(s0, s1)) - max(0, min(s0, s1))
                if overlap >= minimumOverlap { out.append((wa.id, wb.id)) }
            }
        }
        return out
    }
}
