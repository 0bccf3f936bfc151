/// Why an anchor store file could not be read.
public struct AnchorStoreError: Error, Equatable, CustomStringConvertible {
    /// The kind of failure, for apps that react differently (e.g. start empty when the file is missing).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// There is no file at the path.
        case missingFile
        /// The file exists but cannot be read.
        case unreadable
        /// The bytes are not an anchor store (not JSON, wrong format marker, truncated).
        case notAnAnchorStore
        /// The format version is newer (or older) than this build reads.
        case unsupportedVersion
        /// The file is an anchor store but its contents are invalid (e.g. a duplicate identifier).
        case corrupt
    }

    /// The kind of failure.
    public var kind: Kind
    /// The file concerned.
    public var file: String
    /// What is wrong, in words a user can act on.
    public var problem: String

    /// Creates an error.
    public init(_ kind: Kind, file: String, problem: String) {
        self.kind = kind
        self.file = file
        self.problem = problem
    }

    /// `"<file>: <problem>"`.
    public var description: String { "\(file): \(problem)" }
}
