import Foundation

/// How the type of a found surface was decided when a smart conversion could apply (a cone search
/// that may become a cylinder, a torus search that may become a sphere or a cylinder).
///
/// The requested type is searched; each simpler type allowed by the conversions is then fitted by
/// orthogonal-distance least squares to the requested type's inliers, and every model is scored by
/// the Bayesian information criterion over those same points, with the search's `accuracy` as the
/// noise level σ:
/// `BIC = Σ min(r², band²) / σ² + k · ln n` (r the orthogonal distance of a point, metres; `band` the
/// a-priori inlier band, so a point one model leaves out costs the same as a far outlier; k the
/// model's parameter count; n the points compared). The lowest criterion wins; on a tie the simpler
/// type. A simpler type is thus reported only when it explains the points as well as the requested
/// type, up to the cost of the requested type's extra parameters; a cone must moreover degenerate into
/// the cylinder over its inliers (`Test.requestedTypeNotDegenerate`).
public struct SurfaceTypeDecision: Sendable, Hashable {
    /// Which rule decided.
    public enum Test: String, Sendable, Hashable, CaseIterable {
        /// The Bayesian information criterion over the requested type's inliers (see the type's
        /// documentation).
        case bayesianInformationCriterion
        /// No simpler type could be fitted to the requested type's inliers (or it was degenerate):
        /// the requested type is reported as is.
        case onlyRequestedTypeFound
        /// The criterion favoured a cylinder over the requested cone, but the cone does not degenerate
        /// into one over its inliers (half angle of 5° or more and a radius changing by more than two
        /// inlier bands): a cone seen from one side is mimicked by a tilted cylinder within a loose
        /// accuracy, so the cone stays.
        case requestedTypeNotDegenerate
        /// The requested type was not found (or degenerate); the simpler types were searched on their
        /// own, and the simplest is reported unless another has clearly more support at their common
        /// band (10% more inliers, or as many with a 25% lower rms), as `type: .any` chooses.
        case requestedTypeNotFound
    }

    /// One candidate type and its criterion.
    public struct Candidate: Sendable, Hashable {
        /// The candidate's type.
        public var type: SurfaceType
        /// Its Bayesian information criterion (dimensionless, lower is better); `nil` when the
        /// candidate was not found.
        public var criterion: Double?
        /// Its inlier count (within the band, among the compared points).
        public var inlierCount: Int

        /// Creates a candidate record.
        public init(type: SurfaceType, criterion: Double?, inlierCount: Int) {
            self.type = type
            self.criterion = criterion
            self.inlierCount = inlierCount
        }
    }

    /// The type the search asked for.
    public var requested: SurfaceType
    /// The rule that decided.
    public var test: Test
    /// The noise level the criterion assumed (the search's accuracy), metres.
    public var sigma: Float
    /// The points the criteria stand for (the requested type's inliers; at most 8000 of them, evenly
    /// spaced, are evaluated and the sum scaled).
    public var comparedPoints: Int
    /// Every candidate, the requested type last.
    public var candidates: [Candidate]

    /// Creates a decision record.
    public init(requested: SurfaceType, test: Test, sigma: Float, comparedPoints: Int, candidates: [Candidate]) {
        self.requested = requested
        self.test = test
        self.sigma = sigma
        self.comparedPoints = comparedPoints
        self.candidates = candidates
    }
}
