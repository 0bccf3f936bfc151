import Foundation
/// Why a registration found no transform, or why the one it found is not trusted.
public enum RegistrationFailure: Sendable, Hashable, CustomStringConvertible {
    /// A cloud has too few points after downsampling to register.
    case tooFewPoints(source: Int, target: Int, minimum: Int)
    /// No descriptor correspondences could be formed (e.g. no point has neighbours).
    case noCorrespondences
    /// No minimal sample of correspondences was geometrically consistent.
    case noConsistentHypothesis
    /// Found, but the inlier fraction is below `RegistrationConfiguration.minimumFitness`.
    case lowFitness(Float)
    /// Found with a fitness at the trusted minimum or above, but measured over too few places to be
    /// known: fewer than `PointCloudRegistrar.minimumSharedCells` cells (edge
    /// `RegistrationConfiguration.coverageRadius`) both clouds saw (the fitness, and the shared cells).
    /// Checked by `PointCloudRegistrar.registerAdaptively`.
    case uncertainFitness(Float, sharedCells: Int)
    /// Found, but too few source points land in the target's mapped space (the overlap, 0…1).
    case lowOverlap(Float)
    /// Found, but fewer inliers than `RegistrationConfiguration.minimumInlierCount`.
    case fewInliers(Int)
    /// Found, but the inliers leave a direction nearly free (e.g. only a floor and one wall were
    /// seen); the value is the constraint measure, below `RegistrationConfiguration.minimumConstraint`.
    case degenerate(Float)
    /// Found, but the inlier RMSE (metres) exceeds `RegistrationConfiguration.maximumRMSE`.
    case highRMSE(Float)
    /// Found, but another, distinct answer is nearly as good: the value is the runner-up's inliers as
    /// a fraction of the winner's, above `RegistrationConfiguration.maximumRunnerUpRatio`.
    case ambiguous(Float)
    /// Found, but too many source points land near the target's surfaces yet off them (in front of or
    /// behind what the target saw): the value is that fraction of the points near the target, above
    /// `RegistrationConfiguration.maximumContradictionRate`. Judged where a finer level exists.
    case contradicted(Float)

    /// Whether a transform was found at all (only its quality fell short).
    public var transformWasFound: Bool {
        switch self {
        case .tooFewPoints, .noCorrespondences, .noConsistentHypothesis: false
        case .lowFitness, .uncertainFitness, .lowOverlap, .fewInliers, .highRMSE, .degenerate, .ambiguous, .contradicted: true
        }
    }

    /// A sentence for reports.
    public var description: String {
        switch self {
        case let .tooFewPoints(s, t, m): "too few points after downsampling (source \(s), target \(t), need \(m))"
        case .noCorrespondences: "no descriptor correspondences"
        case .noConsistentHypothesis: "no consistent sample of correspondences"
        case let .lowFitness(f): "fitness \(f) below the trusted minimum"
        case let .uncertainFitness(f, n):
            "fitness \(f) measured over only \(n) cells both clouds saw, too few to know it"
        case let .lowOverlap(o): "overlap \(o) with the target's mapped space below the trusted minimum"
        case let .fewInliers(n): "only \(n) inliers"
        case let .degenerate(c): "the alignment can slide: constraint \(c) below the trusted minimum"
        case let .highRMSE(r): "inlier RMSE \(r) m above the trusted maximum"
        case let .ambiguous(r): "another answer is nearly as good (runner-up has \(r) of the support)"
        case let .contradicted(r): "a fraction \(r) of the points near the target's surfaces land off them, above the trusted maximum"
        }
    }
}
