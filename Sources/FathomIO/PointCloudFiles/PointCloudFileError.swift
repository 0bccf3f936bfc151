/// A point-cloud file that cannot be read or written: which file, where in it, and what is wrong.
///
/// `description` reads like `scan.ply: line 4: bad element count 'many' for element 'vertex'`.
public struct PointCloudFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's name (last path component), or a caller-chosen label for in-memory data.
    public var file: String
    /// Where the problem was found.
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
        /// The file could not be read at all (missing, unreadable); the system's message.
        case unreadable(String)
        /// The file's extension names no supported format.
        case unsupportedExtension(String)
        /// A PLY file does not start with the `ply` magic line.
        case missingMagic
        /// The PLY `format` line names no known format (or is missing).
        case unknownFormat(String)
        /// An `element` line has a missing, negative or non-integer count.
        case badElementCount(element: String, token: String)
        /// A `property` line names a type that PLY does not define.
        case unknownPropertyType(String)
        /// Any other malformed header line.
        case malformedHeader(String)
        /// The header has no `vertex` element.
        case missingVertexElement
        /// The vertex element lacks scalar `x`, `y` or `z` properties (the missing names).
        case missingCoordinates([String])
        /// Binary data ends before the element's items: how many were expected, the bytes they need
        /// from the element's start (a lower bound when items hold lists) and the bytes left there.
        case truncatedBinary(element: String, expectedCount: Int, bytesNeeded: Int, bytesAvailable: Int)
        /// Text data ends before the element's items: how many were expected and how many were read.
        case truncatedText(element: String, expectedCount: Int, readCount: Int)
        /// A text line has fewer values than the properties need.
        case tooFewValues(expected: Int, found: Int)
        /// A token that should be a number is not.
        case nonNumericToken(String)
        /// A number does not fit its declared integer type (or a list count is negative / fractional).
        case valueOutOfRange(token: String, type: String)

        /// A one-line explanation.
        public var description: String {
            switch self {
            case let .unreadable(m): "cannot read file: \(m)"
            case let .unsupportedExtension(e):
                "unsupported point-cloud file extension '\(e)' (supported: .ply, .xyz, .txt, .pts)"
            case .missingMagic: "not a PLY file: the first line is not 'ply'"
            case let .unknownFormat(f):
                "unknown PLY format '\(f)' (expected ascii, binary_little_endian or binary_big_endian)"
            case let .badElementCount(e, t): "bad element count '\(t)' for element '\(e)'"
            case let .unknownPropertyType(t): "unknown PLY property type '\(t)'"
            case let .malformedHeader(m): "malformed PLY header: \(m)"
            case .missingVertexElement: "the PLY header declares no 'vertex' element"
            case let .missingCoordinates(names):
                "the vertex element has no scalar \(names.map { "'\($0)'" }.joined(separator: ", ")) property"
            case let .truncatedBinary(e, n, need, have):
                "truncated binary data: \(n) '\(e)' items need \(need) bytes but only \(have) remain"
            case let .truncatedText(e, n, read):
                "the file ends after \(read) of \(n) '\(e)' items"
            case let .tooFewValues(e, f): "too few values on the line: expected \(e), found \(f)"
            case let .nonNumericToken(t): "non-numeric value '\(t)'"
            case let .valueOutOfRange(t, type): "value '\(t)' is not a valid \(type)"
            }
        }
    }

    /// `file: location: problem`.
    public var description: String {
        let loc = location.description
        return loc.isEmpty ? "\(file): \(problem)" : "\(file): \(loc): \(problem)"
    }
}
