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
    static let iterationsPerRound = 6
    /// Growth stops when a round changes fewer than this fraction of the inliers.
    static let stableFraction = 0.003

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

    /// Each round widens the reach by this factor, so the model is extrapolated only a little at a
    /// time (a poor seed estimate is corrected before the region runs far ahead of it).
    static let reachGrowth: Float = 1.6
    /// While the reach is still widening, points within this multiple of the band are taken, so a
    /// slightly wrong model sees (and is pulled towards) the surface beyond its current region; the
    /// last rounds use the band itself.
    static let wideningBandFactor = 2.0

    /// Point states during growth.
    private enum State: UInt8 { case unvisited = 0, inlier, offBand, beyondReach, excluded }

    /// Grows from `start` (the seed ball's inliers) and refits; returns the final model and inliers.
    func grow(_ start: SurfaceModel, from startIndices: [Int], initialReach: Float) -> (model: SurfaceModel, inliers: [Int]) {
        var model = start
        var state = [UInt8](repeating: State.unvisited.rawValue, count: positions.count)
        for i in excluded where i >= 0 && i < state.count { state[i] = State.excluded.rawValue }
        var inliers: [Int] = []
        var offBand: [Int] = []
        var beyond: [Int] = []
        var queue: [Int] = []
        var currentReach = min(initialReach * Self.reachGrowth, reach)
        for i in startIndices where state[i] == State.unvisited.rawValue {
            if abs(model.signedDistance(SIMD3<Double>(positions[i]))) <= band {
                state[i] = State.inlier.rawValue
                inliers.append(i)
                queue.append(i)
            }
        }
        func flood(_ model: SurfaceModel, reach: Float, band: Double) {
            let reach2 = reach.isFinite ? reach * reach : .infinity
            state.withUnsafeMutableBufferPointer { st in
                positions.withUnsafeBufferPointer { pos in
                    while let i = queue.popLast() {
                        index.forEachNeighbor(of: pos[i], radius: connectionRadius) { j, _ in
                            guard st[j] == State.unvisited.rawValue else { return }
                            let p = pos[j]
                            if p.distanceSquared(to: seed) > reach2 {
                                st[j] = State.beyondReach.rawValue
                                beyond.append(j)
                            } else if abs(model.signedDistance(SIMD3<Double>(p))) <= band {
                                st[j] = State.inlier.rawValue
                                inliers.append(j)
                                queue.append(j)
                            } else {
                                st[j] = State.offBand.rawValue
                                offBand.append(j)
                            }
                        }
                    }
                }
            }
        }
        var roundBand = band * (currentReach < reach ? Self.wideningBandFactor : 1)
        flood(model, reach: currentReach, band: roundBand)
        var stableRounds = 0
        for _ in 0..<Self.maximumRounds {
            let points = inliers.map { SIMD3<Double>(positions[$0]) }
            let refined = OrthogonalDistanceFitter.refine(model, points: points, maximumIterations: Self.iterationsPerRound)
            guard refined.isValid else { break }
            model = refined
            let wasWidening = roundBand > band
            roundBand = band * (currentReach < reach && !beyond.isEmpty ? Self.wideningBandFactor : 1)
            var changed = 0
            // Drop inliers that left the band; take back band points that the new model reaches.
            var kept: [Int] = []
            kept.reserveCapacity(inliers.count)
            for i in inliers {
                if abs(model.signedDistance(SIMD3<Double>(positions[i]))) <= roundBand {
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
                if abs(model.signedDistance(SIMD3<Double>(positions[i]))) <= roundBand {
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
                    } else if abs(model.signedDistance(SIMD3<Double>(p))) <= roundBand {
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
            if !widened && !wasWidening && Double(changed) <= Self.stableFraction * Double(max(inliers.count, 1)) {
                stableRounds += 1
                if stableRounds >= 1 { break }
            }
        }
        inliers.sort()
        return (model, inliers)
    }
}
