extension FloorPlanExtractor {
    /// The stretch of a face's extent (coordinates on its line) that lies in its own room: of the
    /// stretches between the walls across it, the one holding most of its wall-band points. A wall
    /// across the face is a face at least `cornerSine` off its line, crossing that line within the
    /// face's extent, ending on it (within the thickest wall, `maximumWallThickness`) and running into
    /// the room the face was seen from (`side`) by more than the thickest wall: a partition meeting
    /// the face. A face fitted on past a partition's end runs into the next room there (its line
    /// picks up that room's surfaces a few centimetres out of line), and what stands beyond the
    /// partition is no part of what stands behind the face in its own room, where its wall is seen.
    /// The whole extent when no such wall crosses it.
    func ownRoomStretch(of f: Int, side: Double, faces: [WallFace], grid: PlanPointGrid) -> ClosedRange<Double> {
        let face = faces[f]
        let thickness = configuration.maximumWallThickness
        var cuts: [Double] = []
        for p in faces.indices where p != f && !faces[p].isInferred {
            let partition = faces[p]
            guard partition.line.sine(with: face.line) >= Self.cornerSine,
                let crossing = partition.line.intersection(with: face.line)
            else { continue }
            let t = face.line.coordinate(of: crossing)
            guard t > face.t0, t < face.t1 else { continue }
            let ends = [partition.start, partition.end].map { face.line.signedDistance(to: $0) * side }
            // It ends on the face's line and runs into the face's room.
            guard ends.contains(where: { abs($0) <= thickness }), ends.contains(where: { $0 > thickness }) else { continue }
            cuts.append(t)
        }
        guard !cuts.isEmpty else { return face.t0...face.t1 }
        let bounds = [face.t0] + cuts.sorted() + [face.t1]
        var counts = [Int](repeating: 0, count: bounds.count - 1)
        let band = configuration.wallBand
        grid.forEachPoint(near: face.line, from: face.t0, to: face.t1, within: configuration.wallInlierDistance) { i, t in
            let h = Double(grid.heights[i])
            guard h >= band.lowerBound, h < band.upperBound else { return }
            var k = 0
            while k < counts.count - 1 && t >= bounds[k + 1] { k += 1 }
            counts[k] += 1
        }
        let best = counts.indices.max { counts[$0] < counts[$1] } ?? 0
        return bounds[best]...bounds[best + 1]
    }
}
