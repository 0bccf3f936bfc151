import FathomCore
import Foundation

extension SurfaceFinder {
    /// How many random draws a search of `type` may grow and compare (planes: one; their minimal
    /// samples are reliable). A further draw is grown only when the first one's answer is in doubt
    /// (`inDoubt(_:type:)`), and the data choose (`preferred(_:context:)`).
    static func draws(_ type: SurfaceType) -> Int {
        switch type {
        case .plane, .any: 1
        default: 2
        }
    }

    /// Whether a first draw's outcome of a `type` search is in doubt: it found nothing (at 20 mm noise
    /// a sphere's draw can grow a region its plane explains as well, or a radius far beyond its
    /// extent, where another draw finds the sphere), or, for a cone or torus, a plane touches its
    /// region. A cone or torus next to a touching plane is bimodal in the draw: the region the
    /// candidates of one draw grow either stays on the object or runs onto the plane (the demo's
    /// ring on its table).
    static func inDoubt(_ outcome: Outcome, type: SurfaceType) -> Bool {
        guard let s = outcome.solution else { return true }
        return (type == .cone || type == .torus) && s.touchingPlaneFound
    }

    /// The random seed of draw k is the search's own shifted by k × this (a large odd constant, so the
    /// draws' generators share no seed with the offsets of one draw's own generators).
    static let drawSeedStride: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// A later draw replaces an earlier one when its tilted share is lower by more than this many
    /// standard errors of the difference (binomial shares of the judged points).
    static let drawTiltStandardErrors = 2.0

    /// The outcome the data prefer among the draws of one type: any solution over a failure; among
    /// solutions with a tilted share (`Solution.tilt`, where the orientation test ran), the one whose
    /// share is clearly lower (a region that ran onto a touching plane holds that plane's points,
    /// which face as the plane does, not as the model); otherwise the lowest clipped squared-residual
    /// sum over the union of their inliers (the information criterion of the type decision with the
    /// same parameter count, so only the residuals count), counting a point a model leaves out as an
    /// outlier at the a-priori band. The first draw wins ties.
    /// - Complexity: O(inliers of the solutions), at most `maximumCriterionPoints` residuals each.
    func preferred(_ outcomes: [Outcome], context c: SearchContext) -> Outcome {
        let solved = outcomes.indices.filter { outcomes[$0].solution != nil }
        guard solved.count > 1 else { return solved.first.map { outcomes[$0] } ?? outcomes[0] }
        // Where the orientation test ran: the region with clearly fewer tilted inliers (beyond
        // `drawTiltStandardErrors` standard errors of the difference of the two shares).
        let tilts = solved.compactMap { outcomes[$0].solution!.tilt }
        if tilts.count == solved.count {
            var chosen = solved[0]
            for k in solved.dropFirst() {
                let a = outcomes[chosen].solution!.tilt!, b = outcomes[k].solution!.tilt!
                let variance = a.share * (1 - a.share) / Double(max(a.judged, 1))
                    + b.share * (1 - b.share) / Double(max(b.judged, 1))
                if a.share - b.share > Self.drawTiltStandardErrors * variance.squareRoot() { chosen = k }
            }
            return outcomes[chosen]
        }
        var union: [Int] = []
        for k in solved { union += outcomes[k].solution!.inliers }
        union.sort()
        var distinct: [Int] = []
        distinct.reserveCapacity(union.count)
        for i in union where distinct.last != i { distinct.append(i) }
        union = distinct
        let compared = sample(union, maximum: Self.maximumCriterionPoints)
        var chosen = solved[0]
        var lowest = Double.infinity
        for k in solved {
            let cost = clippedSquares(outcomes[k].solution!.model, compared, clip: c.band)
            if cost < lowest {
                lowest = cost
                chosen = k
            }
        }
        return outcomes[chosen]
    }

    /// Σ min(r², clip²) of the orthogonal residuals of the points at `indices`, square metres.
    func clippedSquares(_ model: SurfaceModel, _ indices: [Int], clip: Double) -> Double {
        let ev = model.evaluator
        let clip2 = clip * clip
        var sum = 0.0
        for i in indices {
            let r = ev.signedDistance(SIMD3<Double>(positions[i]))
            sum += min(r * r, clip2)
        }
        return sum
    }
}
