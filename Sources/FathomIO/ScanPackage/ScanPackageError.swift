import Foundation

/// A scan package (or one of its files) could not be read or written.
///
/// Every error names the file (for a zip, the zip and the entry) and, for binary streams, the byte
/// offset where the problem was found.
public struct ScanPackageError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What kind of problem this is.
    public enum Kind: String, Sendable, Equatable {
        /// A required file (`config.json`, `arkitData.json`) is missing.
        case missingFile
        /// `config.json` names another format.
        case unsupportedFormat
        /// A file declares a format version this reader does not know.
        case unsupportedVersion
        /// A file's content is malformed (bad magic, sizes that disagree with the header, invalid JSON).
        case corrupt
        /// Frames are out of timestamp order or repeat a frame number.
        case invalidFrames
        /// A zip entry's path would escape the package (`../`, absolute path, backslash).
        case unsafeZipEntry
        /// A zip cannot be opened or one of its entries fails its check.
        case invalidZip
        /// The writer's target directory exists and is not empty.
        case directoryNotEmpty
        /// The writer was used out of order (after `finish()`, or with a mismatching record).
        case invalidUse
        /// Reading or writing failed at the file-system level.
        case io
    }

    /// The kind of problem.
    public var kind: Kind
    /// The file concerned: a path, or `zip › entry` for a zip entry.
    public var file: String
    /// The byte offset in `file` where the problem was found, when it concerns binary content.
    public var offset: Int?
    /// What went wrong, in words.
    public var problem: String

    /// Creates an error.
    public init(_ kind: Kind, file: String, offset: Int? = nil, problem: String) {
        self.kind = kind
        self.file = file
        self.offset = offset
        self.problem = problem
    }

    /// Creates an error about the file at `url`.
    init(_ kind: Kind, url: URL, offset: Int? = nil, problem: String) {
        self.init(kind, file: url.path, offset: offset, problem: problem)
    }

    /// `file: at byte offset: problem`, or `file: problem`.
    public var description: String {
        if let offset { return "\(file): at byte \(offset): \(problem)" }
        return "\(file): \(problem)"
    }
}
