import FathomCore

extension SurfaceFinder {
    /// The appended inliers' rms may exceed the previous region's by this many standard errors of an
    /// rms estimated from k points (about rms / √(2k) for Gaussian residuals) before the continued
    /// region counts as fitting worse and a full search runs.
    static let continuedRmsStandardErrors: Float = 3

    /// Region states of a continued search, one byte per cloud point.
    private static let unvisited: UInt8 = 0
    private static let inRegion: UInt8 = 1
    private static let leftOut: UInt8 = 2

    /// Runs `search`, continuing `previous` (a surface this search found on the same cloud before
    /// points were appended) when it can, instead of growing the whole object again.
    ///
    /// Continuing keeps the previous model, band and region: the appended points within the band
    /// are taken when they lie within the covered distance of a previous region point (as the growth
    /// takes a point covered by a searched one), the others are searched as the growth's front (connected
    /// to the region within the connection radius, their neighbourhood oriented like the model when
    /// the growth tests orientation), flooding on through any points, old or new, they connect. The
    /// model is then refitted on a sample of the region and the whole region confirmed against it,
    /// as the growth's final fit does.
    ///
    /// A full search (`find(_:)`) runs instead, and `start` says why, when there is no previous
    /// surface, the cloud is not the previous one with points appended (fewer points, or the previous
    /// seed point is not where it was), a parameter other than the
    /// seed changed, the search decides between types, the seed does not lie on the continued region,
    /// the refitted model moved by more than a third of the band (`RegionGrower.retestBandFraction`:
    /// the previous region's membership no longer holds), the appended inliers fit worse than the
    /// previous region beyond their statistical spread (`continuedRmsStandardErrors`), or the region
    /// fails the search's acceptance checks.
    ///
    /// - Precondition: the first `previous.pointCount` points of this finder are those `previous`
    ///   was found in (`SurfaceDetectionSession` keeps one continuation per point generation).
    /// - Throws: `SurfaceFinderError` for invalid parameters.
    /// - Complexity: continuing, O(k) queries for k appended points near the model (far fewer in
    ///   the region's interior, whose points are covered) plus O(n) bytes and the region's inliers;
    ///   a full search, as `find(_:)`.
    public func find(_ search: SurfaceSearch, continuing previous: SearchContinuation?) throws -> ContinuedSearch {
        try validate(search)
        guard let previous else { return try fullSearch(search, because: .noPreviousSurface) }
        guard previous.pointCount <= pointCount, positions[previous.seedIndex] == previous.seedPosition else {
            return try fullSearch(search, because: .cloudNotAppended)
        }
        guard Self.differsOnlyInSeed(search, previous.search) else { return try fullSearch(search, because: .searchChanged) }
        guard search.type != .any, previous.surface.fit.typeDecision == nil else {
            return try fullSearch(search, because: .typeDecision)
        }
        let seedIndex = try seedIndex(for: search.seed)
        if search.maximumReach.isFinite,
           positions[seedIndex] != previous.seedPosition || search.seedRadius != previous.search.seedRadius {
            return try fullSearch(search, because: .searchChanged)
        }
        let context = SearchContext(finder: self, search: search, seedIndex: seedIndex)
        let model = previous.model, band = previous.band
        let evaluator = model.evaluator
        guard abs(evaluator.signedDistance(SIMD3<Double>(context.seedPosition))) <= band else {
            return try fullSearch(search, because: .seedLeftSurface)
        }
        // The growth's own settings for this cloud and seed (the connection radius follows the
        // cloud's density, which grows with it).
        let orientationRadius = search.type == .plane ? 0 : Self.orientationRadius(band: band, context: context)
        var grower = RegionGrower(
            positions: positions, index: index, band: band,
            connectionRadius: orientationRadius > 0 ? context.connectionRadius : context.wideConnectionRadius,
            seed: context.seedPosition, reach: context.reach, excluded: context.excluded,
            normalRadius: orientationRadius)
        grower.orderFree = orderFree
        let region = continuedRegion(previous, grower: grower, evaluator: evaluator)
        guard region.state[seedIndex] == Self.inRegion else { return try fullSearch(search, because: .seedLeftSurface) }

        // The final fit on a sample of the region, then the whole region confirmed against it.
        let type = search.type
        let final = grower.finalFit(model, region.inliers, maximumPoints: Self.maximumFinalFitPoints,
                                    iterations: Self.finalIterations(type))
        let shift = Self.largestShift(from: model, to: final.model, over: region.inliers, positions)
        let shiftLimit = RegionGrower.retestBandFraction * band
        guard shift <= shiftLimit else {
            return try fullSearch(search, because: .modelMoved(shift: Float(shift), limit: Float(shiftLimit)))
        }
        let previousRms = previous.surface.fit.rms
        if !region.appended.isEmpty {
            let appendedRms = Float(rootMeanSquare(final.model, region.appended))
            let limit = previousRms * (1 + Self.continuedRmsStandardErrors / (2 * Float(region.appended.count)).squareRoot())
            guard appendedRms <= limit else { return try fullSearch(search, because: .fitWorse(rms: appendedRms, limit: limit)) }
        }
        let inliers = final.inliers
        let needed = max(Self.minimumInliers, Self.inliersPerParameter * final.model.parameterCount)
        guard inliers.count >= needed else {
            return try fullSearch(search, because: .notAccepted(.tooFewInliers(found: inliers.count, needed: needed)))
        }
        let rms = Float(rootMeanSquare(final.model, inliers))
        let rmsLimit = Self.rmsLimitFraction * Float(band)
        guard rms <= rmsLimit else {
            return try fullSearch(search, because: .notAccepted(.rmsTooLarge(rms: rms, limit: rmsLimit)))
        }
        if let why = degeneracy(of: final.model, inliers: inliers) {
            return try fullSearch(search, because: .notAccepted(.degenerate(why)))
        }
        let solution = Solution(model: final.model, inliers: inliers, rms: rms, band: band)
        let surface = makeSurface(solution, search: search)
        return ContinuedSearch(
            result: .found(surface), start: .continued(taken: region.appended.count, dropped: region.inliers.count - inliers.count),
            continuation: SearchContinuation(
                search: search, surface: surface, pointCount: pointCount, seedIndex: seedIndex,
                seedPosition: context.seedPosition, model: final.model, band: band))
    }

    /// A full search, reported with the reason it ran and kept for the next continuation.
    func fullSearch(_ search: SurfaceSearch, because reason: FullSearchReason) throws -> ContinuedSearch {
        switch try solve(search) {
        case let .failure(why):
            return ContinuedSearch(result: .notFound(why), start: .full(reason), continuation: nil)
        case let .success(s):
            let surface = makeSurface(s, search: search)
            let seed = try seedIndex(for: search.seed)
            return ContinuedSearch(
                result: .found(surface), start: .full(reason),
                continuation: SearchContinuation(
                    search: search, surface: surface, pointCount: pointCount, seedIndex: seed, seedPosition: positions[seed],
                    model: s.model, band: s.band))
        }
    }

    /// Whether two searches differ in nothing but their seed and seed radius.
    static func differsOnlyInSeed(_ a: SurfaceSearch, _ b: SurfaceSearch) -> Bool {
        var b = b
        b.seed = a.seed
        b.seedRadius = a.seedRadius
        return a == b
    }

    /// The previous region and what the appended points add to it: the region's inliers, ascending
    /// (the previous ones and those taken now), the taken points, and every point's region state.
    func continuedRegion(_ previous: SearchContinuation, grower: RegionGrower, evaluator: SurfaceEvaluator)
        -> (inliers: [Int], appended: [Int], state: [UInt8])
    {
        var state = [UInt8](repeating: Self.unvisited, count: pointCount)
        let old = previous.surface.fit.inlierIndices
        for i in grower.excluded where i >= 0 && i < pointCount { state[i] = Self.leftOut }
        for i in old { state[i] = Self.inRegion }
        let testing = grower.normalRadius > 0
        let connection = testing ? grower.testedConnectionRadius : grower.connectionRadius
        let connection2 = connection * connection
        let coveredDistance = grower.connectionRadius * (testing ? RegionGrower.coveredFractionTested : RegionGrower.coveredFraction)
        let covered2 = coveredDistance * coveredDistance
        let normal2 = grower.normalRadius * grower.normalRadius
        let queryRadius = testing ? max(connection, grower.normalRadius) : connection
        let reach2 = grower.reach.isFinite ? grower.reach * grower.reach : .infinity
        let band = grower.band
        var taken: [Int] = []
        var front: [Int] = []
        var neighbours: [(index: Int, squaredDistance: Float)] = []
        state.withUnsafeMutableBufferPointer { st in
            positions.withUnsafeBufferPointer { pos in
                /// Whether point `j` may join: not looked at, within the reach and the band.
                @inline(__always) func admissible(_ j: Int) -> Bool {
                    st[j] == Self.unvisited && pos[j].distanceSquared(to: grower.seed) <= reach2
                        && abs(evaluator.signedDistance(SIMD3<Double>(pos[j]))) <= band
                }
                // Appended points within the covered distance of a previous region point are taken
                // at once (not of one taken now: coverage does not chain, or it would run on without
                // a query of its own); the others are searched below.
                let first = previous.pointCount
                for i in first..<pointCount where pos[i].isFinite && admissible(i) {
                    let pi = pos[i]
                    // The point's own cell first, stopping at the first previous region point within
                    // reach (inside a dense region, a few points in); the whole ball only when the
                    // cell has none.
                    var isCovered = false
                    if let cell = index.cell(containing: pi) {
                        index.forEachPoint(inCell: cell) { j, q in
                            isCovered = j < first && st[j] == Self.inRegion && q.distanceSquared(to: pi) <= covered2
                            return !isCovered
                        }
                    }
                    if !isCovered {
                        index.forEachNeighbor(of: pi, radius: coveredDistance) { j, _ in
                            if j < first, st[j] == Self.inRegion { isCovered = true }
                        }
                    }
                    if isCovered {
                        st[i] = Self.inRegion
                        taken.append(i)
                    } else {
                        front.append(i)
                    }
                }
                // The front: a point connected to the region (and, under the orientation test, with
                // its neighbourhood along the model) joins it and connects its own neighbours in turn.
                var queue: [Int] = []
                for f in front where st[f] == Self.unvisited {
                    queue.append(f)
                    while let i = queue.popLast() {
                        guard st[i] == Self.unvisited else { continue }
                        let pi = pos[i]
                        neighbours.removeAll(keepingCapacity: true)
                        var moments = RegionGrower.PatchMoments()
                        var connected = false
                        index.forEachNeighbor(of: pi, radius: queryRadius) { j, d2 in
                            if d2 <= normal2 { moments.add(pos[j] - pi) }
                            guard d2 <= connection2, j != i else { return }
                            if st[j] == Self.inRegion { connected = true }
                            neighbours.append((j, d2))
                        }
                        // Not (yet) connected: left for a later front point to reach.
                        guard connected || i != f else { continue }
                        if testing {
                            let local = moments.patch()
                            let (slot, _) = grower.patchCache.find(i)
                            grower.patchCache.insert(i, local, at: slot)
                            guard local.fits(pi, evaluator) else {
                                st[i] = Self.leftOut
                                continue
                            }
                        }
                        st[i] = Self.inRegion
                        taken.append(i)
                        for (j, d2) in neighbours where admissible(j) {
                            if d2 <= covered2 {
                                st[j] = Self.inRegion
                                taken.append(j)
                            } else {
                                queue.append(j)
                            }
                        }
                    }
                }
            }
        }
        taken.sort()
        return (Self.merged(old, taken), taken, state)
    }

    /// Two ascending index lists merged into one.
    static func merged(_ a: [Int], _ b: [Int]) -> [Int] {
        guard !b.isEmpty else { return a }
        var out: [Int] = []
        out.reserveCapacity(a.count + b.count)
        var j = 0
        for x in a {
            while j < b.count, b[j] < x {
                out.append(b[j])
                j += 1
            }
            out.append(x)
        }
        out.append(contentsOf: b[j...])
        return out
    }

    /// The largest change of a sampled region point's orthogonal distance between two models, metres.
    static func largestShift(from a: SurfaceModel, to b: SurfaceModel, over indices: [Int], _ positions: [SIMD3<Float>]) -> Double {
        let ea = a.evaluator, eb = b.evaluator
        var largest = 0.0
        for i in RegionGrower.subsampleIndices(indices, maximum: maximumFinalFitPoints) {
            let p = SIMD3<Double>(positions[i])
            largest = max(largest, abs(ea.signedDistance(p) - eb.signedDistance(p)))
        }
        return largest
    }
}
