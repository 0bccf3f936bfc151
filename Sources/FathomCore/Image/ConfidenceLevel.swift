/// ARKit's depth confidence (`ARConfidenceLevel`): the raw values in a `ConfidenceMap`.
public enum ConfidenceLevel: UInt8, Sendable, Codable, CaseIterable, Comparable {
    /// The sample is unreliable (far, grazing, or at a depth edge).
    case low = 0
    /// Moderately reliable.
    case medium = 1
    /// Reliable.
    case high = 2

    public static func < (a: ConfidenceLevel, b: ConfidenceLevel) -> Bool { a.rawValue < b.rawValue }

    /// Parses `low`, `medium` or `high`.
    public init?(name: String) {
        switch name.lowercased() {
        case "low": self = .low
        case "medium": self = .medium
        case "high": self = .high
        default: return nil
        }
    }

    /// `low`, `medium` or `high`.
    public var name: String {
        switch self {
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        }
    }
}
