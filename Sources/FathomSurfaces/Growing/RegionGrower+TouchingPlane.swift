import FathomCore

extension RegionGrower {
    /// At most this many inliers (evenly chosen among those that passed the orientation test only
    /// thanks to their noise allowance) look for a touching plane around them.
    static let touchingPlaneProbes = 128
    /// Random plane hypotheses tried among the points around the region.
    static let touchingPlaneSamples = 32
    /// A touching plane must hold at least this many of the points around the region…
    static let touchingPlaneMinimumSupport = 30
    /// …and at least this share of them.
    static let touchingPlaneMinimumShare = 0.25
    /// Its points' rms distance must be at most this fraction of the band (noise about a flat
    /// surface, as `SeedNeighbourhood.dominantPlaneRMSFraction`).
    static let touchingPlaneRMSFraction = 0.45
    /// Only where the model's surface runs nearly along the plane (normals within this angle, as the
    /// cosine: 35°) can the plane's points pass for the object's; where the plane meets the object
    /// steeply (a cylinder standing on the floor) the orientation test already keeps it out, and the
    /// object's own points next to it stay.
    static let touchingPlaneTangentCosine = 0.82
    /// At most this many inliers are tested for a tilt beyond the strict cut.
    static let touchingPlaneTiltSamples = 512
    /// Most of the plane's points around the region must lie off the model (beyond this many bands):
    /// a plane that goes on past the object, not the object's own left-out points.
    static let touchingPlaneOffModelBands = 1.0

    /// The inliers without the points of a plane that touches the object (a floor under a ball, a
    /// table under a ring), or `nil` when there is none or it took no inlier.
    ///
    /// Per point, the orientation test must allow for the noise of each patch's normal, and near a
    /// contact a touching plane tilts only a little from the object's surface, so noisy data let a
    /// ring of its points in. As a whole the plane is plain to see: it goes on around the region
    /// (among the connected points the growth left out). When such a plane holds many of those
    /// points with noise-level rms, inliers within the band of it whose neighbourhood is flatter
    /// along the plane's normal than along the model's (they face as the plane does), where the model
    /// runs nearly along the plane, are dropped.
    /// - Complexity: `touchingPlaneProbes` neighbourhood queries, then O(points around + inliers).
    func withoutTouchingPlane(
        _ model: SurfaceModel, _ inliers: [Int], generator: inout SeededGenerator
    ) -> [Int]? {
        touchingPlane(model, inliers, generator: &generator).kept
    }

    /// `withoutTouchingPlane(_:_:generator:)` (`kept`), and whether a plane touching the region was
    /// found at all (`found`: a plane among the left-out points around the region, with the support
    /// and noise-level rms asked for, whether or not it lies off the model and took inliers): the
    /// situation in which a search's answer depends on the random draw (the region either stays on
    /// the object or runs onto the plane), so the finder grows a second draw (`SurfaceFinder.draws`).
    func touchingPlane(
        _ model: SurfaceModel, _ inliers: [Int], generator: inout SeededGenerator
    ) -> (kept: [Int]?, found: Bool) {
        guard normalRadius > 0 else { return (nil, false) }
        let ev = model.evaluator
        // Where a touching plane got in, its points tilt beyond the strict cut.
        // Looked for among at most `touchingPlaneTiltSamples` evenly spaced inliers whose patch the
        // growth computed (the searched points, spread over the region; a patch computed afresh for a
        // covered point cost a query each, 9% of a 5 mm sphere search at 100 k points), or among all
        // inliers when too few were searched; the count scaled to all inliers.
        let searched = inliers.filter { patchCache.find($0).found != nil }
        let pool = searched.count >= Self.touchingPlaneTiltSamples ? searched : inliers
        let sample = sample(pool, maximum: Self.touchingPlaneTiltSamples)
        let tilted = sample.filter { !patch(of: $0).fits(positions[$0], ev, allowance: Self.maximumTiltSineSquared) }
        let tiltedShare = Double(tilted.count) * Double(inliers.count) / Double(max(sample.count, 1))
        guard tiltedShare >= Double(Self.touchingPlaneMinimumSupport / 3) else { return (nil, false) }
        // Membership by binary search in the ascending inliers: a hash set of a large region cost more
        // than the rest of this step (25 k insertions for a few thousand look-ups).
        let ascending = inliers.isAscending ? inliers : inliers.sorted()
        var aroundSet = Set<Int>()
        let step = max(1, tilted.count / Self.touchingPlaneProbes)
        for k in stride(from: 0, to: tilted.count, by: step) {
            index.forEachNeighbor(of: positions[tilted[k]], radius: connectionRadius) { j, _ in
                if !ascending.containsSorted(j), !excluded.contains(j) { aroundSet.insert(j) }
            }
        }
        // In coordinate order when the search is order-free: the random plane hypotheses below draw
        // by position in this list.
        let around = (orderFree ? OrderFreeSampling.coordinateSorted(Array(aroundSet), positions) : aroundSet.sorted())
            .map { SIMD3<Double>(positions[$0]) }
        guard around.count >= Self.touchingPlaneMinimumSupport else { return (nil, false) }
        var best: (point: SIMD3<Double>, normal: SIMD3<Double>, count: Int)?
        for _ in 0..<Self.touchingPlaneSamples {
            let a = around[Int.random(in: 0..<around.count, using: &generator)]
            let b = around[Int.random(in: 0..<around.count, using: &generator)]
            let c = around[Int.random(in: 0..<around.count, using: &generator)]
            guard let normal = (b - a).cross(c - a).normalized else { continue }
            var count = 0
            for p in around where abs((p - a).dot(normal)) <= band { count += 1 }
            if count > best?.count ?? 0 { best = (a, normal, count) }
        }
        guard let hypothesis = best, hypothesis.count >= Self.touchingPlaneMinimumSupport,
            Double(hypothesis.count) >= Self.touchingPlaneMinimumShare * Double(around.count)
        else { return (nil, false) }
        let support = around.filter { abs(($0 - hypothesis.point).dot(hypothesis.normal)) <= band }
        guard case let .plane(origin, normal)? = OrthogonalDistanceFitter.fitPlane(support) else { return (nil, false) }
        var squares = 0.0
        for p in support {
            let r = (p - origin).dot(normal)
            squares += r * r
        }
        guard (squares / Double(support.count)).squareRoot() <= Self.touchingPlaneRMSFraction * band else { return (nil, false) }
        let offModel = support.filter { abs(ev.signedDistance($0)) > Self.touchingPlaneOffModelBands * band }.count
        guard 2 * offModel >= support.count else { return (nil, true) }
        let kept = inliers.filter { i in
            let p = SIMD3<Double>(positions[i])
            guard abs((p - origin).dot(normal)) <= band, let m = ev.normalDirection(p),
                abs(m.dot(normal)) >= Self.touchingPlaneTangentCosine,
                let alongPlane = patch(of: i).variance(along: normal),
                let alongModel = patch(of: i).variance(along: m)
            else { return true }
            return alongModel <= alongPlane
        }
        return (kept.count < inliers.count ? kept : nil, true)
    }
}

extension RegionGrower.LocalPatch {
    /// The patch's variance along a unit direction, square metres (`nil` when undecidable).
    func variance(along d: SIMD3<Double>) -> Double? {
        guard let diag = diagonal else { return nil }
        let o = offDiagonal
        let cd = SIMD3(diag.x * d.x + o.x * d.y + o.y * d.z, o.x * d.x + diag.y * d.y + o.z * d.z,
                       o.y * d.x + o.z * d.y + diag.z * d.z)
        return d.dot(cd)
    }
}

extension RegionGrower {
    /// The share of `inliers` whose neighbourhood tilts beyond the strict cut from `model`'s surface
    /// (`maximumTiltSineSquared`, no allowance for the patch's noise), with the number of points it
    /// was judged on; `nil` without the orientation test. Over the inliers the growth searched (their
    /// patches are kept), or at most `touchingPlaneTiltSamples` of all inliers when fewer were
    /// searched. A region that ran onto a touching plane (a table under a ring) holds that plane's
    /// points, which face as the plane does, not as the model there.
    /// - Complexity: O(inliers), plus a query per sampled point without a kept patch.
    func tiltedShare(_ model: SurfaceModel, _ inliers: [Int]) -> (share: Double, judged: Int)? {
        guard normalRadius > 0, !inliers.isEmpty else { return nil }
        let ev = model.evaluator
        let searched = inliers.filter { patchCache.find($0).found != nil }
        let judged = searched.count >= Self.touchingPlaneTiltSamples
            ? searched : sample(inliers, maximum: Self.touchingPlaneTiltSamples)
        var tilted = 0
        for i in judged where !patch(of: i).fits(positions[i], ev, allowance: Self.maximumTiltSineSquared) { tilted += 1 }
        return (Double(tilted) / Double(max(judged.count, 1)), judged.count)
    }
}
