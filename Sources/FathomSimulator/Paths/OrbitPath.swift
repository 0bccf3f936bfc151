/// An orbit: the camera circles `center` at `radius` (horizontal distance) and `eyeHeight`, always
/// looking at `center`.
public struct OrbitPath: Sendable, Equatable, Codable {
    /// The point looked at, world metres.
    public var center: SIMD3<Float>
    /// Horizontal distance from the centre, metres.
    public var radius: Float
    /// Camera height, world metres.
    public var eyeHeight: Float
    /// Angular speed, degrees per second (default 30; negative = clockwise from above).
    public var degreesPerSecond: Float
    /// Start angle, degrees, measured from +X towards +Z (default 0).
    public var startDegrees: Float
    /// Number of turns (default 1); sets the duration.
    public var turns: Float

    /// Creates an orbit.
    public init(
        center: SIMD3<Float>, radius: Float, eyeHeight: Float, degreesPerSecond: Float = 30,
        startDegrees: Float = 0, turns: Float = 1
    ) {
        self.center = center
        self.radius = radius
        self.eyeHeight = eyeHeight
        self.degreesPerSecond = degreesPerSecond
        self.startDegrees = startDegrees
        self.turns = turns
    }

    enum CodingKeys: String, CodingKey { case center, radius, eyeHeight, degreesPerSecond, startDegrees, turns }

    /// Decodes an orbit; `eyeHeight` defaults to the centre's height plus 0.4 m.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let center = try c.decode(SIMD3<Float>.self, forKey: .center)
        self.center = center
        radius = try c.decode(Float.self, forKey: .radius)
        eyeHeight = try c.decodeIfPresent(Float.self, forKey: .eyeHeight) ?? center.y + 0.4
        degreesPerSecond = try c.decodeIfPresent(Float.self, forKey: .degreesPerSecond) ?? 30
        startDegrees = try c.decodeIfPresent(Float.self, forKey: .startDegrees) ?? 0
        turns = try c.decodeIfPresent(Float.self, forKey: .turns) ?? 1
    }
}
