import Foundation

/// App data carried by an anchor: any JSON value.
///
/// Apps keep their own `Codable` types and convert with `init(encoding:)` and `decode(_:)`,
/// so the store never needs to know them.
public enum AnchorPayload: Sendable, Equatable, Codable {
    /// No data.
    case null
    /// A Boolean.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array of values.
    case array([AnchorPayload])
    /// An object with string keys.
    case object([String: AnchorPayload])

    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let value = try? c.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? c.decode(Double.self) {
            self = .number(value)
        } else if let value = try? c.decode(String.self) {
            self = .string(value)
        } else if let value = try? c.decode([AnchorPayload].self) {
            self = .array(value)
        } else {
            self = .object(try c.decode([String: AnchorPayload].self))
        }
    }

    /// Writes the JSON value.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let value): try c.encode(value)
        case .number(let value): try c.encode(value)
        case .string(let value): try c.encode(value)
        case .array(let value): try c.encode(value)
        case .object(let value): try c.encode(value)
        }
    }

    /// The JSON value of an app's `Encodable` data.
    public init<T: Encodable>(encoding value: T) throws {
        let data = try JSONEncoder().encode(value)
        self = try JSONDecoder().decode(AnchorPayload.self, from: data)
    }

    /// The payload read back as an app's `Decodable` type.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(self))
    }
}
