extension FloorPlanExtractor {
    /// Along-wall step of the opening profile, metres.
    static let stationSize = 0.02
    /// Height step of the opening profile, metres.
    static let profileBin = 0.05
    /// A station is open when at most this fraction of its wall-band bins hold points.
    static let openStationCoverage = 0.2
    /// Closed stations this few (or fewer) inside an opening are noise and bridged.
    static let bridgedStations = 1
    /// A height bin is solid across an opening when at least this fraction of its stations hold points.
    static let solidBinFraction = 0.3

    /// Fewest camera frames that must have seen a gap (in range, in the image, not hidden by another
    /// wall) for it to be an opening rather than a part of the wall nobody looked at.
    static let minimumOpeningViews = 10
    /// Gaps are checked for visibility at this height above the floor, metres.
    static let visibilityCheckHeight: Float = 1.4
    /// Gaps look narrower than they are: a voxel straddling a jamb averages to a point inside the wall
    /// (half a voxel) and the station holding the jamb counts as wall (half a station). Each side of a
    /// gap is moved out by this, metres.
    var openingEdgeCorrection: Double { (Double(configuration.voxelSize) + Self.stationSize) / 2 }

    /// Gaps in a face's wall band that the camera saw: doors, windows and open passages, with their
    /// bottom and top heights. Tall furniture fronts (`blockers`) block the view as walls do: a gap in
    /// a wall's band that the cameras saw only past a wardrobe is its shadow, not a door.
    func findOpenings(
        in index: Int, faces: [WallFace], grid: PlanPointGrid, ceilingHeight: Double, floorY: Double,
        cameras: [CameraSample], blockers: [WallFace] = []
    ) -> [FaceOpening] {
        let face = faces[index]
        let c = configuration
        let stations = max(1, Int((face.length / Self.stationSize).rounded(.up)))
        let binCount = min(64, max(1, Int((ceilingHeight / Self.profileBin).rounded(.up))))
        let bin = max(Self.profileBin, ceilingHeight / Double(binCount))
        var masks = [UInt64](repeating: 0, count: stations)
        grid.forEachPoint(near: face.line, from: face.t0, to: face.t1, within: c.wallInlierDistance) { i, t in
            let h = Double(grid.heights[i])
            guard h > bin, h < ceilingHeight else { return }
            let s = min(stations - 1, max(0, Int((t - face.t0) / Self.stationSize)))
            let b = min(binCount - 1, Int(h / bin))
            masks[s] |= 1 << UInt64(b)
        }
        let bandLow = min(binCount - 1, Int(c.wallBand.lowerBound / bin))
        let bandHigh = min(binCount - 1, max(bandLow, Int(c.wallBand.upperBound / bin) - 1))
        var bandMask: UInt64 = 0
        for b in bandLow...bandHigh { bandMask |= 1 << UInt64(b) }
        let bandBins = bandHigh - bandLow + 1
        var open = masks.map { Double(($0 & bandMask).nonzeroBitCount) <= Self.openStationCoverage * Double(bandBins) }
        // Bridge isolated closed stations inside open runs.
        for s in 1..<max(1, stations - 1) where !open[s] && open[s - 1] {
            var e = s
            while e < stations && !open[e] && e - s < Self.bridgedStations { e += 1 }
            if e < stations && open[e] && e - s <= Self.bridgedStations { for k in s..<e { open[k] = true } }
        }
        // The highest height seen on the solid part of the face.
        var solidTop = 0
        for s in 0..<stations where !open[s] && masks[s] != 0 { solidTop = max(solidTop, 64 - masks[s].leadingZeroBitCount) }

        var result: [FaceOpening] = []
        var s = 0
        while s < stations {
            guard open[s] else {
                s += 1
                continue
            }
            var e = s
            while e < stations && open[e] { e += 1 }
            defer { s = e }
            // Only gaps with wall on both sides are openings.
            guard s > 0, e < stations else { continue }
            let t0 = face.t0 + Double(s) * Self.stationSize - openingEdgeCorrection
            let t1 = face.t0 + Double(e) * Self.stationSize + openingEdgeCorrection
            guard t1 - t0 >= c.minimumOpeningWidth, t0 >= face.observedT0, t1 <= face.observedT1 else { continue }
            guard
                seen(
                    face: index, from: t0, to: t1, faces: faces, floorY: floorY, cameras: cameras, blockers: blockers)
            else { continue }
            // Bin by bin: is it solid across the gap?
            let n = Double(e - s)
            func solid(_ b: Int) -> Bool {
                var k = 0
                for st in s..<e where masks[st] & (1 << UInt64(b)) != 0 { k += 1 }
                return Double(k) >= Self.solidBinFraction * n
            }
            var bottomBin = 0
            var b = bandLow - 1
            while b >= 1 {
                if solid(b) {
                    bottomBin = b + 1
                    break
                }
                b -= 1
            }
            var topBin: Int? = nil
            for b in (bandHigh + 1)..<max(bandHigh + 1, binCount) where solid(b) {
                topBin = b
                break
            }
            let bottom = Double(bottomBin) * bin
            let top = topBin.map { Double($0) * bin } ?? min(ceilingHeight, max(c.wallBand.upperBound, Double(solidTop) * bin))
            result.append(FaceOpening(t0: t0, t1: t1, bottom: bottom, top: top))
        }
        return result
    }

    /// Whether enough cameras saw the middle of the stretch `t0…t1` of a face (in front, within
    /// range, inside the image, with no other face nor any of `blockers` between).
    func seen(
        face index: Int, from t0: Double, to t1: Double, faces: [WallFace], floorY: Double, cameras: [CameraSample],
        blockers: [WallFace] = []
    ) -> Bool {
        let face = faces[index]
        let targets = [0.3, 0.5, 0.7].map { face.line.point(at: t0 + (t1 - t0) * $0) }
        let range = configuration.maximumDepthDistance
        var views = 0
        for camera in cameras {
            let eye = SIMD2(Double(camera.position.x), Double(camera.position.z))
            var sawAll = true
            for target in targets {
                let world = SIMD3(Float(target.x), Float(floorY) + Self.visibilityCheckHeight, Float(target.y))
                let local = camera.cameraFromWorld.apply(to: world)
                guard let (pixel, depth) = camera.intrinsics.project(local), depth <= range,
                    pixel.x >= 0, pixel.y >= 0, pixel.x < Float(camera.intrinsics.width),
                    pixel.y < Float(camera.intrinsics.height)
                else {
                    sawAll = false
                    break
                }
                for (k, other) in faces.enumerated() where k != index {
                    if Self.segmentsCross(eye, target, other.start, other.end) {
                        sawAll = false
                        break
                    }
                }
                if sawAll && blockers.contains(where: { Self.segmentsCross(eye, target, $0.start, $0.end) }) {
                    sawAll = false
                }
                if !sawAll { break }
            }
            if sawAll {
                views += 1
                if views >= Self.minimumOpeningViews { return true }
            }
        }
        return false
    }

    /// Whether segments `a–b` and `c–d` cross (touching ends do not count).
    static func segmentsCross(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>) -> Bool {
        func cross(_ o: SIMD2<Double>, _ p: SIMD2<Double>, _ q: SIMD2<Double>) -> Double {
            (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x)
        }
        let d1 = cross(c, d, a)
        let d2 = cross(c, d, b)
        let d3 = cross(a, b, c)
        let d4 = cross(a, b, d)
        return d1 * d2 < 0 && d3 * d4 < 0
    }
}
