/// A PLY scalar property type. Parsing accepts both the original names (`char`, `uchar`, `short`,
/// `ushort`, `int`, `uint`, `float`, `double`) and the sized aliases (`int8`, `uint8`, `int16`,
/// `uint16`, `int32`, `uint32`, `float32`, `float64`); writing uses the original names.
public enum PLYScalarType: String, Sendable, CaseIterable, Equatable {
    /// Signed 8-bit integer.
    case char
    /// Unsigned 8-bit integer.
    case uchar
    /// Signed 16-bit integer.
    case short
    /// Unsigned 16-bit integer.
    case ushort
    /// Signed 32-bit integer.
    case int
    /// Unsigned 32-bit integer.
    case uint
    /// IEEE 754 binary32.
    case float
    /// IEEE 754 binary64.
    case double

    /// Parses a type name or alias; `nil` for anything else.
    public init?(name: String) {
        switch name {
        case "char", "int8": self = .char
        case "uchar", "uint8": self = .uchar
        case "short", "int16": self = .short
        case "ushort", "uint16": self = .ushort
        case "int", "int32": self = .int
        case "uint", "uint32": self = .uint
        case "float", "float32": self = .float
        case "double", "float64": self = .double
        default: return nil
        }
    }

    /// The size of one value in binary files, bytes.
    public var byteCount: Int {
        switch self {
        case .char, .uchar: 1
        case .short, .ushort: 2
        case .int, .uint, .float: 4
        case .double: 8
        }
    }

    /// Whether the type is an integer type.
    public var isInteger: Bool { self != .float && self != .double }

    /// The representable range of an integer type (±infinity for floating-point types).
    var range: ClosedRange<Double> {
        switch self {
        case .char: -128...127
        case .uchar: 0...255
        case .short: -32768...32767
        case .ushort: 0...65535
        case .int: -2_147_483_648...2_147_483_647
        case .uint: 0...4_294_967_295
        case .float, .double: -Double.infinity...Double.infinity
        }
    }
}
