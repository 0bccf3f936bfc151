/// Why the recorder stopped.
public enum ScanRecorderError: Error, Equatable, CustomStringConvertible {
    /// A write failed; the recorder removed everything it had created (event 15). `problem` names the
    /// file and the failure; `removed` lists the paths removed.
    case unrecoverable(problem: String, removed: [String])
    /// The recorder was used after `finish()` or after an unrecoverable error.
    case notRecording

    /// The error in words.
    public var description: String {
        switch self {
        case .unrecoverable(let problem, let removed):
            "scan recorder: unrecoverable error, scan removed (\(removed.joined(separator: ", "))): \(problem)"
        case .notRecording:
            "scan recorder: not recording (finished or failed)"
        }
    }
}
