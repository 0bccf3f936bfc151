import FathomCore

/// One line of the recording journal `frames.jsonl` (a Fathom addition): exactly one of the fields
/// is set. Lines are appended as the scan is recorded so that `ScanPackageRepair` can rebuild
/// `arkitData.json` after a crash.
struct ScanJournalLine: Codable {
    /// A camera frame, as in `arkitData.json`'s `frames`.
    var frame: ScanFrameRecord?
    /// A label.
    var label: ScanLabel?
    /// The azimuth (the last one wins).
    var azimuth: ScanAzimuth?

    /// The journal's file name.
    static let fileName = "frames.jsonl"
}
