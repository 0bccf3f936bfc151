import FathomCore

/// Grows a fitted surface over the connected part of the object: a flood fill through the spatial
/// index from the seed's inliers, taking points within the inlier band that are connected (within
/// `connectionRadius`) to points already taken, alternated with orthogonal-distance refits.
///
/// - Complexity: proportional to the inliers and their neighbours (the object), not the cloud, apart
///   from one zero-filled byte per cloud point.
struct RegionGrower {
    /// Refit-and-regrow rounds at most.
    static let maximumRounds = 16
    /// Levenberg–Marquardt iterations per round.
    static let iterationsPerRound = 3
    /// Growth stops when a round changes fewer than this fraction of the inliers.
    static let stableFraction = 0.01
    /// Refit rounds after the reach stops widening, at most.
    static let maximumSettlingRounds = 1

    let positions: [SIMD3<Float>]
    let index: SpatialIndex
    /// The half-width of the inlier band, metres.
    let band: Double
    /// Neighbour distance that connects two points of the region, metres.
    let connectionRadius: Float
    /// The seed position and how far from it the region may reach, metres.
    let seed: SIMD3<Float>
    let reach: Float
    let excluded: Set<Int>
    /// The band multiple used while the reach widens.
    var wideningFactor = RegionGrower.wideningBandFactor

    /// Each round widens the reach by this factor, so the model is extrapolated only a little at a
    /// time (a poor seed estimate is corrected before the region runs far ahead of it).
    static let reachGrowth: Float = 1.6
    /// While the reach is still widening, points within this multiple of the band are taken, so a
    /// slightly wrong model sees (and is pulled towards) the surface beyond its current region; the
    /// last rounds use the band itself.
    static let wideningBandFactor = 2.0
    /// The widening band of the rescue growth tried when every candidate stalled.
    static let rescueBandFactor = 4.0

    /// Intermediate refits use at most this many (evenly spaced) inliers.
    static let maximumFitPoints = 300

    /// At most `maximum` of the points at `indices`, evenly spaced through the list, in double precision.
    static func subsample(_ indices: [Int], _ positions: [SIMD3<Float>], maximum: Int) -> [SIMD3<Double>] {
        guard indices.count > maximum else { return indices.map { SIMD3<Double>(positions[$0]) } }
        let step = Double(indices.count) / Double(maximum)
        return (0..<maximum).map { SIMD3<Double>(positions[indices[Int(Double($0) * step)]]) }
    }

    /// Inliers are read off the state array when they are more than 1/`scanFraction` of the cloud.
    static let scanFraction = 32

    /// Off-band points within this many bands count as near misses.
    static let nearMissBands = 3.0

    /// Point states during growth.
    private enum State: UInt8 {
        /// Not looked at yet.
        case unvisited = 0
        /// An inlier whose neighbourhood still has to be searched.
        case inlier
        case offBand, beyondReach, excluded
        /// An inlier within half the connection radius of a searched point: its own neighbourhood
        /// lies inside the searched one, so it is never searched itself.
        case covered
    }

    /// Grows from `start` (the seed ball's inliers) and refits; returns the final model and inliers.
    func grow(_ start: SurfaceModel, from startIndices: [Int], initialReach: Float)
        -> (model: SurfaceModel, inliers: [Int], nearMisses: Int)
    {
        var model = start
        var state = [UInt8](repeating: State.unvisited.rawValue, count: positions.count)
        for i in excluded where i >= 0 && i < state.count { state[i] = State.excluded.rawValue }
        var inliers: [Int] = []
        var offBand: [Int] = []
        var beyond: [Int] = []
        var queue: [Int] = []
        var currentReach = min(initialReach * Self.reachGrowth, reach)
        let startEvaluator = model.evaluator
        for i in startIndices where state[i] == State.unvisited.rawValue {
            if abs(startEvaluator.signedDistance(SIMD3<Double>(positions[i]))) <= band {
                state[i] = State.inlier.rawValue
                inliers.append(i)
                queue.append(i)
            }
        }
        func flood(_ model: SurfaceModel, reach: Float, band: Double) {
            let reach2 = reach.isFinite ? reach * reach : .infinity
            let half2 = connectionRadius * connectionRadius / 4
            let evaluator = model.evaluator
            state.withUnsafeMutableBufferPointer { st in
                positions.withUnsafeBufferPointer { pos in
                    while let i = queue.popLast() {
                        guard st[i] == State.inlier.rawValue else { continue }
                        st[i] = State.covered.rawValue
                        index.forEachNeighbor(of: pos[i], radius: connectionRadius) { j, d2 in
                            let sj = st[j]
                            if sj == State.inlier.rawValue {
                                if d2 <= half2 { st[j] = State.covered.rawValue }
                                return
                            }
                            guard sj == State.unvisited.rawValue else { return }
                            let p = pos[j]
                            if p.distanceSquared(to: seed) > reach2 {
                                st[j] = State.beyondReach.rawValue
                                beyond.append(j)
                            } else if abs(evaluator.signedDistance(SIMD3<Double>(p))) <= band {
                                inliers.append(j)
                                if d2 <= half2 {
                                    st[j] = State.covered.rawValue
                                } else {
                                    st[j] = State.inlier.rawValue
                                    queue.append(j)
                                }
                            } else {
                                st[j] = State.offBand.rawValue
                                offBand.append(j)
                            }
                        }
                    }
                }
            }
        }
        var roundBand = band * (currentReach < reach ? wideningFactor : 1)
        flood(model, reach: currentReach, band: roundBand)
        var settlingRounds = 0
        for _ in 0..<Self.maximumRounds {
            let points = Self.subsample(inliers, positions, maximum: Self.maximumFitPoints)
            let refined = OrthogonalDistanceFitter.refine(model, points: points, maximumIterations: Self.iterationsPerRound)
            guard refined.isValid else { break }
            model = refined
            let ev = model.evaluator
            let wasWidening = roundBand > band
            roundBand = band * (currentReach < reach && !beyond.isEmpty ? wideningFactor : 1)
            var changed = 0
            // Drop inliers that left the band; take back band points that the new model reaches.
            var kept: [Int] = []
            kept.reserveCapacity(inliers.count)
            for i in inliers {
                if abs(ev.signedDistance(SIMD3<Double>(positions[i]))) <= roundBand {
                    kept.append(i)
                } else {
                    state[i] = State.offBand.rawValue
                    offBand.append(i)
                    changed += 1
                }
            }
            inliers = kept
            var stillOff: [Int] = []
            for i in offBand where state[i] == State.offBand.rawValue {
                if abs(ev.signedDistance(SIMD3<Double>(positions[i]))) <= roundBand {
                    state[i] = State.inlier.rawValue
                    inliers.append(i)
                    queue.append(i)
                    changed += 1
                } else {
                    stillOff.append(i)
                }
            }
            offBand = stillOff
            let widened = !beyond.isEmpty && currentReach < reach
            if widened {
                // Points left beyond the old reach are frontier points: let the flood look at them again.
                currentReach = min(currentReach * Self.reachGrowth, reach)
                let reach2 = currentReach.isFinite ? currentReach * currentReach : .infinity
                var stillBeyond: [Int] = []
                for i in beyond where state[i] == State.beyondReach.rawValue {
                    let p = positions[i]
                    if p.distanceSquared(to: seed) > reach2 {
                        stillBeyond.append(i)
                    } else if abs(ev.signedDistance(SIMD3<Double>(p))) <= roundBand {
                        state[i] = State.inlier.rawValue
                        inliers.append(i)
                        queue.append(i)
                    } else {
                        state[i] = State.offBand.rawValue
                        offBand.append(i)
                    }
                }
                beyond = stillBeyond
            }
            let before = inliers.count
            flood(model, reach: currentReach, band: roundBand)
            changed += inliers.count - before
            if !widened && !wasWidening {
                // The reach is final: settle for a couple of rounds at most (points at the band's
                // edge flip in and out, so "no change at all" never comes).
                settlingRounds += 1
                if settlingRounds >= Self.maximumSettlingRounds
                    || Double(changed) <= Self.stableFraction * Double(max(inliers.count, 1)) { break }
            }
        }
        // Connected points just outside the band: many of them mean the growth stalled on a model
        // that is slightly wrong (the surface goes on, the model does not follow it).
        let finalEvaluator = model.evaluator
        var nearMisses = 0
        for i in offBand where state[i] == State.offBand.rawValue {
            if abs(finalEvaluator.signedDistance(SIMD3<Double>(positions[i]))) <= Self.nearMissBands * band { nearMisses += 1 }
        }
        if inliers.count > positions.count / Self.scanFraction {
            // Many inliers: reading them off the state array in order beats sorting.
            var sorted: [Int] = []
            sorted.reserveCapacity(inliers.count)
            state.withUnsafeBufferPointer { st in
                for i in 0..<st.count where st[i] == State.inlier.rawValue || st[i] == State.covered.rawValue {
                    sorted.append(i)
                }
            }
            inliers = sorted
        } else {
            inliers.sort()
        }
        return (model, inliers, nearMisses)
    }
}
