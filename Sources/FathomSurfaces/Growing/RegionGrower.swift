import FathomCore

/// Grows a fitted surface over the connected part of the object: a flood fill through the spatial
/// index from the seed's inliers, taking points within the inlier band that are connected (within
/// `connectionRadius`) to points already taken, alternated with orthogonal-distance refits.
///
/// - Complexity: proportional to the inliers and their neighbours (the object), not the cloud, apart
///   from one zero-filled byte per cloud point.
struct RegionGrower {
    /// A point taken within this fraction of the connection radius of a searched point is covered by
    /// that point's query and test and is not searched itself (the larger, the fewer queries; the
    /// points between it and the connection radius carry the flood on).
    static let coveredFraction: Float = 0.75
    /// The covered fraction when the orientation test is on: a covered point takes its coverer's
    /// test, so it must lie close to it (a wider cover lets more of a touching table into a ring).
    static let coveredFractionTested: Float = 0.5
    /// The distance within which a searched point connects points when the orientation test is on,
    /// metres: its patch radius, at most the connection radius and at least what keeps the covered
    /// points (`coveredFractionTested` of the connection radius) within `coveredFraction` of it, as
    /// without the test. The query then reaches no farther than the test needs: where the connection
    /// radius exceeds the patch (coarse index cells), a query over the whole connection radius
    /// returned about twice the points for the same covered points.
    var testedConnectionRadius: Float {
        min(connectionRadius,
            max(normalRadius, connectionRadius * Self.coveredFractionTested / Self.coveredFraction))
    }
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
    /// Radius of the neighbourhood whose orientation a candidate point must share with the model,
    /// metres; 0 turns the orientation test off.
    let normalRadius: Float
    /// Whether samples of the region are chosen by the points' coordinates (`OrderFreeSampling`), the
    /// same for any order of the cloud, rather than evenly spaced through a list of indices.
    var orderFree = false
    /// The patches already computed by this search (shared by copies of the grower).
    let patchCache = PatchCache()
    /// Whether growth takes its fast paths: without the orientation test whole index cells are claimed
    /// at once (`claim`, where the connection radius is within a cell); with it a searched point's
    /// query reaches only `testedConnectionRadius`. `false` gives the plain point-by-point flood over
    /// the whole connection radius, the reference the tests compare against.
    var fastGrowth = true

    /// The largest tilt between a candidate's neighbourhood and the model's tangent plane, as the
    /// squared sine (15°): a neighbouring surface that touches the object (a floor under a ball, a
    /// table under a ring) crosses the band at a steep angle and is left out.
    static let maximumTiltSineSquared = 0.067
    /// A neighbourhood is a patch with an orientation only when its middle principal variance exceeds
    /// its smallest this many times.
    static let minimumPlanarity = 1.5
    /// How many standard errors of a patch's own normal estimate widen its tilt allowance: a patch of
    /// n points with principal variances λ₁ ≤ λ₂ ≤ λ₃ has a normal uncertain by about √(λ₁ / (n·λ₂))
    /// radians, so a noisy patch of the object is not mistaken for a crossing surface.
    static let tiltStandardErrors = 2.5
    /// A neighbourhood with fewer points than this is not tested.
    static let minimumOrientationPoints = 6

    /// Whether the points around point `i` lie along the model's tangent plane there rather than across it:
    /// their spread along the model's normal exceeds their smallest principal variance (the noise and
    /// curvature of the patch, whatever its orientation) by at most `maximumTiltSineSquared` times their
    /// spread along the tangent plane.
    /// - Complexity: at most one neighbourhood query per point and search.
    func orientedLikeModel(_ i: Int, _ evaluator: SurfaceEvaluator) -> Bool {
        patch(of: i).fits(positions[i], evaluator)
    }

    /// Whether point `i`'s patch, if this search has computed it, lies along the model; `true` for a
    /// point without one (it was taken on the test of the searched point that covered it).
    /// - Complexity: a table look-up, no query.
    func cachedPatchFits(_ i: Int, _ evaluator: SurfaceEvaluator) -> Bool {
        guard normalRadius > 0, let local = patchCache.find(i).found else { return true }
        return local.fits(positions[i], evaluator)
    }

    /// Point `i`'s patch if this search has computed it.
    func cachedPatch(_ i: Int) -> LocalPatch? {
        guard normalRadius > 0 else { return nil }
        return patchCache.find(i).found
    }

    /// The spread of the points around point `i` (second moments about their centroid), or an empty
    /// patch when too few points or no orientation (a blob) make the test undecidable.
    /// - Complexity: one neighbourhood query per point and search (later calls read the cache).
    func patch(of i: Int) -> LocalPatch {
        guard normalRadius > 0 else { return LocalPatch() }
        let (slot, found) = patchCache.find(i)
        if let found { return found }
        let local = patch(around: positions[i])
        patchCache.insert(i, local, at: slot)
        return local
    }

    /// The spread of the points around `p`, computed afresh.
    /// - Complexity: one neighbourhood query; allocation-free.
    func patch(around p: SIMD3<Float>) -> LocalPatch {
        guard normalRadius > 0 else { return LocalPatch() }
        var moments = PatchMoments()
        index.forEachNeighbor(of: p, radius: normalRadius) { j, _ in moments.add(positions[j] - p) }
        return moments.patch()
    }

    /// Running sums of a neighbourhood's offsets from its centre point, metres.
    ///
    /// Summed in single precision (the offsets are within a patch radius, a few centimetres, and a
    /// patch holds at most a few hundred points: the sums' rounding, ~10⁻⁷ relative, is far below the
    /// noise variance the test compares against); the moments are formed in double precision.
    struct PatchMoments {
        var n = 0
        var sum = SIMD3<Float>.zero
        /// xx, xy, xz, yy sums.
        var upper = SIMD4<Float>.zero
        /// yz, zz sums.
        var lower = SIMD2<Float>.zero

        /// Adds one neighbour at offset `d` from the centre point.
        @inline(__always)
        mutating func add(_ d: SIMD3<Float>) {
            n += 1
            sum += d
            upper += SIMD4(d.x, d.x, d.x, d.y) * SIMD4(d.x, d.y, d.z, d.y)
            lower += SIMD2(d.y, d.z) * SIMD2(d.z, d.z)
        }

        /// The patch of the neighbours added (empty when too few or without an orientation).
        func patch() -> LocalPatch {
            guard n >= RegionGrower.minimumOrientationPoints else { return LocalPatch() }
            let k = 1 / Double(n)
            let c = SIMD3<Double>(sum) * k
            let u = SIMD4<Double>(upper) * k, w = SIMD2<Double>(lower) * k
            let xx = u[0] - c.x * c.x, yy = u[3] - c.y * c.y, zz = w[1] - c.z * c.z
            let xy = u[1] - c.x * c.y, xz = u[2] - c.x * c.z, yz = w[0] - c.y * c.z
            let variances = SmallLinearAlgebra.eigenvalues3(xx: xx, xy: xy, xz: xz, yy: yy, yz: yz, zz: zz)
            // A blob (noise as wide as the neighbourhood) has no orientation to compare.
            guard variances.y > RegionGrower.minimumPlanarity * variances.x else { return LocalPatch() }
            let normalVariance = variances.x / (Double(n) * variances.y)
            return LocalPatch(
                diagonal: SIMD3(xx, yy, zz), offDiagonal: SIMD3(xy, xz, yz), smallestVariance: variances.x,
                tiltAllowance: RegionGrower.maximumTiltSineSquared
                    + RegionGrower.tiltStandardErrors * RegionGrower.tiltStandardErrors * normalVariance)
        }
    }

    /// The second moments of a point's neighbourhood, kept for points that failed the orientation
    /// test so that later models test them again without a neighbourhood query.
    struct LocalPatch {
        /// xx, yy, zz moments, square metres (`nil` when the test cannot decide).
        var diagonal: SIMD3<Double>? = nil
        /// xy, xz, yz moments, square metres.
        var offDiagonal = SIMD3<Double>.zero
        /// The smallest principal variance, square metres.
        var smallestVariance = 0.0
        /// The largest squared sine of the tilt accepted: `maximumTiltSineSquared` plus the patch's
        /// own normal uncertainty (`tiltStandardErrors`).
        var tiltAllowance = RegionGrower.maximumTiltSineSquared

        /// Whether the patch lies along the model's tangent plane at `p` (always, when undecidable).
        /// - Parameter allowance: the largest squared sine of the tilt; default the patch's own
        ///   `tiltAllowance` (`RegionGrower.maximumTiltSineSquared` for the strict test).
        func fits(_ p: SIMD3<Float>, _ evaluator: SurfaceEvaluator, allowance: Double? = nil) -> Bool {
            guard let d = diagonal, let m = evaluator.normalDirection(SIMD3<Double>(p)) else { return true }
            let o = offDiagonal
            let cm = SIMD3(d.x * m.x + o.x * m.y + o.y * m.z, o.x * m.x + d.y * m.y + o.z * m.z,
                           o.y * m.x + o.z * m.y + d.z * m.z)
            let alongNormal = m.dot(cm)
            let spread = max((d.sum() - alongNormal) / 2 - smallestVariance, 0)
            return alongNormal - smallestVariance <= (allowance ?? tiltAllowance) * spread
        }
    }

    /// Grown points within this fraction of the band of a refitted model keep their place without a
    /// new orientation test (they passed one while growing; points near the model move it little).
    static let retestBandFraction = 1.0 / 3.0

    /// The grown points at `indices` that a refitted `model` keeps: those within the band, the ones
    /// farther than `retestBandFraction` of it only when their neighbourhood (where the growth
    /// computed it) is oriented like the model.
    /// - Complexity: O(indices), no neighbourhood query.
    func admitted(_ indices: [Int], by model: SurfaceModel) -> [Int] {
        let ev = model.evaluator
        let near = Self.retestBandFraction * band
        return indices.filter { i in
            let p = positions[i]
            let r = abs(ev.signedDistance(SIMD3<Double>(p)))
            return r <= near || (r <= band && cachedPatchFits(i, ev))
        }
    }

    /// A final fit of more iterations than this runs all but this many on a coarse sample first…
    static let fineIterations = 5
    /// …every this many points of the final sample (the slow apex–angle and radius–centre valleys
    /// of cones and tori are crossed at a quarter of the cost; the last iterations settle on all)…
    static let coarseSampleStride = 4
    /// …when the coarse sample holds at least this many points per model parameter.
    static let coarsePointsPerParameter = 50

    /// The final fit of a grown region: `model` refined on at most `maximumPoints` grown points that it
    /// admits (`sample(_:maximum:)`), then the grown points the refined model admits (the whole region is
    /// confirmed once, against the final model; against `model` when the refinement fails). Of many
    /// iterations, all but `fineIterations` run on every `coarseSampleStride`-th point of the sample
    /// (kept only when it fits the whole sample better than `model`).
    /// - Complexity: O(indices) distance evaluations plus the fit's O(maximumPoints · fineIterations
    ///   + maximumPoints / coarseSampleStride · iterations).
    func finalFit(_ model: SurfaceModel, _ indices: [Int], maximumPoints: Int, iterations: Int)
        -> (model: SurfaceModel, inliers: [Int])
    {
        let sample = admitted(sample(indices, maximum: maximumPoints), by: model)
        let points = sample.map { SIMD3<Double>(positions[$0]) }
        var start = model
        var remaining = iterations
        let coarseCount = points.count / Self.coarseSampleStride
        if iterations > Self.fineIterations, coarseCount >= Self.coarsePointsPerParameter * model.parameterCount {
            let coarse = (0..<coarseCount).map { points[$0 * Self.coarseSampleStride] }
            let fitted = OrthogonalDistanceFitter.refine(
                model, points: coarse, maximumIterations: iterations - Self.fineIterations)
            if fitted.isValid,
               OrthogonalDistanceFitter.cost(fitted, points) < OrthogonalDistanceFitter.cost(model, points) {
                start = fitted
                remaining = Self.fineIterations
            }
        }
        let refined = OrthogonalDistanceFitter.refine(start, points: points, maximumIterations: remaining)
        let final = refined.isValid ? refined : start
        return (final, admitted(indices, by: final))
    }

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

    /// At most `maximum` of `indices` for a fit or a test: chosen by their coordinates' hashes when the
    /// search is order-free (`OrderFreeSampling.hashed`), otherwise evenly spaced through the list.
    func sample(_ indices: [Int], maximum: Int) -> [Int] {
        orderFree ? OrderFreeSampling.hashed(indices, positions, maximum: maximum)
            : Self.subsampleIndices(indices, maximum: maximum)
    }

    /// At most `maximum` of `indices`, evenly spaced through the list.
    static func subsampleIndices(_ indices: [Int], maximum: Int) -> [Int] {
        guard indices.count > maximum else { return indices }
        let step = Double(indices.count) / Double(maximum)
        return (0..<maximum).map { indices[Int(Double($0) * step)] }
    }

    /// Inliers are read off the state array when they are more than 1/`scanFraction` of the cloud.
    static let scanFraction = 32

    /// Off-band points within this many bands count as near misses.
    static let nearMissBands = 3.0

    /// A block of cells is claimed whole when at least this fraction of its points lie within the band (the
    /// rest are noise beyond it: a 3-standard-deviation band leaves 0.3% of a surface's points out,
    /// about one in three cells of 150 points).
    static let claimInBandFraction = 0.9

    /// Cells are claimed only while the band is at most this fraction of the cell edge (the band's
    /// full width, twice its half-width, within one cell): with a wider band a cell next to the
    /// object (a floor, a wall, a neighbour) can lie within it as a whole.
    static let claimBandCellFraction = 0.5

    /// Where the band is wider than `claimBandCellFraction` of a cell edge (high noise next to the
    /// cells), a block is claimed only when it holds at least this fraction of the points a surface
    /// of the region's own density puts in it (the seed ball's inliers per square metre times the
    /// block's face): a block of a few scattered points (outliers, the thin edge of clutter) lying
    /// within a wide band is not a surface, and its points are reached point by point instead.
    static let claimDensityFraction = 0.25

    /// Claim-block states during growth (a block is `blockCells`³ index cells).
    private enum CellState: UInt8 {
        /// Not looked at yet.
        case unchecked = 0
        /// Its points within the band were taken at once and are never searched.
        case claimed
        /// Not claimed: its points within the band were taken and are searched one by one (the front).
        /// Judged again after each refit: a block cut by the round's reach (its points beyond it count
        /// against it) or judged on an earlier model usually passes then, and its queued points are
        /// claimed instead of searched.
        case mixed
    }

    /// Point states during growth.
    private enum State: UInt8 {
        /// Not looked at yet.
        case unvisited = 0
        /// An inlier whose neighbourhood still has to be searched.
        case inlier
        case offBand, beyondReach, excluded
        /// Its neighbourhood crosses the model (another surface touching it): looked at again after
        /// each refit, never counted as a near miss.
        case misoriented
        /// An inlier within half the connection radius of a searched point: its own neighbourhood
        /// lies inside the searched one, so it is never searched itself.
        case covered
        /// An inlier of a claimed block: taken with its block, never searched itself.
        case claimed
    }

    /// Grows from `start` (the seed ball's inliers) and refits; returns the final model, the inliers
    /// (ascending), the near misses (connected points just outside the band) and the inliers that were
    /// taken with a claimed block (ascending: how much of the region needed no query of its own).
    func grow(_ start: SurfaceModel, from startIndices: [Int], initialReach: Float)
        -> (model: SurfaceModel, inliers: [Int], nearMisses: Int, claimed: [Int])
    {
        var model = start
        var state = [UInt8](repeating: State.unvisited.rawValue, count: positions.count)
        for i in excluded where i >= 0 && i < state.count { state[i] = State.excluded.rawValue }
        // The growth's lists, handed to the nested functions as an inout parameter: a variable of
        // `grow` captured by them would be checked for exclusive access at run time on every access
        // (9% of a 5 mm search at 100 k points).
        var lists = GrowthLists()
        var currentReach = min(initialReach * Self.reachGrowth, reach)
        let startEvaluator = model.evaluator
        for i in startIndices where state[i] == State.unvisited.rawValue {
            let p = positions[i]
            // Taken on the band alone: the orientation test runs when a point's neighbourhood is searched.
            if abs(startEvaluator.signedDistance(SIMD3<Double>(p))) <= band {
                state[i] = State.inlier.rawValue
                lists.inliers.append(i)
                lists.queue.append(i)
            }
        }
        // Cell claiming (growth without the orientation test): per-block states (a buffer of its own,
        // so the nested functions' writes need no exclusivity checks) and the claimed blocks whose
        // neighbours are still to be looked at.
        // Only without the orientation test (claimed under it, cells of a strongly curved tube fail
        // the patch test and queue their points wholesale: the demo's ring took 6× longer) and while
        // the band's full width fits in a cell (`claimBandCellFraction`). Cells are claimed in cubic
        // blocks whose edge is at least the connection radius (one cell where it is within a cell;
        // 2 × 2 × 2 for the demo's floor, whose local spacing makes it 1.35 cells): every point
        // connected to a block's points then lies in it or in one of its neighbouring blocks.
        //
        // Where the band is wider than half a cell (`wideBand`: 20 mm noise in cells of a few
        // centimetres) a cell next to the object can lie within the band as a whole, so three rules
        // keep the claimed region what the point-by-point flood takes: a block is judged at the
        // measured band (never the doubled widening band), it must hold a surface's density of points
        // (`claimDensityFraction` of what the seed ball's inliers per square metre put in it), and a
        // block that is not claimed is not taken from wholesale: only its points within the connection
        // radius of a claimed neighbour's region (the box bounding that block's region points) are
        // taken, as the flood would take them from there (`attach`); the rest is left to the flood.
        //
        // Wide-band claiming is for flat models only: a curved model's wide band (6 cm around a 20 cm
        // ball at 20 mm noise) holds whole blocks of the plane it touches, and over the crowded scenes
        // claiming there changed which points the refits sampled enough that 1 of 8 spheres and 1 of
        // 8 cones at 100 k points / 20 mm grew onto the wrong surface (the point flood found all 8).
        let wideBand = band > Self.claimBandCellFraction * Double(index.cellSize)
        let flatModel: Bool
        if case .plane = start { flatModel = true } else { flatModel = false }
        let claiming = fastGrowth && normalRadius == 0 && (!wideBand || flatModel)
        let blockCells = claiming ? max(1, Int((connectionRadius / index.cellSize).rounded(.up))) : 1
        let blockEdge = Double(blockCells) * Double(index.cellSize)
        let seedArea = Double.pi * Double(initialReach) * Double(initialReach)
        let regionDensity = seedArea > 0 && seedArea.isFinite ? Double(lists.inliers.count) / seedArea : 0
        let minimumClaimPoints = wideBand ? Int(Self.claimDensityFraction * regionDensity * blockEdge * blockEdge) : 0
        let cellsPerAxis = index.cellsPerAxis
        let blocksPerAxis = (cellsPerAxis &+ (blockCells - 1)) / blockCells
        let blockCount = claiming ? blocksPerAxis.x * blocksPerAxis.y * blocksPerAxis.z : 0
        let cellState = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: blockCount)
        cellState.initialize(repeating: CellState.unchecked.rawValue)
        defer { cellState.deallocate() }
        /// The block holding index cell `c`.
        @inline(__always) func block(ofCell c: Int) -> Int {
            let x = c % cellsPerAxis.x, y = (c / cellsPerAxis.x) % cellsPerAxis.y, z = c / (cellsPerAxis.x * cellsPerAxis.y)
            return ((z / blockCells) * blocksPerAxis.y + y / blockCells) * blocksPerAxis.x + x / blockCells
        }
        /// Calls `body` with every index cell of block `b` until it returns `false`; whether all were visited.
        @inline(__always) func forEachCell(inBlock b: Int, _ body: (Int) -> Bool) -> Bool {
            let bx = b % blocksPerAxis.x, by = (b / blocksPerAxis.x) % blocksPerAxis.y
            let bz = b / (blocksPerAxis.x * blocksPerAxis.y)
            for z in (bz * blockCells)..<min((bz + 1) * blockCells, cellsPerAxis.z) {
                for y in (by * blockCells)..<min((by + 1) * blockCells, cellsPerAxis.y) {
                    for x in (bx * blockCells)..<min((bx + 1) * blockCells, cellsPerAxis.x) {
                        guard body((z * cellsPerAxis.y + y) * cellsPerAxis.x + x) else { return false }
                    }
                }
            }
            return true
        }
        /// Sorts unvisited point `j` at `p`: beyond the reach (left for a later round), off the band
        /// (left out), or an inlier, `covered` (never searched itself) or queued to be searched.
        @inline(__always) func take(
            _ j: Int, _ p: SIMD3<Float>, _ st: UnsafeMutableBufferPointer<UInt8>, _ evaluator: SurfaceEvaluator,
            reach2: Float, band: Double, covered: Bool, _ l: inout GrowthLists
        ) {
            if p.distanceSquared(to: seed) > reach2 {
                st[j] = State.beyondReach.rawValue
                l.beyond.append(j)
            } else if abs(evaluator.signedDistance(SIMD3<Double>(p))) <= band {
                l.inliers.append(j)
                if covered {
                    st[j] = State.covered.rawValue
                } else {
                    st[j] = State.inlier.rawValue
                    l.queue.append(j)
                }
            } else {
                st[j] = State.offBand.rawValue
                l.offBand.append(j)
            }
        }
        /// Takes block `b`'s unvisited points at once: those beyond the reach are left for a later
        /// round, those off the band are left out, and those within it become inliers. When at least
        /// `claimInBandFraction` of the block's points are (or already were) inliers, judged at
        /// `judgedBand`, the block is claimed: its inliers are covered (never searched) and the box
        /// bounding its region points is returned (metres; empty unless the band is wide, where `attach`
        /// uses it); otherwise `nil` is returned and its new inliers are queued to be searched point by
        /// point (the front), except where the band is wide (`wideBand`): there a block not claimed is
        /// left to `attach` and the flood.
        /// - Complexity: O(points in the block), each unvisited point's distance evaluated once or twice.
        func claim(
            _ b: Int, _ st: UnsafeMutableBufferPointer<UInt8>, _ evaluator: SurfaceEvaluator,
            reach2: Float, band: Double, judgedBand: Double, _ l: inout GrowthLists
        ) -> (lower: SIMD3<Float>, upper: SIMD3<Float>)? {
            var n = 0
            _ = forEachCell(inBlock: b) { c in n += index.pointCount(inCell: c); return true }
            let allowedOff = Int(Double(n) * (1 - Self.claimInBandFraction))
            var off = 0
            let whole = n > 0 && n >= minimumClaimPoints && forEachCell(inBlock: b) { c in
                index.forEachPoint(inCell: c) { j, p in
                    let sj = st[j]
                    if sj == State.unvisited.rawValue {
                        if p.distanceSquared(to: seed) > reach2
                            || abs(evaluator.signedDistance(SIMD3<Double>(p))) > judgedBand { off += 1 }
                    } else if sj != State.inlier.rawValue && sj != State.covered.rawValue && sj != State.claimed.rawValue {
                        off += 1
                    }
                    return off <= allowedOff
                }
            }
            if !whole { l.mixedBlocks.append(b) }
            cellState[b] = whole ? CellState.claimed.rawValue : CellState.mixed.rawValue
            // The bounds of the claimed block's region points (for `attach`).
            var lower = SIMD3<Float>(repeating: .infinity), upper = SIMD3<Float>(repeating: -.infinity)
            @inline(__always) func include(_ p: SIMD3<Float>) {
                lower = SIMD3(min(lower.x, p.x), min(lower.y, p.y), min(lower.z, p.z))
                upper = SIMD3(max(upper.x, p.x), max(upper.y, p.y), max(upper.z, p.z))
            }
            _ = forEachCell(inBlock: b) { c in
                index.forEachPoint(inCell: c) { j, p in
                    let sj = st[j]
                    if sj == State.unvisited.rawValue {
                        // A wide band's unclaimed block is not taken from wholesale (`attach`).
                        if wideBand && !whole { return true }
                        take(j, p, st, evaluator, reach2: reach2, band: band, covered: whole, &l)
                        if st[j] == State.covered.rawValue {
                            st[j] = State.claimed.rawValue
                            if wideBand { include(p) }
                        }
                    } else if (sj == State.inlier.rawValue || sj == State.covered.rawValue || sj == State.claimed.rawValue) && whole {
                        if sj == State.inlier.rawValue { st[j] = State.claimed.rawValue }
                        if wideBand { include(p) }
                    }
                    return true
                }
            }
            return whole ? (lower, upper) : nil
        }
        /// Where the band is wide: takes the unvisited points of block `d` (not claimed) that lie within
        /// the connection radius of the box bounding a claimed neighbour's region points (`lower`…`upper`),
        /// as the flood would from them: within the band they are inliers, covered when within
        /// `coveredFraction` of the connection radius of the box, queued (the front) otherwise; the
        /// block's other points are left to the flood.
        /// - Complexity: O(points in the block), no query.
        func attach(
            _ d: Int, lower: SIMD3<Float>, upper: SIMD3<Float>, _ st: UnsafeMutableBufferPointer<UInt8>,
            _ evaluator: SurfaceEvaluator, reach2: Float, band: Double, _ l: inout GrowthLists
        ) {
            guard lower.x <= upper.x else { return }
            let connection2 = connectionRadius * connectionRadius
            let covered2 = connection2 * Self.coveredFraction * Self.coveredFraction
            _ = forEachCell(inBlock: d) { c in
                index.forEachPoint(inCell: c) { j, p in
                    guard st[j] == State.unvisited.rawValue else { return true }
                    let nearest = SIMD3(min(max(p.x, lower.x), upper.x), min(max(p.y, lower.y), upper.y),
                                        min(max(p.z, lower.z), upper.z))
                    let d2 = p.distanceSquared(to: nearest)
                    if d2 <= connection2 {
                        take(j, p, st, evaluator, reach2: reach2, band: band, covered: d2 <= covered2, &l)
                    }
                    return true
                }
            }
        }
        /// Takes block `start` and, from every block claimed whole, its neighbouring blocks not looked
        /// at yet: neighbourhood queries are left to the points of blocks that are not claimed (the front).
        /// - Complexity: O(points in the blocks looked at), no neighbourhood query.
        func claimBlocks(
            from start: Int, _ st: UnsafeMutableBufferPointer<UInt8>, _ evaluator: SurfaceEvaluator,
            reach2: Float, band: Double, judgedBand: Double, _ l: inout GrowthLists
        ) {
            guard let bounds = claim(start, st, evaluator, reach2: reach2, band: band, judgedBand: judgedBand, &l)
            else { return }
            l.claimedCells.append((start, bounds.lower, bounds.upper))
            while let (b, lower, upper) = l.claimedCells.popLast() {
                let x = b % blocksPerAxis.x, y = (b / blocksPerAxis.x) % blocksPerAxis.y
                let z = b / (blocksPerAxis.x * blocksPerAxis.y)
                for nz in max(z - 1, 0)...min(z + 1, blocksPerAxis.z - 1) {
                    for ny in max(y - 1, 0)...min(y + 1, blocksPerAxis.y - 1) {
                        for nx in max(x - 1, 0)...min(x + 1, blocksPerAxis.x - 1) {
                            let d = (nz * blocksPerAxis.y + ny) * blocksPerAxis.x + nx
                            if cellState[d] == CellState.unchecked.rawValue,
                               let bounds = claim(d, st, evaluator, reach2: reach2, band: band, judgedBand: judgedBand, &l) {
                                l.claimedCells.append((d, bounds.lower, bounds.upper))
                            } else if wideBand, cellState[d] == CellState.mixed.rawValue {
                                attach(d, lower: lower, upper: upper, st, evaluator, reach2: reach2, band: band, &l)
                            }
                        }
                    }
                }
            }
        }
        /// Floods from the queue: each queued inlier's neighbourhood is searched once (one query),
        /// which also gives its patch for the orientation test; a point that fails it leaves the
        /// inliers and is not searched from. Points taken within half the connection radius of a
        /// searched point are covered by its query and its test.
        func flood(_ model: SurfaceModel, reach: Float, band: Double, _ l: inout GrowthLists) {
            let reach2 = reach.isFinite ? reach * reach : .infinity
            let testing = normalRadius > 0
            let covered = testing ? Self.coveredFractionTested : Self.coveredFraction
            let half2 = connectionRadius * connectionRadius * covered * covered
            let connection = testing && fastGrowth ? testedConnectionRadius : connectionRadius
            let connection2 = connection * connection
            let normal2 = normalRadius * normalRadius
            let queryRadius = testing ? max(connection, normalRadius) : connectionRadius
            let evaluator = model.evaluator
            var rejected = 0
            // The neighbours of the point being searched (index, squared distance), reused: a buffer
            // of the round's own, grown by hand, so that an append in the query's inner loop neither
            // checks the storage's uniqueness nor its exclusivity (an array appended to there cost 4%
            // of a 5 mm sphere search at 100 k points).
            var candidates = NeighbourBuffer()
            defer { candidates.deallocate() }
            // A cell tells the surface from what lies near it only when the band is narrow next to it:
            // blocks are judged at the round's band but at most half a cell edge, so while the band is
            // doubled for the widening rounds a block is claimed when its points lie within the
            // narrower band (its points within the round's band are taken), and a neighbour that lies
            // within the doubled band but not within half a cell edge is reached point by point.
            // Where the band itself is wider than that, blocks are judged at the measured band (the
            // grower's), so the doubled band of the widening rounds never decides a claim.
            let judgedBand = wideBand ? min(band, self.band) : min(band, Self.claimBandCellFraction * Double(index.cellSize))
            state.withUnsafeMutableBufferPointer { st in
                positions.withUnsafeBufferPointer { pos in
                    @inline(__always) func visit(_ j: Int, _ d2: Float) {
                        let sj = st[j]
                        if sj == State.inlier.rawValue {
                            if d2 <= half2 { st[j] = State.covered.rawValue }
                            return
                        }
                        guard sj == State.unvisited.rawValue else { return }
                        take(j, pos[j], st, evaluator, reach2: reach2, band: band, covered: d2 <= half2, &l)
                    }
                    while let i = l.queue.popLast() {
                        guard st[i] == State.inlier.rawValue else { continue }
                        let pi = pos[i]
                        if claiming, let c = index.cell(containing: pi), case let b = block(ofCell: c),
                           cellState[b] == CellState.unchecked.rawValue {
                            claimBlocks(from: b, st, evaluator, reach2: reach2, band: band, judgedBand: judgedBand, &l)
                            // Taken with its whole cell, and searched from only at the front.
                            if st[i] != State.inlier.rawValue { continue }
                        }
                        guard testing else {
                            st[i] = State.covered.rawValue
                            index.forEachNeighbor(of: pi, radius: connectionRadius) { j, d2 in visit(j, d2) }
                            continue
                        }
                        candidates.removeAll()
                        let (slot, cached) = patchCache.find(i)
                        let local: LocalPatch
                        if let cached {
                            // Tested before in this search (an earlier round or candidate): the
                            // query only connects.
                            local = cached
                            index.forEachNeighbor(of: pi, radius: connection) { j, d2 in candidates.append(j, d2) }
                        } else {
                            var moments = PatchMoments()
                            index.forEachNeighbor(of: pi, radius: queryRadius) { j, d2 in
                                if d2 <= normal2 { moments.add(pos[j] - pi) }
                                if d2 <= connection2 { candidates.append(j, d2) }
                            }
                            local = moments.patch()
                            patchCache.insert(i, local, at: slot)
                        }
                        guard local.fits(pi, evaluator) else {
                            st[i] = State.misoriented.rawValue
                            l.misoriented.append((i, local))
                            rejected += 1
                            continue
                        }
                        st[i] = State.covered.rawValue
                        for k in 0..<candidates.count {
                            let c = candidates[k]
                            visit(Int(c.index), c.squaredDistance)
                        }
                    }
                }
            }
            if rejected > 0 {
                l.inliers.removeAll { state[$0] == State.misoriented.rawValue }
            }
        }
        var roundBand = band * (currentReach < reach ? wideningFactor : 1)
        flood(model, reach: currentReach, band: roundBand, &lists)
        var settlingRounds = 0
        for _ in 0..<Self.maximumRounds {
            // The refit works on a sample of the region: the sampled inliers still within the band of
            // the current model.
            let current = model.evaluator
            let points = Self.subsample(lists.inliers, positions, maximum: Self.maximumFitPoints)
                .filter { abs(current.signedDistance($0)) <= roundBand }
            let refined = OrthogonalDistanceFitter.refine(model, points: points, maximumIterations: Self.iterationsPerRound)
            guard refined.isValid else { break }
            model = refined
            let ev = model.evaluator
            let wasWidening = roundBand > band
            roundBand = band * (currentReach < reach && !lists.beyond.isEmpty ? wideningFactor : 1)
            var changed = 0
            if !wasWidening || roundBand <= band {
                // The band is final: drop inliers that left it (the whole region is confirmed only
                // here, not in every widening round).
                var kept: [Int] = []
                kept.reserveCapacity(lists.inliers.count)
                for i in lists.inliers {
                    if abs(ev.signedDistance(SIMD3<Double>(positions[i]))) <= roundBand {
                        kept.append(i)
                    } else {
                        state[i] = State.offBand.rawValue
                        lists.offBand.append(i)
                        changed += 1
                    }
                }
                lists.inliers = kept
            }
            // Take back band points that the new model reaches.
            var stillOff: [Int] = []
            var stillMisoriented: [(index: Int, patch: LocalPatch)] = []
            for i in lists.offBand where state[i] == State.offBand.rawValue {
                let p = positions[i]
                if abs(ev.signedDistance(SIMD3<Double>(p))) > roundBand {
                    stillOff.append(i)
                    continue
                }
                // Taken back on the band (and its patch, where one was computed); the orientation test
                // runs when its neighbourhood is searched.
                if let local = cachedPatch(i), !local.fits(p, ev) {
                    state[i] = State.misoriented.rawValue
                    stillMisoriented.append((i, local))
                } else {
                    state[i] = State.inlier.rawValue
                    lists.inliers.append(i)
                    lists.queue.append(i)
                    changed += 1
                }
            }
            // Misoriented points keep their patch: a new model tests them without a query.
            for (i, local) in lists.misoriented where state[i] == State.misoriented.rawValue {
                let p = positions[i]
                if abs(ev.signedDistance(SIMD3<Double>(p))) > roundBand {
                    state[i] = State.offBand.rawValue
                    stillOff.append(i)
                } else if local.fits(p, ev) {
                    state[i] = State.inlier.rawValue
                    lists.inliers.append(i)
                    lists.queue.append(i)
                    changed += 1
                } else {
                    stillMisoriented.append((i, local))
                }
            }
            lists.offBand = stillOff
            lists.misoriented = stillMisoriented
            let widened = !lists.beyond.isEmpty && currentReach < reach
            if widened {
                // Points left beyond the old reach are frontier points: let the flood look at them again.
                currentReach = min(currentReach * Self.reachGrowth, reach)
                let reach2 = currentReach.isFinite ? currentReach * currentReach : .infinity
                var stillBeyond: [Int] = []
                for i in lists.beyond where state[i] == State.beyondReach.rawValue {
                    let p = positions[i]
                    if p.distanceSquared(to: seed) > reach2 {
                        stillBeyond.append(i)
                    } else if abs(ev.signedDistance(SIMD3<Double>(p))) <= roundBand {
                        if let local = cachedPatch(i), !local.fits(p, ev) {
                            state[i] = State.misoriented.rawValue
                            lists.misoriented.append((i, local))
                        } else {
                            state[i] = State.inlier.rawValue
                            lists.inliers.append(i)
                            lists.queue.append(i)
                        }
                    } else {
                        state[i] = State.offBand.rawValue
                        lists.offBand.append(i)
                    }
                }
                lists.beyond = stillBeyond
            }
            for b in lists.mixedBlocks { cellState[b] = CellState.unchecked.rawValue }
            lists.mixedBlocks.removeAll(keepingCapacity: true)
            let before = lists.inliers.count
            flood(model, reach: currentReach, band: roundBand, &lists)
            changed += lists.inliers.count - before
            if !widened && !wasWidening {
                // The reach is final: settle for a couple of rounds at most (points at the band's
                // edge flip in and out, so "no change at all" never comes).
                settlingRounds += 1
                if settlingRounds >= Self.maximumSettlingRounds
                    || Double(changed) <= Self.stableFraction * Double(max(lists.inliers.count, 1)) { break }
            }
        }
        // Connected points just outside the band: many of them mean the growth stalled on a model
        // that is slightly wrong (the surface goes on, the model does not follow it).
        let finalEvaluator = model.evaluator
        var nearMisses = 0
        var claimedInliers: [Int] = []
        for i in lists.offBand where state[i] == State.offBand.rawValue {
            if abs(finalEvaluator.signedDistance(SIMD3<Double>(positions[i]))) <= Self.nearMissBands * band { nearMisses += 1 }
        }
        if lists.inliers.count > positions.count / Self.scanFraction {
            // Many inliers: reading them off the state array in order beats sorting.
            var sorted: [Int] = []
            sorted.reserveCapacity(lists.inliers.count)
            state.withUnsafeBufferPointer { st in
                for i in 0..<st.count {
                    let si = st[i]
                    if si == State.claimed.rawValue {
                        sorted.append(i)
                        claimedInliers.append(i)
                    } else if si == State.inlier.rawValue || si == State.covered.rawValue {
                        sorted.append(i)
                    }
                }
            }
            lists.inliers = sorted
        } else {
            lists.inliers.sort()
            claimedInliers = lists.inliers.filter { state[$0] == State.claimed.rawValue }
        }
        return (model, lists.inliers, nearMisses, claimedInliers)
    }
}
