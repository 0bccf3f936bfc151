extension FloorPlanExtractor {
    /// Cuts each face where a partition behind it ends. A face of this room (`a`) and a wall of the
    /// room across the partition (`b`, lying behind it) never meet at a corner (`canMeet`), but the
    /// partition between the two rooms ends at the other room's corner: where the partition's face on
    /// that room's side (`c`: parallel to the face, behind it by no more than a wall's thickness,
    /// `maximumWallThickness`, and seen from the other side) meets `b`. A face running on past that
    /// corner is the partition's face up to it and another wall beyond (the end of the other room's
    /// outer wall, often a few centimetres out of line): two pieces, cut across from the corner, as
    /// at a T junction. (`b`'s own line would cut it elsewhere when `b` is not square to it, such as
    /// a room's 45° corner.) `b` must reach the corner (its nearer end within a wall's thickness of
    /// it) and the face's seen points must run on at least `minimumJunctionPiece` either side of the
    /// cut; otherwise the face is left whole. (Where the seen points end before the corner, the face
    /// only runs on to its own room's corner: a piece cut off there would hold no points, be dropped
    /// as unsupported and leave the room open.) `sides` (parallel to `faces`, nil where unknown) are
    /// the sides the faces were seen from.
    func cutAtPartitionEnds(_ faces: [WallFace], sides: [Double?]) -> [WallFace] {
        guard sides.count == faces.count else { return faces }
        var out: [WallFace] = []
        for (a, face) in faces.enumerated() {
            let cuts = sides[a].map { partitionEnds(of: face, side: $0, faces: faces, sides: sides) } ?? []
            var start = face.t0
            for t in cuts.sorted() + [face.t1] where t - start >= Self.minimumJunctionPiece {
                if t < face.t1 && face.t1 - t < Self.minimumJunctionPiece { continue }
                var piece = face
                piece.t0 = start
                piece.t1 = t
                let seen0 = min(max(face.observedT0, start), t)
                piece.observedT0 = seen0
                piece.observedT1 = max(min(face.observedT1, t), seen0)
                out.append(piece)
                start = t
            }
        }
        return out
    }

    /// Coordinates on `face` (seen from `side`) of the corners where a partition behind it ends
    /// (see `cutAtPartitionEnds`), at least `minimumJunctionPiece` inside its seen part.
    func partitionEnds(of face: WallFace, side: Double, faces: [WallFace], sides: [Double?]) -> [Double] {
        let thickness = configuration.maximumWallThickness
        // The partition's faces on the far side: parallel, behind this face, seen from beyond it, overlapping it.
        let far = faces.indices.filter { c in
            guard let sideC = sides[c], face.line.sine(with: faces[c].line) <= Self.pairingSine else { return false }
            let other = faces[c]
            let gap = -face.line.signedDistance(to: (other.start + other.end) / 2) * side
            let u0 = face.line.coordinate(of: other.start)
            let u1 = face.line.coordinate(of: other.end)
            return gap >= Self.minimumPairGap && gap <= thickness
                && other.line.signedDistance(to: face.start) * sideC < 0
                && min(face.t1, max(u0, u1)) - max(face.t0, min(u0, u1)) >= Self.minimumJunctionPiece
        }
        guard !far.isEmpty else { return [] }
        var cuts: [Double] = []
        for (b, other) in faces.enumerated() {
            guard let sideB = sides[b], face.line.sine(with: other.line) >= Self.cornerSine,
                placement(of: other, relativeTo: face, side: side) == -1,
                placement(of: face, relativeTo: other, side: sideB) != -1
            else { continue }
            for c in far where c != b {
                guard let corner = faces[c].line.intersection(with: other.line) else { continue }
                let reach = min(
                    FloorPlanGeometry.distance(other.start, corner), FloorPlanGeometry.distance(other.end, corner))
                let t = face.line.coordinate(of: corner)
                guard reach <= thickness, t >= face.observedT0 + Self.minimumJunctionPiece,
                    t <= face.observedT1 - Self.minimumJunctionPiece
                else { continue }
                cuts.append(t)
            }
        }
        return cuts
    }
}
