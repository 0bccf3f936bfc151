import FathomCore

/// The points around the seed that initial estimates are drawn from: a bounded random subsample of
/// the seed ball (double precision) and, for a few of them, normals from local principal components.
struct SeedNeighbourhood {
    /// At most this many points are used for candidate scoring.
    static let maximumPoints = 256
    /// At most this many points get an estimated normal.
    static let maximumOrientedPoints = 32
    /// A neighbourhood gives a normal only when its middle principal variance exceeds its smallest
    /// this many times (a patch, not a blob).
    static let minimumPlanarity = 1.5
    /// Nearest neighbours used for a local normal.
    static let normalNeighbours = 14

    /// The seed position, metres.
    let seed: SIMD3<Double>
    /// The subsampled points of the seed ball.
    let points: [SIMD3<Double>]
    /// Points with unit normals (sign arbitrary).
    let oriented: [(point: SIMD3<Double>, normal: SIMD3<Double>)]

    init(
        seed: SIMD3<Double>, ballIndices: [Int], positions: [SIMD3<Float>], withNormals: Bool,
        normalRadius: Double, generator: inout SeededGenerator
    ) {
        self.seed = seed
        var chosen = ballIndices
        if chosen.count > Self.maximumPoints {
            // Partial Fisher–Yates: a uniform subsample without replacement.
            for i in 0..<Self.maximumPoints {
                let j = Int.random(in: i..<chosen.count, using: &generator)
                chosen.swapAt(i, j)
            }
            chosen.removeLast(chosen.count - Self.maximumPoints)
        }
        let pts = chosen.map { SIMD3<Double>(positions[$0]) }
        points = pts
        var oriented: [(SIMD3<Double>, SIMD3<Double>)] = []
        let k = min(Self.normalNeighbours, pts.count)
        if withNormals && k >= 5 {
            // Oriented samples: the points nearest the seed first half, random for the rest, so that
            // small objects get normals even in a large ball.
            var order = Array(0..<pts.count)
            let sampleCount = min(Self.maximumOrientedPoints, pts.count)
            for i in 0..<sampleCount {
                let j = Int.random(in: i..<order.count, using: &generator)
                order.swapAt(i, j)
            }
            var nearest = [(d: Double, i: Int)](repeating: (.infinity, 0), count: k)
            var local: [SIMD3<Double>] = []
            let r2 = normalRadius * normalRadius
            for s in 0..<sampleCount {
                let p = pts[order[s]]
                for t in 0..<k { nearest[t] = (.infinity, 0) }
                local.removeAll(keepingCapacity: true)
                for (i, q) in pts.enumerated() {
                    let d = p.distanceSquared(to: q)
                    // Noisy data need a wide neighbourhood (a few noise widths) for a stable normal.
                    if d <= r2 { local.append(q) }
                    if d < nearest[k - 1].d {
                        var t = k - 1
                        while t > 0 && nearest[t - 1].d > d { nearest[t] = nearest[t - 1]; t -= 1 }
                        nearest[t] = (d, i)
                    }
                }
                if local.count < k { local = nearest.map { pts[$0.i] } }
                let pca = PrincipalComponents(local)
                // Skip neighbourhoods that are lines or blobs rather than surface patches.
                guard pca.isValid, pca.variances.y > Self.minimumPlanarity * pca.variances.x else { continue }
                oriented.append((p, pca.axes.0))
            }
        }
        self.oriented = oriented
        normalsRequested = withNormals
    }

    /// A neighbourhood made of some of another's points and normals.
    private init(seed: SIMD3<Double>, points: [SIMD3<Double>], oriented: [(point: SIMD3<Double>, normal: SIMD3<Double>)],
                 normalsRequested: Bool) {
        self.seed = seed
        self.points = points
        self.oriented = oriented
        self.normalsRequested = normalsRequested
    }

    /// A plane must hold at least this share of the points to count as a neighbouring surface.
    static let dominantPlaneShare = 0.3
    /// … and its points' rms distance must be at most this fraction of the band: noise about a flat
    /// surface (Gaussian noise in a 3σ band: ≈ 0.33), not a strip cut through a curved one (≈ 0.58).
    static let dominantPlaneRMSFraction = 0.45
    /// Random plane hypotheses tried.
    static let dominantPlaneSamples = 24
    /// At least this many points must remain besides the plane.
    static let minimumRemainingPoints = 24

    /// The neighbourhood without the points of a plane that holds a large share of it (the floor under
    /// a ball, the table under a ring, the wall behind a pipe), or `nil` when no plane dominates.
    /// Curved types draw extra candidates from it and score on it, so that a surface touching the
    /// object does not out-vote it in the seed ball.
    func withoutDominantPlane(band: Double, generator: inout SeededGenerator) -> SeedNeighbourhood? {
        let n = points.count
        guard n >= Self.minimumRemainingPoints * 2, band > 0 else { return nil }
        var best: (point: SIMD3<Double>, normal: SIMD3<Double>, count: Int)?
        for _ in 0..<Self.dominantPlaneSamples {
            let a = points[Int.random(in: 0..<n, using: &generator)]
            let b = points[Int.random(in: 0..<n, using: &generator)]
            let c = points[Int.random(in: 0..<n, using: &generator)]
            guard let normal = (b - a).cross(c - a).normalized else { continue }
            var count = 0
            for p in points where abs((p - a).dot(normal)) <= band { count += 1 }
            if count > best?.count ?? 0 { best = (a, normal, count) }
        }
        guard let hypothesis = best, Double(hypothesis.count) >= Self.dominantPlaneShare * Double(n) else { return nil }
        // Refit the plane to its points, then judge it by their spread.
        let near = points.filter { abs(($0 - hypothesis.point).dot(hypothesis.normal)) <= band }
        guard case let .plane(origin, normal)? = OrthogonalDistanceFitter.fitPlane(near) else { return nil }
        var sum = 0.0, count = 0
        var kept: [SIMD3<Double>] = []
        for p in points {
            let r = (p - origin).dot(normal)
            if abs(r) <= band {
                sum += r * r
                count += 1
            } else {
                kept.append(p)
            }
        }
        guard Double(count) >= Self.dominantPlaneShare * Double(n),
            (sum / Double(max(count, 1))).squareRoot() <= Self.dominantPlaneRMSFraction * band,
            kept.count >= Self.minimumRemainingPoints
        else { return nil }
        let keptOriented = oriented.filter { abs(($0.point - origin).dot(normal)) > band }
        return SeedNeighbourhood(seed: seed, points: kept, oriented: keptOriented, normalsRequested: normalsRequested)
    }

    /// Whether normals were estimated.
    var hasNormals: Bool { normalsRequested }
    private let normalsRequested: Bool

    /// The MSAC score of `model` over the points: Σ min(r², band²) (lower is better).
    func score(_ model: SurfaceModel, band: Double) -> Double {
        let b2 = band * band
        var s = 0.0
        let ev = model.evaluator
        for p in points {
            let r = ev.signedDistance(p)
            s += min(r * r, b2)
        }
        return s
    }
}
