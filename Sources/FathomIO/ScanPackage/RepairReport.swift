/// What `ScanPackageRepair.repair(directory:)` found and did.
public struct RepairReport: Sendable, Equatable, CustomStringConvertible {
    /// What was done to one binary stream.
    public struct StreamRepair: Sendable, Equatable {
        /// Which stream.
        public var kind: ScanStreamKind
        /// Complete records kept.
        public var keptRecordCount: Int
        /// Records dropped because their frame is not in the journal (or repeats one).
        public var droppedRecordCount: Int
        /// Bytes of a truncated last record cut off.
        public var truncatedByteCount: Int
        /// Whether the header's count was rewritten.
        public var countPatched: Bool
        /// Whether the stream was removed (its header was incomplete).
        public var removed: Bool
    }

    /// The number of camera frames in the repaired `arkitData.json`.
    public var frameCount: Int
    /// Whether `arkitData.json` was rebuilt from the journal.
    public var rebuiltArkitData: Bool
    /// Journal lines that could not be used (a partial last line, or frames out of order).
    public var droppedJournalLineCount: Int
    /// What was done to each stream present.
    public var streams: [StreamRepair]
    /// Leftover temporary files (`.name.….tmp`) of interrupted atomic writes that were removed.
    public var removedTemporaryFiles: [String] = []
    /// Every action and finding, one sentence each.
    public var actions: [String]

    /// Whether anything in the package was changed.
    public var changedPackage: Bool {
        rebuiltArkitData || !removedTemporaryFiles.isEmpty
            || streams.contains {
                $0.droppedRecordCount > 0 || $0.truncatedByteCount > 0 || $0.countPatched || $0.removed
            }
    }

    /// A multi-line report: the frame count, then one line per action.
    public var description: String {
        (["repair: \(frameCount) frames\(changedPackage ? "" : ", nothing to change")"] + actions.map { "  - \($0)" })
            .joined(separator: "\n")
    }
}
