/// A straight wall segment of a floor plan.
///
/// `start` and `end` are `[x, z]` in metres: the centre line when both faces were seen
/// (`thickness` given), otherwise the seen face (`thickness` nil).
public struct FloorPlanWall: Sendable, Equatable, Codable {
    /// Identifier, unique in the plan (`"w1"`, `"w2"`, …).
    public var id: String
    /// First end point, `[x, z]` metres.
    public var start: SIMD2<Double>
    /// Second end point, `[x, z]` metres.
    public var end: SIMD2<Double>
    /// Height above the floor, metres.
    public var height: Double
    /// Thickness, metres, when both faces were seen.
    public var thickness: Double?

    /// Creates a wall.
    public init(id: String, start: SIMD2<Double>, end: SIMD2<Double>, height: Double, thickness: Double? = nil) {
        self.id = id
        self.start = start
        self.end = end
        self.height = height
        self.thickness = thickness
    }

    /// Length of the segment, metres.
    public var length: Double { FloorPlanGeometry.distance(start, end) }

    private enum CodingKeys: String, CodingKey { case id, start, end, height, thickness }

    /// Encodes `thickness` as `null` when unknown, as the format asks.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(start, forKey: .start)
        try c.encode(end, forKey: .end)
        try c.encode(height, forKey: .height)
        try c.encode(thickness, forKey: .thickness)
    }
}
