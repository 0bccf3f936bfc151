import FathomCore

extension FloorPlanExtractor {
    /// Vertical spacing of the points probed on a face's plane above its top, metres.
    static let seenPastProbeStep = 0.1
    /// Probes start this far above a face's top and stop this far below the ceiling, metres (a ray
    /// grazing the top's edge, or reaching the ceiling's corner, tells nothing).
    static let seenPastProbeMargin = 0.1
    /// How far above a face's top probes reach when the ceiling was not seen, metres: tall furniture
    /// stops 0.2–0.6 m below the ceiling. (Probes above the unseen ceiling tell nothing: the rays
    /// to them stop at the ceiling, nearer.)
    static let seenPastProbeReach = 0.6
    /// Fewest views that must have seen past a station of a face (above its top) for it to count as
    /// open there.
    static let minimumSeenPastViews = 2
    /// Share of a face's extent open above its top that makes it a face ending below the ceiling
    /// (furniture): most of it. A wall is open above its top only where drift or noise
    /// misplaced it, and a window's or door's head has wall above it.
    static let seenPastFraction = 0.5
    /// The most views probed per face.
    static let maximumSeenPastViews = 450
    /// Stations on either side of a station whose points give its top.
    static let localTopStations = 1

    /// The stations along a face where it is probed: 5 cm (`supportStation`) from `fitEndMargin`
    /// after its start to as far before its end; each station's middle, in the line's coordinates.
    static func stations(of face: WallFace) -> [Double] {
        let lo = face.t0 + min(fitEndMargin, face.length / 4)
        let hi = face.t1 - min(fitEndMargin, face.length / 4)
        guard hi > lo else { return [] }
        let count = max(1, Int(((hi - lo) / supportStation).rounded(.up)))
        return (0..<count).map { min(hi, lo + (Double($0) + 0.5) * supportStation) }
    }

    /// Each station's top (`faceTopQuantile` of the face's points over the station and
    /// `localTopStations` on either side), metres above the floor; nil where the face holds no points
    /// or is open in the wall band (at most `openStationCoverage` of its `coverageBin` bins hold
    /// points, as an opening's stations: a window above its sill, a door, through which the rays reach
    /// the reveal in the wall's thickness or the next room). A face found in the band fills it.
    func localTops(_ face: WallFace, grid: PlanPointGrid) -> [Double?] {
        let stations = Self.stations(of: face)
        guard let first = stations.first else { return [] }
        let lo = first - Self.supportStation / 2
        var heights = [[Float]](repeating: [], count: stations.count)
        grid.forEachPoint(
            near: face.line, from: lo, to: stations[stations.count - 1] + Self.supportStation / 2,
            within: configuration.wallInlierDistance * 0.67
        ) { i, t in
            let s = min(stations.count - 1, max(0, Int((t - lo) / Self.supportStation)))
            heights[s].append(grid.heights[i])
        }
        let band = configuration.wallBand
        let bins = max(1, Int(((band.upperBound - band.lowerBound) / Self.coverageBin).rounded()))
        return stations.indices.map { s in
            let near = (max(0, s - Self.localTopStations)...min(stations.count - 1, s + Self.localTopStations))
                .flatMap { heights[$0] }.sorted()
            guard !near.isEmpty else { return nil }
            var filled = Set<Int>()
            for h in heights[s] where Double(h) >= band.lowerBound && Double(h) < band.upperBound {
                filled.insert(Int((Double(h) - band.lowerBound) / Self.coverageBin))
            }
            guard Double(filled.count) > Self.openStationCoverage * Double(bins) else { return nil }
            return Double(near[min(near.count - 1, Int(Double(near.count) * Self.faceTopQuantile))])
        }
    }

    /// Whether the depth frames saw past the face's plane above each station's top (`tops`, nil for
    /// a station not probed): probe points every `seenPastProbeStep` from `seenPastProbeMargin` above
    /// the top to as far below the ceiling (or `seenPastProbeReach` above the top when the ceiling
    /// was not seen), each projected into the coarse views; a station is open when at least
    /// `minimumSeenPastViews` views read beyond one of its probes by more than
    /// `minimumFurnitureDepth` (a face closer behind is the face itself, seen through noise or
    /// drift) and they outnumber the views that stopped at one (within that margin). A wall runs
    /// from the floor to the ceiling and hides everything behind it; a wardrobe, a refrigerator or a
    /// bookcase stops below the ceiling and the room goes on above it. A station whose top reaches
    /// the ceiling has nothing probed and is not open (nor is one without a top, `localTops`).
    func seenPastStations(
        _ face: WallFace, tops: [Double?], floorY: Double, ceilingHeight: Double?, views: [CoarseDepthView]
    ) -> [Bool] {
        let stations = Self.stations(of: face)
        precondition(tops.count == stations.count, "one top per station")
        guard !stations.isEmpty, !views.isEmpty else { return stations.map { _ in false } }
        // Probe points, station by station (`firstProbe[s]..<firstProbe[s + 1]`).
        var probes: [SIMD3<Float>] = []
        var firstProbe = [0]
        for (s, t) in stations.enumerated() {
            if let top = tops[s] {
                let p = face.line.point(at: t)
                let bottom = top + Self.seenPastProbeMargin
                let ceiling = ceilingHeight.map { $0 - Self.seenPastProbeMargin } ?? (top + Self.seenPastProbeReach)
                var h = bottom
                while h <= ceiling {
                    probes.append(SIMD3(Float(p.x), Float(floorY + h), Float(p.y)))
                    h += Self.seenPastProbeStep
                }
            }
            firstProbe.append(probes.count)
        }
        guard !probes.isEmpty else { return stations.map { _ in false } }
        var past = [Int](repeating: 0, count: stations.count)
        var stopped = [Int](repeating: 0, count: stations.count)
        let margin = Float(Self.minimumFurnitureDepth)
        let middle = face.line.point(at: (face.t0 + face.t1) / 2)
        let reach = configuration.maximumDepthDistance + Float(Self.maximumFurnitureDepth) + Float(face.length / 2)
        for view in Self.subsample(views, atMost: Self.maximumSeenPastViews) {
            // Views too far away to see any of the face are skipped.
            let dx = view.eye.x - Float(middle.x)
            let dz = view.eye.z - Float(middle.y)
            guard dx * dx + dz * dz <= reach * reach else { continue }
            for s in stations.indices where firstProbe[s] < firstProbe[s + 1] {
                var sawPast = false
                var sawAt = false
                for k in firstProbe[s]..<firstProbe[s + 1] {
                    switch view.sight(of: probes[k], margin: margin) {
                    case .past: sawPast = true
                    case .at: sawAt = true
                    case nil: break
                    }
                }
                if sawPast { past[s] += 1 } else if sawAt { stopped[s] += 1 }
            }
        }
        let open = stations.indices.map { past[$0] >= Self.minimumSeenPastViews && past[$0] > stopped[$0] }
        if Self.debugging {
            for s in stations.indices where open[s] {
                let p = face.line.point(at: stations[s])
                print(
                    "  open at \(p) top \(tops[s] ?? -1): \(past[s]) views past, \(stopped[s]) stopped")
            }
        }
        return open
    }

    /// Whether each face ends below the ceiling: the cameras saw past it above its top
    /// (`seenPastStations`, each station against its own top) over at least `seenPastFraction` of
    /// its extent. All false without views.
    /// - Parameters:
    ///   - floorY: the floor's world height, metres.
    ///   - ceilingHeight: metres above the floor; nil when the ceiling was not seen.
    func endingBelowCeiling(
        _ faces: [WallFace], grid: PlanPointGrid, floorY: Double, ceilingHeight: Double?, views: [CoarseDepthView]
    ) -> [Bool] {
        guard !views.isEmpty else { return faces.map { _ in false } }
        return faces.map { face in
            let open = seenPastStations(
                face, tops: localTops(face, grid: grid), floorY: floorY, ceilingHeight: ceilingHeight, views: views)
            let openCount = open.filter { $0 }.count
            if Self.debugging && openCount > 0 {
                print("face \(face.start)–\(face.end): seen past above at \(openCount) of \(open.count) stations")
            }
            return !open.isEmpty && Double(openCount) >= Self.seenPastFraction * Double(open.count)
        }
    }
}

extension FloorPlanExtractor {
    /// Keeps a coarse view of a fused depth frame, placed by `camera` (its pose as fused).
    func keepView(of frame: SensorFrame, placedBy camera: CameraFrame, in views: inout [CoarseDepthView]) {
        guard let depth = frame.depth,
            let view = CoarseDepthView(depth: depth, camera: camera, minimumConfidence: configuration.minimumConfidence)
        else { return }
        views.append(view)
    }
}
