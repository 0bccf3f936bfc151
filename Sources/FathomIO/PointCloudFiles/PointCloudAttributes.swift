import FathomCore

/// A set of optional per-point attributes of a `PointCloud` (positions are always present).
public struct PointCloudAttributes: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a set from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// 8-bit RGB colours.
    public static let colors = PointCloudAttributes(rawValue: 1 << 0)
    /// Unit normals.
    public static let normals = PointCloudAttributes(rawValue: 1 << 1)
    /// Confidences (0 low, 1 medium, 2 high).
    public static let confidences = PointCloudAttributes(rawValue: 1 << 2)
    /// 64-bit identifiers.
    public static let identifiers = PointCloudAttributes(rawValue: 1 << 3)
    /// Every optional attribute.
    public static let all: PointCloudAttributes = [.colors, .normals, .confidences, .identifiers]

    /// The attributes present in `cloud`.
    public init(presentIn cloud: PointCloud) {
        var s: PointCloudAttributes = []
        if cloud.hasColors { s.insert(.colors) }
        if cloud.hasNormals { s.insert(.normals) }
        if cloud.hasConfidences { s.insert(.confidences) }
        if cloud.hasIdentifiers { s.insert(.identifiers) }
        self = s
    }

    /// The attribute names in a fixed order: `colors`, `normals`, `confidences`, `identifiers`.
    public var names: [String] {
        var out: [String] = []
        if contains(.colors) { out.append("colors") }
        if contains(.normals) { out.append("normals") }
        if contains(.confidences) { out.append("confidences") }
        if contains(.identifiers) { out.append("identifiers") }
        return out
    }
}
