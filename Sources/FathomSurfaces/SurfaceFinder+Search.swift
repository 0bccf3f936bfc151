import FathomCore
import Foundation

extension SurfaceFinder {
    /// Points needed in the seed ball before any fit is tried.
    static let minimumSeedPoints = 6
    /// Inliers needed per model parameter.
    static let inliersPerParameter = 3
    /// Inliers needed at least.
    static let minimumInliers = 10
    /// Largest accepted inlier rms as a fraction of the inlier band's half-width.
    static let rmsLimitFraction: Float = 0.6
    /// Largest accepted radius as a multiple of the inliers' bounding-box diagonal.
    static let maximumRadiusRatio: Double = 10
    /// The connection radius may grow (for speed on coarse indices) to this fraction of the seed radius.
    static let connectionSeedFraction: Float = 0.25
    /// Without the orientation test, the connection radius may grow to this fraction of the seed
    /// radius…
    static let wideConnectionSeedFraction: Float = 0.5
    /// …and to this fraction of the index's cell edge (half a cell with the test).
    static let wideConnectionCellFraction: Float = 1
    /// The connection radius, in local point spacings.
    static let connectionSpacings: Float = 3.5
    /// Levenberg–Marquardt iterations on the seed ball.
    static let seedIterations = 10
    /// A more complex type replaces a simpler one only with this many times the inliers…
    static let complexInlierGain = 1.1
    /// …or nearly as many inliers and an rms this much smaller.
    static let complexRmsGain: Float = 0.75
    /// Candidates refined on the seed neighbourhood before the band is set, per type (the simpler
    /// types' minimal samples are reliable enough that two suffice).
    static func refinedCandidates(_ type: SurfaceType) -> Int {
        switch type {
        case .plane, .sphere, .cylinder: 2
        default: 3
        }
    }
    /// Levenberg–Marquardt iterations per refined candidate.
    static let candidateIterations = 6
    /// Median absolute residual to standard deviation, for Gaussian noise.
    static let madScale = 1.4826
    /// The narrowed band is this many measured standard deviations…
    static let bandSigmas = 3.0
    /// …but never below this fraction of the a-priori band.
    static let minimumBandFraction = 0.2
    /// A grown region with more near misses than this fraction of its inliers counts as stalled.
    static let stalledNearMissFraction = 0.1
    /// Levenberg–Marquardt iterations of the final fit, per type (cones and tori converge slowly
    /// along their apex–angle and radius–centre valleys).
    static func finalIterations(_ type: SurfaceType) -> Int {
        switch type {
        case .cone, .torus: 25
        default: 5
        }
    }
    /// The final fit uses at most this many (evenly spaced) inliers; more add nothing measurable.
    static let maximumFinalFitPoints = 2000
    /// Local normals use the points within this many inlier bands (at least the nearest few)…
    static let normalRadiusBands = 1.5
    /// …and at most this fraction of the seed radius.
    static let normalRadiusSeedFraction = 0.6
    /// Growth tests the orientation of a point's neighbourhood only when the inlier band is at most
    /// this fraction of the seed radius (noisier data give neighbourhoods without a reliable
    /// orientation).
    static let orientationBandFraction = 0.15
    /// The orientation test of growing looks at most this many local spacings around a point.
    static let orientationSpacings: Float = 6
    /// … and only when such a neighbourhood holds enough points to have an orientation: at least
    /// this many on average (π r² / spacing²). A band so narrow next to the spacing admits a touching
    /// surface only where it truly meets the object (a few points), and the query would find too few
    /// points to decide anyway.
    static let minimumExpectedPatchPoints = Float(RegionGrower.minimumOrientationPoints)

    /// The radius of the growth's orientation test, metres (0: no test).
    static func orientationRadius(band: Double, context c: SearchContext) -> Float {
        guard band <= orientationBandFraction * Double(c.seedRadius) else { return 0 }
        let radius = min(Float(c.normalRadius), orientationSpacings * c.spacing)
        let expected = Float.pi * radius * radius / max(c.spacing * c.spacing, .leastNormalMagnitude)
        return expected >= minimumExpectedPatchPoints ? radius : 0
    }
    /// Offset of the random seed of candidates drawn from a stalled region (so that they differ from
    /// the seed ball's).
    static let regionCandidateSeedOffset: UInt64 = 0x5EED
    /// Offset of the random seed of the touching-plane search.
    static let touchingPlaneSeedOffset: UInt64 = 0x91A7E
    /// How many of the best candidates are grown, per type.
    static func grownCandidates(_ type: SurfaceType) -> Int {
        switch type {
        case .plane: 1
        case .sphere, .cylinder: 2
        default: 3
        }
    }
    /// Runs one search.
    ///
    /// Finds the surface of `search.type` that the seed lies on: candidates from the seed ball, an
    /// orthogonal-distance fit, growth over the connected object, a final fit, then the acceptance
    /// checks. "Nothing found" is `.notFound(reason)`.
    /// - Throws: `SurfaceFinderError` for invalid parameters.
    /// - Complexity: proportional to the points of the found object and the seed ball.
    public func find(_ search: SurfaceSearch) throws -> SurfaceSearchResult {
        switch try solve(search) {
        case let .failure(reason): return .notFound(reason)
        case let .success(s): return .found(makeSurface(s, search: search))
        }
    }

    /// The outcome of a search before it is turned into a public result (the fitted model and band
    /// are kept for a continued search, `find(_:continuing:)`).
    /// - Throws: `SurfaceFinderError` for invalid parameters.
    func solve(_ search: SurfaceSearch) throws -> Outcome {
        try validate(search)
        let seedIndex = try seedIndex(for: search.seed)
        var context = SearchContext(finder: self, search: search, seedIndex: seedIndex)
        guard context.ball.count >= Self.minimumSeedPoints else {
            return .failure(.tooFewPointsNearSeed(found: context.ball.count, needed: Self.minimumSeedPoints))
        }
        let outcome: Outcome
        switch search.type {
        case .any:
            outcome = choose(among: [.plane, .sphere, .cylinder, .cone, .torus], context: &context)
        case .cone where search.conversions.contains(.coneToCylinder):
            outcome = deciding(.cone, against: [.cylinder], context: &context)
        case .torus where !search.conversions.isDisjoint(with: [.torusToSphere, .torusToCylinder]):
            var simpler: [SurfaceType] = []
            if search.conversions.contains(.torusToSphere) { simpler.append(.sphere) }
            if search.conversions.contains(.torusToCylinder) { simpler.append(.cylinder) }
            outcome = deciding(.torus, against: simpler, context: &context)
        default:
            outcome = fit(search.type, context: &context)
        }
        return outcome
    }

    /// Checks the search's parameters.
    func validate(_ s: SurfaceSearch) throws {
        for (name, value) in [("seedRadius", s.seedRadius), ("accuracy", s.accuracy)]
        where !(value > 0 && value.isFinite) {
            throw SurfaceFinderError.nonPositive(parameter: name, value: value)
        }
        if let d = s.meanDistance, !(d > 0 && d.isFinite) {
            throw SurfaceFinderError.nonPositive(parameter: "meanDistance", value: d)
        }
        for (name, value) in [("lateralExtension", s.lateralExtension), ("radialExpansion", s.radialExpansion)]
        where !(0...10).contains(value) {
            throw SurfaceFinderError.levelOutOfRange(parameter: name, value: value)
        }
    }

    // MARK: Fitting one type

    /// A fitted model with its inliers and rms.
    struct Solution {
        var model: SurfaceModel
        var inliers: [Int]
        var rms: Float
        /// The inlier band the solution was grown with, metres.
        var band: Double
        /// How the type was decided, when a conversion could apply.
        var decision: SurfaceTypeDecision? = nil
        /// The share of the inliers whose neighbourhood tilts beyond the strict cut from the model,
        /// and how many points it was judged on (`RegionGrower.tiltedShare`); set only where draws are
        /// compared (`preferred(_:context:)`) and the orientation test ran.
        var tilt: (share: Double, judged: Int)? = nil
        /// Whether a plane touching the region was found around it (`RegionGrower.touchingPlane`):
        /// where the answer can depend on the draw, so another draw is grown (`draws(_:)`).
        var touchingPlaneFound = false
    }

    enum Outcome {
        case success(Solution)
        case failure(SurfaceNotFoundReason)

        var solution: Solution? {
            if case let .success(s) = self { return s }
            return nil
        }
    }

    /// Fits one type: candidates, seed-ball refinement, growth, acceptance; for the types whose
    /// search depends on the random draw (`draws(_:)`), again from other draws when the first found
    /// nothing or a plane touching its region, keeping the solution the data prefer
    /// (`preferred(_:context:)`).
    func fit(_ type: SurfaceType, context c: inout SearchContext) -> Outcome {
        let first = fit(type, draw: 0, context: &c)
        let count = Self.draws(type)
        // Only where the first draw's answer is in doubt (nothing found, or a cone or torus region
        // with a plane touching it).
        guard count > 1, Self.inDoubt(first, type: type) else { return first }
        var outcomes = [first]
        for draw in 1..<count { outcomes.append(fit(type, draw: UInt64(draw), context: &c)) }
        return preferred(outcomes, context: c)
    }

    /// Fits one type from one random draw (`draw` 0 is the search's own `randomSeed`; others shift
    /// every generator of the search by `drawSeedStride`).
    func fit(_ type: SurfaceType, draw: UInt64, context c: inout SearchContext) -> Outcome {
        let randomSeed = c.randomSeed &+ draw &* Self.drawSeedStride
        var nb = c.neighbourhood(positions: positions, withNormals: type != .plane)
        var generator = SeededGenerator(seed: randomSeed &+ UInt64(SurfaceType.allCases.firstIndex(of: type) ?? 0))
        var candidates = InitialEstimator.candidates(type, nb, generator: &generator)
        // A plane filling much of the seed ball (a floor, a table, a wall) next to a curved object:
        // candidates from the rest join, and all are scored on the rest.
        if type != .plane, type != .any, let rest = nb.withoutDominantPlane(band: c.band, generator: &generator) {
            candidates += InitialEstimator.candidates(type, rest, generator: &generator)
            nb = rest
        }
        let scored = candidates.map { ($0, nb.score($0, band: c.band)) }.sorted { $0.1 < $1.1 }
        guard !scored.isEmpty else { return .failure(.noCandidate) }
        // Refine the leading candidates on the seed neighbourhood and measure their noise (a robust
        // scale: 1.4826 × the median absolute residual). When the data are clearly better than the
        // a-priori accuracy, the band narrows to a multiple of the measured noise, which keeps nearby
        // surfaces (a floor, a wall) from being absorbed.
        var refinedCandidates: [(model: SurfaceModel, sigma: Double)] = []
        for (candidate, _) in scored.prefix(Self.refinedCandidates(type)) {
            var model = candidate
            for _ in 0..<1 {
                let ev = model.evaluator
                let inl = nb.points.filter { abs(ev.signedDistance($0)) <= c.band }
                guard inl.count > model.parameterCount else { break }
                let refined = OrthogonalDistanceFitter.refine(model, points: inl, maximumIterations: Self.candidateIterations)
                if refined.isValid { model = refined }
            }
            let ev = model.evaluator
            var residuals = nb.points.map { abs(ev.signedDistance($0)) }.filter { $0 <= c.band }
            guard residuals.count > model.parameterCount else { continue }
            let mid = residuals.count / 2
            residuals.sort()
            refinedCandidates.append((model, Self.madScale * residuals[mid]))
        }
        guard let sigma = refinedCandidates.map(\.sigma).min() else {
            return .failure(.tooFewInliers(found: 0, needed: Self.minimumInliers))
        }
        let band = min(c.band, max(Self.bandSigmas * sigma, Self.minimumBandFraction * c.band))
        let ranked = refinedCandidates.map { ($0.model, nb.score($0.model, band: band)) }.sorted { $0.1 < $1.1 }
        let ballPoints = RegionGrower.subsample(c.ball, positions, maximum: RegionGrower.maximumFitPoints)
        // The orientation test keeps a touching plane out of a curved object; a plane search takes
        // only the strip of a crossing surface that lies within its band either way.
        let orientationRadius = type == .plane ? 0 : Self.orientationRadius(band: band, context: c)
        var grower = RegionGrower(
            positions: positions, index: index, band: band,
            connectionRadius: orientationRadius > 0 ? c.connectionRadius : c.wideConnectionRadius,
            seed: c.seedPosition, reach: c.reach, excluded: c.excluded,
            normalRadius: orientationRadius)
        grower.orderFree = orderFree
        let needed = max(Self.minimumInliers, Self.inliersPerParameter * scored[0].0.parameterCount)
        var best: (model: SurfaceModel, inliers: [Int], nearMisses: Int)?
        var bestSeedInliers = 0
        /// Refines a candidate on the seed ball (or on `refinementPoints`, the region it was drawn
        /// from), grows it, and fits it to what it grew over.
        func grow(_ candidate: SurfaceModel, refinedOn refinementPoints: [SIMD3<Double>]? = nil)
            -> (model: SurfaceModel, inliers: [Int], nearMisses: Int)?
        {
            var model = candidate
            let ev0 = model.evaluator
            let inl = (refinementPoints ?? ballPoints).filter { abs(ev0.signedDistance($0)) <= band }
            if inl.count > model.parameterCount {
                let refined = OrthogonalDistanceFitter.refine(model, points: inl, maximumIterations: Self.seedIterations)
                if refined.isValid { model = refined }
            }
            let ev1 = model.evaluator
            let seedInliers = c.ball.filter { abs(ev1.signedDistance(SIMD3<Double>(positions[$0]))) <= band }
            bestSeedInliers = max(bestSeedInliers, seedInliers.count)
            guard seedInliers.count >= min(needed, c.ball.count) else { return nil }
            let (grown, inliers, nearMisses, _) = grower.grow(model, from: seedInliers, initialReach: c.seedRadius)
            let final = grower.finalFit(grown, inliers, maximumPoints: Self.maximumFinalFitPoints,
                                        iterations: Self.finalIterations(type))
            return (final.model, final.inliers, nearMisses)
        }
        func stalled(_ region: (model: SurfaceModel, inliers: [Int], nearMisses: Int)) -> Bool {
            Double(region.nearMisses) > Self.stalledNearMissFraction * Double(region.inliers.count)
        }
        // A poor seed estimate can stall the growth, so the runners-up are grown too and the largest
        // region wins.
        for (candidate, _) in ranked.prefix(Self.grownCandidates(type)) {
            guard let region = grow(candidate) else { continue }
            if best == nil || region.inliers.count > best!.inliers.count { best = region }
            // A region with few connected points just off its band is taken as is; a stalled growth
            // (the surface goes on just outside the band) lets the runner-up candidates try.
            if !stalled(region) { break }
        }
        typealias Region = (model: SurfaceModel, inliers: [Int], nearMisses: Int)
        /// Grows the candidates drawn from region `b` (its normals span more of the object than the
        /// seed ball's) from the seed: each is refined on the seed ball, or on a sample of `b` when
        /// `refineOnRegion`, and `accept` says whether a grown region replaces the best so far.
        func reestimate(from b: Region, refineOnRegion: Bool, accept: (Region, Region) -> Bool) -> Region {
            var regionGenerator = SeededGenerator(seed: randomSeed &+ Self.regionCandidateSeedOffset)
            // Order-free: a sample of the region chosen by the points' coordinates, not a random draw
            // by position in the ascending inliers (which follows the cloud's order).
            let regionSample = orderFree ? OrderFreeSampling.hashed(b.inliers, positions, maximum: SeedNeighbourhood.maximumPoints) : b.inliers
            let region = SeedNeighbourhood(
                seed: SIMD3<Double>(c.seedPosition), ballIndices: regionSample, positions: positions, withNormals: true,
                normalRadius: c.normalRadius, generator: &regionGenerator)
            let regionCandidates = InitialEstimator.candidates(type, region, generator: &regionGenerator)
                .map { ($0, region.score($0, band: band)) }.sorted { $0.1 < $1.1 }
            let regionPoints = refineOnRegion
                ? sample(b.inliers, maximum: RegionGrower.maximumFitPoints).map { SIMD3<Double>(positions[$0]) } : nil
            var chosen = b
            for (candidate, _) in regionCandidates.prefix(Self.grownCandidates(type)) {
                guard let grown = grow(candidate, refinedOn: regionPoints) else { continue }
                if accept(grown, chosen) { chosen = grown }
                if !stalled(grown) { break }
            }
            return chosen
        }
        // Every candidate stalled on a curved surface, or a cone grew as one that cannot be told from
        // a cylinder over its own inliers (its radius changes by less than two bands: over a noisy
        // seed ball a cone's apex and axis are barely constrained, and a nearly straight cone through
        // the wrong axis explains the object within the band): the grown region spans more of the
        // object than the seed ball, so its normals meet at a better-conditioned axis. Candidates
        // drawn from it are grown from the seed again (noisy tori need this: a wrong torus can explain
        // half the object at the noise level); the largest region wins.
        if type != .plane, let b = best, b.inliers.count > c.ball.count,
           stalled(b) || coneDegenerates(b.model, inliers: b.inliers, band: band) {
            best = reestimate(from: b, refineOnRegion: false) { $0.inliers.count > $1.inliers.count }
        }
        /// The steps after the growth of `start`: the stalled regrowth, the touching plane, the
        /// acceptance checks.
        func finish(_ start: Region?) -> (outcome: Outcome, changed: Bool) {
            var changed = false
            var best = start
            // Every candidate stalled: regrow the best from its own model with a wider widening band, so
            // the surface just outside pulls the model along.
            if let b = best, Double(b.nearMisses) > Self.stalledNearMissFraction * Double(b.inliers.count) {
                var rescuer = grower
                rescuer.wideningFactor = RegionGrower.rescueBandFactor
                // The region's points in the seed ball (order-free: in the ball's query order; the
                // growth's queue starts from them).
                let start: [Int]
                if orderFree {
                    let ascending = b.inliers.isAscending ? b.inliers : b.inliers.sorted()
                    start = c.ball.filter { ascending.containsSorted($0) }
                } else {
                    start = b.inliers.filter { c.seedPosition.distanceSquared(to: positions[$0]) <= c.seedRadius * c.seedRadius }
                }
                let (grown, inliers, nearMisses, _) = rescuer.grow(
                    b.model, from: start.isEmpty ? (orderFree ? OrderFreeSampling.coordinateSorted(b.inliers, positions) : b.inliers) : start,
                    initialReach: c.seedRadius)
                let final = grower.finalFit(grown, inliers, maximumPoints: Self.maximumFinalFitPoints,
                                            iterations: Self.finalIterations(type))
                if final.inliers.count > b.inliers.count {
                    best = (final.model, final.inliers, nearMisses)
                    changed = true
                }
            }
            // A plane touching the object (a floor under a ball) can leave a ring of its points in a
            // noisy region: drop them and refit.
            var touchingPlaneFound = false
            if type != .plane, var b = best {
                var planeGenerator = SeededGenerator(seed: randomSeed &+ Self.touchingPlaneSeedOffset)
                let touching = grower.touchingPlane(b.model, b.inliers, generator: &planeGenerator)
                touchingPlaneFound = touching.found
                if let kept = touching.kept, kept.count >= needed {
                    let pts = sample(kept, maximum: Self.maximumFinalFitPoints).map { SIMD3<Double>(positions[$0]) }
                    let refit = OrthogonalDistanceFitter.refine(b.model, points: pts, maximumIterations: Self.finalIterations(type))
                    if refit.isValid {
                        b.model = refit
                        b.inliers = grower.admitted(kept, by: refit)
                    } else {
                        b.inliers = kept
                    }
                    best = b
                    changed = true
                }
            }
            guard let (grown, inliers, _) = best else {
                return (.failure(.tooFewInliers(found: bestSeedInliers, needed: needed)), changed)
            }
            guard inliers.count >= needed else { return (.failure(.tooFewInliers(found: inliers.count, needed: needed)), changed) }
            var sum = 0.0
            let ev = grown.evaluator
            for i in inliers {
                let r = ev.signedDistance(SIMD3<Double>(positions[i]))
                sum += r * r
            }
            let rms = Float((sum / Double(inliers.count)).squareRoot())
            let limit = Self.rmsLimitFraction * Float(band)
            guard rms <= limit else { return (.failure(.rmsTooLarge(rms: rms, limit: limit)), changed) }
            if let why = degeneracy(of: grown, inliers: inliers) { return (.failure(.degenerate(why)), changed) }
            // The tilted share is needed only where draws are compared: a later draw, or a first one in
            // doubt with a region (`inDoubt`: a plane touches it).
            let tilt = Self.draws(type) > 1 && (draw > 0 || touchingPlaneFound) ? grower.tiltedShare(grown, inliers) : nil
            return (.success(Solution(model: grown, inliers: inliers, rms: rms, band: band, tilt: tilt,
                                      touchingPlaneFound: touchingPlaneFound)), changed)
        }
        // The region grown over is one the acceptance would refuse as degenerate (a radius far beyond
        // its extent, or a plane explaining it as well), before or after the steps that follow: at
        // 20 mm a sphere's seed cap can be as flat as the noise (a 0.21 m sphere seen through a
        // 0.10 m ball: 28 mm of sagitta), so its candidates are spheres of metres that grow over the
        // object (and, with a touching plane's points dropped, may pass as a 3 m sphere over half of
        // it), while the region they grew over, the whole visible side, holds the curvature. Its
        // candidates are refined on the region, not on the flat seed cap (a refit there undoes what
        // the region's wider view found); the first that grows a region the acceptance does not
        // refuse is taken through the same steps. Of the two outcomes a solution beats a failure,
        // and of two solutions the larger region wins. (Only here: a stalled region is no such
        // evidence, and may hold a touching plane's points, the demo's ring on its table, which a
        // refit on the region would follow.)
        let (first, changed) = finish(best)
        var degenerate = false
        if case .failure(.degenerate) = first { degenerate = true }
        // The grown region itself is judged only where a step replaced it (otherwise the acceptance
        // just judged it): the check reads every inlier once.
        if !degenerate, changed, type != .plane, let b = best { degenerate = degeneracy(of: b.model, inliers: b.inliers) != nil }
        guard type != .plane, degenerate, let b = best, b.inliers.count > c.ball.count else { return first }
        let retried = reestimate(from: b, refineOnRegion: true) { grown, _ in
            degeneracy(of: grown.model, inliers: grown.inliers) == nil
        }
        guard retried.inliers != b.inliers, let second = finish(retried).outcome.solution else { return first }
        guard let kept = first.solution else { return .success(second) }
        return .success(second.inliers.count > kept.inliers.count ? second : kept)
    }

    /// The rms orthogonal distance of the points at `indices`, metres.
    func rootMeanSquare(_ model: SurfaceModel, _ indices: [Int]) -> Double {
        let ev = model.evaluator
        var sum = 0.0
        for i in indices {
            let r = ev.signedDistance(SIMD3<Double>(positions[i]))
            sum += r * r
        }
        return (sum / Double(max(indices.count, 1))).squareRoot()
    }

    /// At most `maximum` of `indices` for a fit or a test: chosen by their coordinates' hashes when
    /// the finder is order-free (`OrderFreeSampling.hashed`), otherwise evenly spaced through the list.
    func sample(_ indices: [Int], maximum: Int) -> [Int] {
        orderFree ? OrderFreeSampling.hashed(indices, positions, maximum: maximum)
            : RegionGrower.subsampleIndices(indices, maximum: maximum)
    }

    /// Why a model is degenerate for its inliers, or `nil` when it is acceptable.
    func degeneracy(of model: SurfaceModel, inliers: [Int]) -> String? {
        // The inliers' bounding box, in scalar minima and maxima (the generic `pointwiseMin` per point
        // cost ~50 instructions).
        var (x0, y0, z0) = (Float.infinity, Float.infinity, Float.infinity)
        var (x1, y1, z1) = (-Float.infinity, -Float.infinity, -Float.infinity)
        positions.withUnsafeBufferPointer { pos in
            for i in inliers {
                let p = pos[i]
                x0 = min(x0, p.x); y0 = min(y0, p.y); z0 = min(z0, p.z)
                x1 = max(x1, p.x); y1 = max(y1, p.y); z1 = max(z1, p.z)
            }
        }
        let extent = Double(SIMD3(x1 - x0, y1 - y0, z1 - z0).length)
        let limit = Self.maximumRadiusRatio * extent
        if model.type != .plane {
            // A curved surface must explain its inliers better than their plane does, by more than
            // its extra parameters buy (`curvatureSupported`).
            let pts = sample(inliers, maximum: Self.maximumFinalFitPoints).map { SIMD3<Double>(positions[$0]) }
            if let plane = OrthogonalDistanceFitter.fitPlane(pts) {
                let flat = OrthogonalDistanceFitter.cost(plane, pts), curved = OrthogonalDistanceFitter.cost(model, pts)
                if !Self.curvatureSupported(flat: flat, curved: curved, pointCount: inliers.count,
                                            extraParameters: model.parameterCount - plane.parameterCount) {
                    return "a plane fits the inliers as well (curvature not supported by the data)"
                }
            }
        }
        switch model {
        case .plane: return nil
        case let .sphere(_, r):
            return r > limit ? "sphere radius \(r) m is far beyond the inliers' extent \(extent) m" : nil
        case let .cylinder(_, _, r):
            return r > limit ? "cylinder radius \(r) m is far beyond the inliers' extent \(extent) m" : nil
        case let .cone(_, _, t):
            return t < 0.001 || t > 1.49 ? "cone half angle \(t * 180 / .pi)° is degenerate" : nil
        case let .torus(_, _, big, small):
            return small > limit || big > limit ? "torus radii (\(big), \(small)) m are far beyond the inliers' extent \(extent) m" : nil
        }
    }

    /// Whether a curved model's squared-residual sum `curved` over a region is lower than its plane's
    /// `flat` by more than its `extraParameters` explain: the Bayesian information criterion with the
    /// noise variance estimated from the residuals themselves, `n · ln(flat / curved) > Δk · ln n`
    /// over the region's `pointCount` points n (the sums may be taken over an even sample of them:
    /// only their ratio counts). With many points a small but consistent curvature is supported (a
    /// 25 k-point cone at 20 mm noise whose plane leaves 1% more squared residual); with few, the
    /// plane must leave clearly more (3 × ln 100 / 100: 15% for a cone's 3 extra parameters over 100
    /// points).
    static func curvatureSupported(flat: Double, curved: Double, pointCount: Int, extraParameters: Int) -> Bool {
        guard curved > 0, pointCount > 1 else { return flat > curved }
        let n = Double(pointCount)
        return n * log(flat / curved) > Double(max(extraParameters, 1)) * log(n)
    }

    // MARK: Choosing between types

    /// The simplest of `types` (in order of complexity) that explains the data about as well as the
    /// more complex ones.
    func choose(among types: [SurfaceType], context c: inout SearchContext) -> Outcome {
        let outcomes = types.map { fit($0, context: &c) }
        let solutions = outcomes.compactMap(\.solution)
        guard !solutions.isEmpty else { return outcomes.first ?? .failure(.noCandidate) }
        return .success(simplest(solutions))
    }

    /// The simplest solution (the list is ordered simplest first) unless a more complex one is clearly
    /// better, compared at the narrowest band any of them was grown with.
    func simplest(_ solutions: [Solution]) -> Solution {
        let common = solutions.map(\.band).min() ?? 0
        func support(_ s: Solution) -> (count: Double, rms: Float) {
            var n = 0, sum = 0.0
            let ev = s.model.evaluator
            for i in s.inliers {
                let r = ev.signedDistance(SIMD3<Double>(positions[i]))
                if abs(r) <= common { n += 1; sum += r * r }
            }
            return (Double(n), Float((sum / Double(max(n, 1))).squareRoot()))
        }
        var best = solutions[0]
        var bestSupport = support(best)
        for s in solutions.dropFirst() {
            let t = support(s)
            let clearlyMore = t.count >= Self.complexInlierGain * bestSupport.count
            let asManyAndTighter = t.count >= bestSupport.count / Self.complexInlierGain
                && t.rms <= Self.complexRmsGain * bestSupport.rms
            if clearlyMore || asManyAndTighter {
                best = s
                bestSupport = t
            }
        }
        return best
    }
}
