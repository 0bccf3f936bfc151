extension FloorPlanExtractor {
    /// A face doubles another when it overlaps it over at least this fraction of its own length.
    static let doubledOverlap = 0.5

    /// The walls with each face found twice kept once. Two faces are one face found twice when they are
    /// parallel (within `furnitureParallelSine`, as furniture to its wall), the shorter's ends lie within `minimumFurnitureDepth` of the
    /// longer's line (nearer than the shallowest furniture stands before a wall: a wall's own face, or
    /// its ghost where tracking drift left one 3–10 cm off), it overlaps the longer over
    /// `doubledOverlap` of its own length or more, and both were seen from one side (or one from no
    /// side known). A wall's two faces are seen from opposite sides and stay. The face kept is the one
    /// whose side is known, else the one holding more points; it takes the other's extent too (the
    /// union along its line). Kept once, the face is drawn once, and it never pairs with the wall's
    /// other face while its copy stays beside the pair; a copy whose side was unknown can no longer
    /// meet a wall across a partition (`canMeet` allows any corner for an unknown side).
    /// Inferred faces (recess sides) are left as they are.
    func mergingDoubledFaces(_ faces: [WallFace], sides: [Double?]) -> (faces: [WallFace], sides: [Double?]) {
        var out = faces
        var removed = [Bool](repeating: false, count: faces.count)
        // Longest first, so that each shorter copy is folded into the longest face it doubles.
        let order = faces.indices.sorted { faces[$0].length > faces[$1].length }
        for (rank, a) in order.enumerated() where !removed[a] && !faces[a].isInferred {
            for b in order[(rank + 1)...] where !removed[b] && !faces[b].isInferred {
                let long = out[a]
                let short = out[b]
                guard long.line.sine(with: short.line) <= Self.furnitureParallelSine,
                    abs(long.line.signedDistance(to: short.start)) < Self.minimumFurnitureDepth,
                    abs(long.line.signedDistance(to: short.end)) < Self.minimumFurnitureDepth
                else { continue }
                if let sa = sides[a], let sb = sides[b], (long.line.normal * sa * short.line.normal * sb).sum() <= 0 {
                    continue
                }
                let u0 = long.line.coordinate(of: short.start)
                let u1 = long.line.coordinate(of: short.end)
                let lo = min(u0, u1)
                let hi = max(u0, u1)
                guard min(hi, long.t1) - max(lo, long.t0) >= Self.doubledOverlap * short.length else { continue }
                // A chimney breast's front (`isFullHeight`) is one face from return to return: a face
                // running on past its ends is another surface in line with it, not a copy of it.
                if short.isFullHeight && !long.isFullHeight {
                    let thickness = configuration.maximumWallThickness
                    let v0 = short.line.coordinate(of: long.start)
                    let v1 = short.line.coordinate(of: long.end)
                    guard min(v0, v1) >= short.t0 - thickness, max(v0, v1) <= short.t1 + thickness else { continue }
                }
                // Keep the face whose side is known, else the one holding more points.
                // A chimney breast's front (`isFullHeight`) is kept over a face that doubles it.
                let keepShort = short.isFullHeight != long.isFullHeight ? short.isFullHeight
                    : (sides[a] == nil && sides[b] != nil)
                    || (sides[a] == nil) == (sides[b] == nil) && short.pointCount > long.pointCount
                if keepShort {
                    // A breast's front keeps its own extent: the face doubling it may run on past its returns.
                    if !short.isFullHeight { out[b] = Self.absorbing(long, into: short) }
                    removed[a] = true
                    break
                }
                out[a] = Self.absorbing(short, into: long)
                removed[b] = true
            }
        }
        let kept = faces.indices.filter { !removed[$0] }
        return (kept.map { out[$0] }, kept.map { sides[$0] })
    }

    /// `face` grown to hold `other` too: its extent and its observed extent take the union with
    /// `other`'s ends on its line, and it counts `other`'s points.
    static func absorbing(_ other: WallFace, into face: WallFace) -> WallFace {
        var merged = face
        let v0 = face.line.coordinate(of: other.start)
        let v1 = face.line.coordinate(of: other.end)
        merged.t0 = min(face.t0, min(v0, v1))
        merged.t1 = max(face.t1, max(v0, v1))
        merged.observedT0 = min(face.observedT0, min(v0, v1))
        merged.observedT1 = max(face.observedT1, max(v0, v1))
        merged.pointCount += other.pointCount
        return merged
    }
}
