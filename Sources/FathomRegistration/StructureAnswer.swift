import FathomCore

/// One refined answer of the structure search (`PointCloudRegistrar.structureAnswers`): a placement of
/// the source cloud on the target and the figures it was ranked by.
public struct StructureAnswer: Sendable, Equatable {
    /// Maps source coordinates to target coordinates (after ICP).
    public var targetFromSource: RigidTransform
    /// Source points (downsampled) within `RegistrationConfiguration.inlierDistance` of a target point.
    public var inlierCount: Int
    /// Source points (downsampled) in the target's mapped space.
    public var coveredCount: Int
    /// Root mean square distance of the inliers to their nearest target points, metres.
    public var inlierRMSE: Float
    /// How well the inliers pin every direction (see `RegistrationResult.constraint`; 0…1).
    public var constraint: Float
    /// The larger of the two clouds' fractions (0…1) of upright points standing where the other saw
    /// open floor.
    public var contradictionRate: Float
    /// The ranking figure: inliers discounted by the contradiction rate against
    /// `RegistrationConfiguration.maximumContradictionRate` (negative beyond it).
    public var support: Float
    /// ICP iterations run.
    public var icpIterations: Int

    /// Creates an answer.
    public init(
        targetFromSource: RigidTransform, inlierCount: Int, coveredCount: Int, inlierRMSE: Float, constraint: Float, contradictionRate: Float,
        support: Float, icpIterations: Int
    ) {
        self.targetFromSource = targetFromSource
        self.inlierCount = inlierCount
        self.coveredCount = coveredCount
        self.inlierRMSE = inlierRMSE
        self.constraint = constraint
        self.contradictionRate = contradictionRate
        self.support = support
        self.icpIterations = icpIterations
    }
}
