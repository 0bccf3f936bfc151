/// An image file that cannot be read or written: which file, where in it, and what is wrong.
///
/// `description` reads like `photo.png: byte offset 33: chunk 'IDAT': CRC mismatch …`.
public struct ImageFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's name (last path component), or a caller-chosen label for in-memory data.
    public var file: String
    /// Where the problem was found (for PNG, the start of the chunk concerned).
    public var location: FileLocation
    /// What is wrong.
    public var problem: Problem

    /// Creates an error.
    public init(file: String, location: FileLocation, problem: Problem) {
        self.file = file
        self.location = location
        self.problem = problem
    }

    /// The kinds of problem.
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// The file could not be read at all; the system's message.
        case unreadable(String)
        /// Neither the magic bytes nor the extension name a supported format.
        case unknownFormat(String)
        /// A valid file using a feature this reader does not support (e.g. Adam7 interlacing).
        case unsupported(String)
        /// The file breaks its format's rules.
        case malformed(String)
        /// A PNG chunk's stored CRC differs from the CRC of its contents.
        case checksumMismatch(chunk: String, stored: UInt32, computed: UInt32)
        /// The data ends early.
        case truncated(String)
        /// The image cannot be written (e.g. it has no pixels).
        case unwritable(String)

        /// A one-line explanation.
        public var description: String {
            switch self {
            case let .unreadable(m): "cannot read file: \(m)"
            case let .unknownFormat(m): "unknown image format: \(m)"
            case let .unsupported(m): "unsupported: \(m)"
            case let .malformed(m): "malformed: \(m)"
            case let .checksumMismatch(c, s, k):
                "chunk '\(c)': CRC mismatch (stored \(hex(s)), computed \(hex(k)))"
            case let .truncated(m): "truncated: \(m)"
            case let .unwritable(m): "cannot write: \(m)"
            }
        }

        private func hex(_ v: UInt32) -> String {
            let s = String(v, radix: 16)
            return "0x" + String(repeating: "0", count: 8 - s.count) + s
        }
    }

    /// `file: location: problem`.
    public var description: String {
        let loc = location.description
        return loc.isEmpty ? "\(file): \(problem)" : "\(file): \(loc): \(problem)"
    }
}
