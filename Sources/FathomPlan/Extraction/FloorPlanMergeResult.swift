/// The plans of several scans of one home: one plan per group of scans that could be registered
/// together (the first holds the first scan), each with where its scans went.
public struct FloorPlanMergeResult: Sendable, Equatable {
    /// One merged plan (several scans in one frame) or one plan per scan that could not be merged.
    public struct Plan: Sendable, Equatable {
        /// The plan, in the frame of its first scan.
        public var result: FloorPlanResult
        /// Its scans, the reference first.
        public var scans: [FloorPlanScanPlacement]

        /// Creates a plan entry.
        public init(result: FloorPlanResult, scans: [FloorPlanScanPlacement]) {
            self.result = result
            self.scans = scans
        }
    }

    /// The plans, the one holding the first scan first.
    public var plans: [Plan]
    /// What a user should know (which scans could not be merged and why), one sentence each.
    public var messages: [String]

    /// Creates a result.
    public init(plans: [Plan], messages: [String] = []) {
        self.plans = plans
        self.messages = messages
    }

    /// Whether every scan went into one plan.
    public var isMerged: Bool { plans.count == 1 }
}
