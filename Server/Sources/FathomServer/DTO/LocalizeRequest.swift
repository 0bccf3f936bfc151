/// `POST /v1/maps/{id}/localize` body: a new session's points.
public struct LocalizeRequest: Codable, Sendable {
    /// The session's points, `[x, y, z]` metres in the session's world frame (for example its filtered
    /// feature points, or its own world map's points): `minimumPointCount`…`maximumPointCount` of them.
    public var points: [[Float]]
    /// Whether both frames are gravity-aligned (+y up, as ARKit's are): the search is then over yaw and
    /// translation only. Default true.
    public var gravityAligned: Bool?
    /// Seed of the registration's random sampling (default 0): the same request gives the same answer.
    public var seed: UInt64?

    /// Most points one request may carry.
    public static let maximumPointCount = 50_000
    /// Fewest points (a relocalization attempt's minimum, `RelocalizerConfiguration.minimumFeatureCount`).
    public static let minimumPointCount = MapLibrary.minimumPointCount
    /// Largest coordinate magnitude accepted, metres (a session's frame is centred where it started).
    public static let maximumCoordinate: Float = 10_000
    /// Largest body, bytes (50,000 points written with full precision fit).
    public static let maximumByteCount = 4 << 20
}
