/// Where in a file a problem was found: a line of text (1-based) or a byte offset (0-based).
public enum FileLocation: Sendable, Equatable, CustomStringConvertible {
    /// The whole file (no finer location applies).
    case file
    /// A 1-based line number of a text file or a text header.
    case line(Int)
    /// A 0-based byte offset from the start of the file.
    case byteOffset(Int)

    /// `line 12`, `byte offset 345`, or empty for `.file`.
    public var description: String {
        switch self {
        case .file: ""
        case let .line(n): "line \(n)"
        case let .byteOffset(n): "byte offset \(n)"
        }
    }
}
