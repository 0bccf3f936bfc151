import Foundation
/// Every setting of `PointCloudRegistrar`, with defaults tuned on simulated ARKit feature-point
/// clouds of furnished rooms (a few thousand points, needle noise of ~1 cm per metre of range).
///
/// Distances are metres. The pipeline: voxel downsampling → normals (PCA of neighbours) →
/// descriptors → descriptor matching → robust sampling (2 correspondences per hypothesis in the
/// gravity-aligned mode, 3 in the general mode) → verification of the best hypotheses on the whole
/// cloud → point-to-plane ICP → fitness, overlap, RMSE and the trust decision.
///
/// Trust: a result is trusted when fitness ≥ `minimumFitness`, overlap ≥ `minimumOverlap`, inliers ≥
/// `minimumInlierCount`, RMSE ≤ `maximumRMSE` and the alignment is pinned in every direction
/// (`minimumConstraint`). Fitness counts only the points in the space both clouds saw (cells of edge
/// `coverageRadius` holding points of both, each cloud judged against the other), so a session that
/// has seen more than the map covers is not penalised, while a wrong alignment — whose points land in
/// the other's cells but miss its surfaces — is.
public struct RegistrationConfiguration: Sendable, Hashable, Codable {
    /// Which transforms are searched (default `.gravityAligned`).
    public var mode: RegistrationMode = .gravityAligned
    /// Voxel edge of the downsampling, metres (default 0.05): one averaged point per voxel.
    public var voxelSize: Float = 0.05
    /// Neighbourhood radius of the normals, metres (default 0.15).
    public var normalRadius: Float = 0.15
    /// Neighbourhood radius of the descriptors, metres (default 0.4).
    public var descriptorRadius: Float = 0.4
    /// Most source keypoints matched per attempt, chosen at random (default 500).
    public var maximumKeypoints: Int = 500
    /// Target descriptors kept per source keypoint (its nearest in descriptor space, default 3).
    public var correspondencesPerKeypoint: Int = 3
    /// Random minimal samples drawn (default 4000).
    public var samplingIterations: Int = 4000
    /// Two correspondences are compatible when their pairwise distances (horizontal and vertical in
    /// the gravity-aligned mode) agree within this, metres (default 0.08).
    public var pairTolerance: Float = 0.08
    /// Points of a minimal sample must be at least this far apart, metres (default 0.3), so that the
    /// rotation is well determined.
    public var minimumSampleSpread: Float = 0.3
    /// A correspondence supports a hypothesis when its points land within this, metres (default 0.12).
    public var correspondenceInlierDistance: Float = 0.12
    /// Best hypotheses verified on the whole cloud and refined (default 6).
    public var hypothesesRefined: Int = 6
    /// ICP iterations at most (default 30).
    public var icpIterations: Int = 30
    /// ICP pairs points up to this far apart at its first iteration, metres (default 0.15); the
    /// distance shrinks to `inlierDistance` over the iterations.
    public var icpStartDistance: Float = 0.15
    /// A source point is an inlier when its nearest target point lies within this, metres
    /// (default 0.04). Fitness and RMSE are measured with it.
    public var inlierDistance: Float = 0.04
    /// A source point lies in the target's mapped space when a target point lies within about this,
    /// metres (default 0.25; measured on a grid of this edge, with its 26 neighbouring cells).
    public var coverageRadius: Float = 0.25
    /// Trusted results have at least this fitness — the inlier fraction over the space both clouds saw
    /// (`PointCloudRegistrar.sharedFitness`; default 0.55; a map that saw an object from one side only
    /// leaves its other sides unmatched).
    public var minimumFitness: Float = 0.55
    /// Trusted results have at least this overlap — fraction of the source points in the target's
    /// mapped space (default 0.3).
    public var minimumOverlap: Float = 0.3
    /// Trusted results have at least this many inliers (default 25).
    public var minimumInlierCount: Int = 25
    /// Trusted results are pinned in every direction: the smallest eigenvalue of the mean of the
    /// inliers' constraint matrices — n·nᵀ of the target normal where planar, (I − a·aᵀ)/2 where the
    /// neighbourhood is elongated along a (an edge), I/3 where it is a corner or curved, nothing where
    /// it is too sparse to tell — is at least this (default 0.03). A view of only a floor and one wall, which could slide along the wall, scores
    /// about 0.
    public var minimumConstraint: Float = 0.03
    /// Trusted results have an inlier RMSE of at most this, metres (default 0.021). On simulated
    /// ARKit feature points, correct alignments scored 0.006–0.019 m and wrong-room alignments with a
    /// high fitness 0.022 m or more: wrong alignments pair points with the nearest of other surfaces'
    /// points, which lie farther than the noise.
    public var maximumRMSE: Float = 0.021
    /// Trusted results are clearly better than any distinct other answer: the runner-up's support (its
    /// inliers weighed by their fit, Σ (1 − d²/r²); with a fine level, inliers discounted by
    /// contradictions) is at most this fraction of the winner's (default 0.8).
    public var maximumRunnerUpRatio: Float = 0.8
    /// Where a finer level exists (dense clouds, `PointCloudRegistrar.registerAdaptively`), trusted
    /// results have at most this contradiction rate: of the source points landing within
    /// `coverageRadius` of a target point, the fraction that is neither an inlier nor on the plane of
    /// that target point (default 0.02). A correct alignment contradicts only where noise exceeds the
    /// inlier distance (2.5 σ: about 1 % of the points); a half-turned room puts its furniture beside
    /// the other's surfaces. Answers are also ranked by `inliers × (1 − rate / this)`.
    public var maximumContradictionRate: Float = 0.02

    /// The defaults.
    public init() {}

    /// The defaults with another mode and voxel size.
    public init(mode: RegistrationMode, voxelSize: Float = 0.05) {
        self.mode = mode
        self.voxelSize = voxelSize
    }

    /// A description of the first invalid setting, or `nil` when all are valid.
    public var problem: String? {
        let distances: [(String, Float)] = [
            ("voxelSize", voxelSize), ("normalRadius", normalRadius), ("descriptorRadius", descriptorRadius),
            ("pairTolerance", pairTolerance), ("correspondenceInlierDistance", correspondenceInlierDistance),
            ("icpStartDistance", icpStartDistance), ("inlierDistance", inlierDistance), ("coverageRadius", coverageRadius),
        ]
        for (name, value) in distances where !(value.isFinite && value > 0) {
            return "\(name) must be a positive number of metres, not \(value)"
        }
        guard minimumSampleSpread.isFinite, minimumSampleSpread >= 0 else { return "minimumSampleSpread must be ≥ 0" }
        let counts: [(String, Int)] = [
            ("maximumKeypoints", maximumKeypoints), ("correspondencesPerKeypoint", correspondencesPerKeypoint),
            ("samplingIterations", samplingIterations), ("hypothesesRefined", hypothesesRefined),
        ]
        for (name, value) in counts where value < 1 { return "\(name) must be at least 1, not \(value)" }
        guard icpIterations >= 0 else { return "icpIterations must be ≥ 0" }
        guard (0...1).contains(minimumFitness) else { return "minimumFitness must lie in 0…1" }
        guard (0...1).contains(minimumOverlap) else { return "minimumOverlap must lie in 0…1" }
        guard minimumInlierCount >= 0 else { return "minimumInlierCount must be ≥ 0" }
        guard maximumRMSE.isFinite, maximumRMSE > 0 else { return "maximumRMSE must be positive" }
        guard minimumConstraint.isFinite, minimumConstraint >= 0 else { return "minimumConstraint must be ≥ 0" }
        guard (0...1).contains(maximumRunnerUpRatio) else { return "maximumRunnerUpRatio must lie in 0…1" }
        guard maximumContradictionRate > 0, maximumContradictionRate <= 1 else {
            return "maximumContradictionRate must lie in 0…1 and be positive"
        }
        return nil
    }
}
