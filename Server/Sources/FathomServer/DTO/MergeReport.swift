/// `merge.json`, a result of every job over several scans: which scans went into which plan and what a
/// user should know (a scan that could not be registered to the others, and why).
public struct MergeReport: Codable, Sendable, Equatable {
    /// One plan of the job: the merged one (`plan.json`) or one per scan that could not be merged
    /// (`plan-2.json`, …).
    public struct Plan: Codable, Sendable, Equatable {
        /// The result file holding the plan.
        public var file: String
        /// The scans in it, the one whose frame the plan uses first.
        public var scans: [String]

        /// A plan entry.
        public init(file: String, scans: [String]) {
            self.file = file
            self.scans = scans
        }
    }

    /// The plans, the one holding the job's first scan first.
    public var plans: [Plan]
    /// One sentence each: which scans were merged, which could not be and why.
    public var messages: [String]
    /// Whether every scan went into one plan.
    public var isMerged: Bool

    /// A report.
    public init(plans: [Plan], messages: [String], isMerged: Bool) {
        self.plans = plans
        self.messages = messages
        self.isMerged = isMerged
    }
}
