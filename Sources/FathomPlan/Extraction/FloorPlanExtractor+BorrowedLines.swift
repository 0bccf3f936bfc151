extension FloorPlanExtractor {
    /// Faces whose wall band holds points of their own (not another face's, `droppingBorrowedLines`)
    /// along less than `minimumBandSupport` of their length are not walls: a line fitted across
    /// other faces at an angle takes its points from them near the crossings.
    /// A point is another face's when it lies within `wallInlierDistance` of that face's line over
    /// the face's extent, the face crossing this one at an angle (|sin| above
    /// `furnitureParallelSine`: a face parallel to it is the same surface, `mergingDoubledFaces`) and
    /// holding more points (the stronger of two crossing lines keeps the points they share). A wall
    /// has its own points along its length; a line running 10° off two walls, through their points
    /// where it crosses them, has few besides. Inferred and full-height faces are kept.
    func droppingBorrowedLines(_ faces: [WallFace], grid: PlanPointGrid) -> [WallFace] {
        let band = configuration.wallBand
        let tolerance = configuration.wallInlierDistance
        var keep = [Bool](repeating: true, count: faces.count)
        for (f, face) in faces.enumerated() where !face.isInferred && !face.isFullHeight {
            let owners = faces.indices.filter { k in
                k != f && faces[k].pointCount > face.pointCount && !faces[k].isInferred
                    && faces[k].line.sine(with: face.line) > Self.furnitureParallelSine
            }
            guard !owners.isEmpty else { continue }
            let count = max(1, Int((face.length / Self.supportStation).rounded(.up)))
            var own = [Bool](repeating: false, count: count)
            var any = [Bool](repeating: false, count: count)
            grid.forEachPoint(near: face.line, from: face.t0, to: face.t1, within: tolerance) { i, t in
                let h = Double(grid.heights[i])
                guard h >= band.lowerBound, h <= band.upperBound else { return }
                let s = min(count - 1, max(0, Int((t - face.t0) / Self.supportStation)))
                any[s] = true
                guard !own[s] else { return }
                let p = grid.positions[i]
                let borrowed = owners.contains { k in
                    let other = faces[k]
                    let u = other.line.coordinate(of: p)
                    return u >= other.t0 && u <= other.t1 && abs(other.line.signedDistance(to: p)) <= tolerance
                }
                if !borrowed { own[s] = true }
            }
            let ownCount = own.filter { $0 }.count
            if Self.debugging && ownCount < any.filter({ $0 }).count {
                print(
                    "face \(face.start)–\(face.end): own points at \(ownCount), any at \(any.filter { $0 }.count) of \(count) stations")
            }
            if Double(ownCount) < Self.minimumBandSupport * Double(count) { keep[f] = false }
        }
        return faces.indices.filter { keep[$0] }.map { faces[$0] }
    }
}
