import FathomCore
import FathomRegistration

/// Where one scan of several went in a merged plan.
public struct FloorPlanScanPlacement: Sendable, Equatable {
    /// The scan's position in the list given.
    public var scanIndex: Int
    /// Maps the scan's world frame into the plan's (world metres); identity for the reference scan.
    public var planFromScan: RigidTransform
    /// The registration that placed it (nil for the reference scan, the first of its plan).
    public var registration: RegistrationResult?
    /// The scan's refined camera poses, in the plan's frame (empty without refinement).
    public var refinedPoses: [RefinedCameraPose]

    /// Creates a placement.
    public init(
        scanIndex: Int, planFromScan: RigidTransform, registration: RegistrationResult? = nil,
        refinedPoses: [RefinedCameraPose] = []
    ) {
        self.scanIndex = scanIndex
        self.planFromScan = planFromScan
        self.registration = registration
        self.refinedPoses = refinedPoses
    }
}
