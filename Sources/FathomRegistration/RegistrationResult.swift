import Foundation
import FathomCore

/// The outcome of registering a source cloud to a target cloud. Higher `fitness` and lower
/// `inlierRMSE` are better.
public struct RegistrationResult: Sendable, Equatable {
    /// Maps source coordinates to target coordinates (identity when nothing was found).
    public var targetFromSource: RigidTransform
    /// Whether a transform was found (it may still be untrusted; see `isTrusted`).
    public var isFound: Bool
    /// Inlier fraction (0…1) over the space both clouds saw after alignment: of each cloud's
    /// downsampled points in cells (edge `RegistrationConfiguration.coverageRadius`) that also hold
    /// points of the other, the fraction whose nearest point of the other lies within
    /// `RegistrationConfiguration.inlierDistance`, averaged over the two directions.
    public var fitness: Float
    /// Fraction (0…1) of the downsampled source points that land in the target's mapped space (within
    /// about `RegistrationConfiguration.coverageRadius` of a target point).
    public var overlap: Float
    /// Root mean square distance of the inliers to their nearest target points, metres.
    public var inlierRMSE: Float
    /// The number of inliers.
    public var inlierCount: Int
    /// The number of downsampled source points.
    public var sourcePointCount: Int
    /// Whether the result passes the configuration's thresholds (`minimumFitness`, `minimumOverlap`,
    /// `minimumInlierCount`, `maximumRMSE`).
    public var isTrusted: Bool
    /// Minimal samples drawn by the global search.
    public var samplingIterations: Int
    /// ICP iterations run on the chosen hypothesis.
    public var icpIterations: Int
    /// Why nothing was found or why the result is not trusted; `nil` for a trusted result.
    public var failure: RegistrationFailure?
    /// Support of the best distinct other answer as a fraction of this one's (0…1; 0 when there was
    /// none): near 1 when two answers explain the data equally well (a symmetric room, a wrong room).
    /// Support is the inliers weighed by their fit, Σ (1 − d²/r²) over the inliers; with a finer level
    /// (dense clouds), the inliers discounted by their contradictions there.
    public var runnerUpRatio: Float = 0
    /// How well the inliers pin every direction: the smallest eigenvalue of the mean of their
    /// constraint matrices (see `RegistrationConfiguration.minimumConstraint`; 0…1).
    public var constraint: Float = 0
    /// Of the source points that land near the target's surfaces (within `coverageRadius` of a target
    /// point), the fraction that contradict them: neither an inlier nor on the plane of the nearest
    /// target surface (0…1). Measured at the finer level when there is one (dense clouds), else 0.
    public var contradictionRate: Float = 0
    /// The voxel edge the search and the trust verdict worked at, metres.
    public var voxelSize: Float = 0
    /// The voxel edge of the final refinement, metres (equal to `voxelSize` when there was no finer level).
    public var refinementVoxelSize: Float = 0
    /// The inlier distance the verdict counted inliers within, metres (at the search level).
    public var inlierDistance: Float = 0
    /// The cells (edge `RegistrationConfiguration.coverageRadius`) both clouds saw after alignment, over
    /// which `fitness` was measured: its independent observations (0 when not measured).
    public var sharedCells: Int = 0

    /// Creates a result.
    public init(
        targetFromSource: RigidTransform, isFound: Bool, fitness: Float, overlap: Float, inlierRMSE: Float, inlierCount: Int,
        sourcePointCount: Int, isTrusted: Bool, samplingIterations: Int, icpIterations: Int,
        failure: RegistrationFailure?
    ) {
        self.targetFromSource = targetFromSource
        self.isFound = isFound
        self.fitness = fitness
        self.overlap = overlap
        self.inlierRMSE = inlierRMSE
        self.inlierCount = inlierCount
        self.sourcePointCount = sourcePointCount
        self.isTrusted = isTrusted
        self.samplingIterations = samplingIterations
        self.icpIterations = icpIterations
        self.failure = failure
    }

    /// A result saying that nothing was found, and why.
    public static func notFound(_ failure: RegistrationFailure, sourcePointCount: Int, samplingIterations: Int = 0)
        -> RegistrationResult
    {
        RegistrationResult(
            targetFromSource: .identity, isFound: false, fitness: 0, overlap: 0, inlierRMSE: 0, inlierCount: 0,
            sourcePointCount: sourcePointCount, isTrusted: false, samplingIterations: samplingIterations,
            icpIterations: 0, failure: failure)
    }
}
