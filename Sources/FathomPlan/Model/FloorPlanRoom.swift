/// A closed room: the floor area bounded by the interior wall faces.
public struct FloorPlanRoom: Sendable, Equatable, Codable {
    /// Identifier, unique in the plan (`"r1"`, …).
    public var id: String
    /// The room's name from the scan's labels, if one was said inside it.
    public var label: String?
    /// Interior outline, `[x, z]` metres, counter-clockwise seen from above (+y), not repeating
    /// the first point.
    public var polygon: [SIMD2<Double>]
    /// Floor area of `polygon`, square metres.
    public var area: Double
    /// Perimeter of `polygon`, metres.
    public var perimeter: Double

    /// Creates a room; `area` and `perimeter` are computed from the polygon, which is reordered
    /// counter-clockwise (seen from above) when given clockwise.
    public init(id: String, label: String? = nil, polygon: [SIMD2<Double>]) {
        let ccw = FloorPlanGeometry.counterClockwiseFromAbove(polygon)
        self.id = id
        self.label = label
        self.polygon = ccw
        self.area = abs(FloorPlanGeometry.signedArea(ccw))
        self.perimeter = FloorPlanGeometry.perimeter(ccw)
    }

    private enum CodingKeys: String, CodingKey { case id, label, polygon, area, perimeter }

    /// Encodes `label` as `null` when there is none, as the format asks.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(label, forKey: .label)
        try c.encode(polygon, forKey: .polygon)
        try c.encode(area, forKey: .area)
        try c.encode(perimeter, forKey: .perimeter)
    }
}
