import FathomCore
import Foundation

extension SurfaceFinder {
    /// Fits the requested type and the simpler types a smart conversion may turn it into, and keeps
    /// the one with the lowest Bayesian information criterion over their common points, with the
    /// search's accuracy as the noise level (see `SurfaceTypeDecision`). The simpler type wins ties.
    /// - Parameter simpler: the conversion targets, simplest first.
    func deciding(_ requested: SurfaceType, against simpler: [SurfaceType], context c: inout SearchContext) -> Outcome {
        let main = fit(requested, context: &c)
        let sigma = Double(c.accuracy)
        guard let requestedSolution = main.solution else {
            // The requested type was not found: a simpler type that is stands in.
            var rivals: [(type: SurfaceType, solution: Solution)] = []
            for type in simpler {
                if let s = fit(type, context: &c).solution { rivals.append((type, s)) }
            }
            // The simplest one unless another has clearly more support at their common band.
            guard !rivals.isEmpty else { return main }
            var s = simplest(rivals.map(\.solution))
            s.decision = SurfaceTypeDecision(
                requested: requested, test: .requestedTypeNotFound, sigma: Float(sigma), comparedPoints: s.inliers.count,
                candidates: rivals.map { .init(type: $0.type, criterion: nil, inlierCount: $0.solution.inliers.count) }
                    + [.init(type: requested, criterion: nil, inlierCount: 0)])
            return .success(s)
        }
        // The simpler types, fitted by least squares to the requested type's inliers (the same points).
        let inliers = requestedSolution.inliers
        let fitPoints = sample(inliers, maximum: Self.maximumFinalFitPoints).map { SIMD3<Double>(positions[$0]) }
        let needed = max(Self.minimumInliers, Self.inliersPerParameter * requestedSolution.model.parameterCount)
        var all: [(type: SurfaceType, solution: Solution)] = []
        for type in simpler {
            guard let model = Self.simplerFit(type, from: requestedSolution.model, fitPoints) else { continue }
            let ev = model.evaluator
            let kept = inliers.filter { abs(ev.signedDistance(SIMD3<Double>(positions[$0]))) <= requestedSolution.band }
            guard kept.count >= needed, degeneracy(of: model, inliers: kept) == nil else { continue }
            all.append((type, Solution(model: model, inliers: kept, rms: Float(rootMeanSquare(model, kept)), band: requestedSolution.band)))
        }
        all.append((requested, requestedSolution))
        let compared = sample(inliers, maximum: Self.maximumCriterionPoints)
        let scale = Double(inliers.count) / Double(max(compared.count, 1))
        let criteria = all.map {
            informationCriterion($0.solution.model, compared, sigma: sigma, clip: c.band, scale: scale, pointCount: inliers.count)
        }
        // The simplest type with the lowest criterion (candidates are ordered simplest first).
        var chosen = 0
        for k in criteria.indices.dropFirst() where criteria[k] < criteria[chosen] { chosen = k }
        var test: SurfaceTypeDecision.Test = all.count > 1 ? .bayesianInformationCriterion : .onlyRequestedTypeFound
        // A cone seen from one side is mimicked by a tilted cylinder within a loose accuracy: it becomes
        // a cylinder only when it also degenerates into one over its inliers.
        if all[chosen].type == .cylinder, requested == .cone, !coneDegenerates(requestedSolution) {
            chosen = all.count - 1
            test = .requestedTypeNotDegenerate
        }
        var s = all[chosen].solution
        s.decision = SurfaceTypeDecision(
            requested: requested, test: test,
            sigma: Float(sigma), comparedPoints: inliers.count,
            candidates: zip(all, criteria).map { .init(type: $0.type, criterion: $1, inlierCount: $0.solution.inliers.count) })
        return .success(s)
    }

    /// A cone with a half angle below this (radians) has degenerated into a cylinder.
    static let cylinderConeAngle = 5 * Double.pi / 180

    /// Whether a cone degenerates into a cylinder over its inliers: its half angle is below
    /// `cylinderConeAngle` or its radius changes by less than two inlier bands along them.
    func coneDegenerates(_ s: Solution) -> Bool {
        coneDegenerates(s.model, inliers: s.inliers, band: s.band)
    }

    /// Whether `model` is a cone that degenerates into a cylinder over `inliers` at the inlier band
    /// `band` (metres), as `coneDegenerates(_:)` judges a solution.
    func coneDegenerates(_ model: SurfaceModel, inliers: [Int], band: Double) -> Bool {
        guard case let .cone(apex, axis, angle) = model else { return false }
        let (lo, hi) = Self.extent(inliers.map { SIMD3<Double>(positions[$0]) }, from: apex, along: axis)
        return angle < Self.cylinderConeAngle || (hi - max(lo, 0)) * tan(angle) <= 2 * band
    }

    /// The criterion is estimated from at most this many (evenly spaced) inliers, scaled to all of them.
    static let maximumCriterionPoints = 8000

    /// The simpler type fitted by orthogonal-distance least squares to a cone's or torus's points,
    /// from the start `simplerStart` gives.
    static func simplerFit(_ type: SurfaceType, from model: SurfaceModel, _ points: [SIMD3<Double>]) -> SurfaceModel? {
        guard let start = simplerStart(type, from: model, points) else { return nil }
        let refined = OrthogonalDistanceFitter.refine(start, points: points, maximumIterations: finalIterations(type))
        return refined.isValid ? refined : nil
    }

    /// A start for fitting a simpler type to the points of a fitted cone or torus: the cylinder
    /// through a cone's mean radius along its axis; the algebraic sphere; the cylinder tangent to a
    /// torus's centre circle at the points' mean direction around its axis.
    static func simplerStart(_ type: SurfaceType, from model: SurfaceModel, _ points: [SIMD3<Double>]) -> SurfaceModel? {
        switch (type, model) {
        case let (.cylinder, .cone(apex, axis, angle)):
            let mean = points.reduce(0.0) { $0 + ($1 - apex).dot(axis) } / Double(max(points.count, 1))
            return .cylinder(point: apex + axis * mean, axis: axis, radius: max(mean, 0) * tan(angle))
        case (.sphere, _):
            return InitialEstimator.algebraicSphere(points)
        case let (.cylinder, .torus(centre, axis, big, small)):
            var mean = SIMD3<Double>.zero
            for p in points {
                let d = p - centre
                mean += (d - axis * d.dot(axis)).normalized ?? .zero
            }
            guard let w = mean.normalized, let tangent = axis.cross(w).normalized else { return nil }
            return .cylinder(point: centre + w * big, axis: tangent, radius: small)
        default:
            return nil
        }
    }

    /// The Bayesian information criterion of `model` over the points at `indices` for Gaussian noise
    /// of `sigma` metres: Σ min(r², clip²) / σ² + k · ln n. Clipping at the inlier band makes a point
    /// the model does not explain cost as much as an outlier, whatever its distance.
    /// - Parameters:
    ///   - scale: the sum over `indices` is multiplied by this (when they sample `pointCount` points).
    ///   - pointCount: n, the number of points the criterion stands for.
    func informationCriterion(
        _ model: SurfaceModel, _ indices: [Int], sigma: Double, clip: Double, scale: Double = 1, pointCount: Int? = nil
    ) -> Double {
        let sum = clippedSquares(model, indices, clip: clip)
        let n = Double(max(pointCount ?? indices.count, 1))
        return scale * sum / (sigma * sigma) + Double(model.parameterCount) * log(n)
    }
}
