/// An import that cannot be done: which file (or folder) and what is wrong with it.
///
/// `description` reads like `odometry.csv: line 4: 7 fields, expected 9`.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable, Equatable {
        /// The source folder's layout matches no known format.
        case unrecognized
        /// A required file is missing.
        case missingFile
        /// A file breaks its format's rules (or its numbers are unusable).
        case malformed
        /// A valid file using something this importer does not read (another version, a codec).
        case unsupported
        /// Nothing usable was left (e.g. every frame was skipped).
        case empty
        /// The output cannot be written (exists, or an I/O failure).
        case output
        /// The caller cancelled the import.
        case cancelled
    }

    /// What kind of failure.
    public var kind: Kind
    /// The file or folder concerned (a path as the user gave it, or a name inside the capture).
    public var file: String
    /// What is wrong.
    public var problem: String

    /// Creates an error.
    public init(_ kind: Kind, file: String, problem: String) {
        self.kind = kind
        self.file = file
        self.problem = problem
    }

    /// `file: problem`.
    public var description: String { "\(file): \(problem)" }
}
