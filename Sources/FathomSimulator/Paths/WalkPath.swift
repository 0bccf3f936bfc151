/// A walk: the camera moves along a smooth curve (Catmull–Rom through the waypoints) at constant
/// speed after a 1 s start, held landscape at `eyeHeight`, looking ahead along the path with a slow
/// sideways sweep of ±`sweepDegrees` and a pitch around `pitchDegrees`.
public struct WalkPath: Sendable, Equatable, Codable {
    /// Floor-plan waypoints `[x, z]`, metres.
    public var waypoints: [SIMD2<Float>]
    /// Walking speed, m/s (default 0.7).
    public var speed: Float
    /// Camera height, world metres (default 1.4).
    public var eyeHeight: Float
    /// Mean pitch, degrees, negative = looking down (default −10).
    public var pitchDegrees: Float
    /// Amplitude of the sideways look sweep, degrees (default 25).
    public var sweepDegrees: Float
    /// Period of the sweep, seconds (default 6).
    public var sweepPeriod: Float
    /// Whether the walk returns to the first waypoint (default false).
    public var closed: Bool
    /// Constant heading offset from the walking direction, degrees, positive = to the left (e.g.
    /// towards the middle of a room walked counter-clockwise) (default 0).
    public var headingOffsetDegrees: Float

    /// Creates a walk.
    public init(
        waypoints: [SIMD2<Float>], speed: Float = 0.7, eyeHeight: Float = 1.4, pitchDegrees: Float = -10,
        sweepDegrees: Float = 25, sweepPeriod: Float = 6, closed: Bool = false, headingOffsetDegrees: Float = 0
    ) {
        self.waypoints = waypoints
        self.speed = speed
        self.eyeHeight = eyeHeight
        self.pitchDegrees = pitchDegrees
        self.sweepDegrees = sweepDegrees
        self.sweepPeriod = sweepPeriod
        self.closed = closed
        self.headingOffsetDegrees = headingOffsetDegrees
    }

    enum CodingKeys: String, CodingKey {
        case waypoints, speed, eyeHeight, pitchDegrees, sweepDegrees, sweepPeriod, closed, headingOffsetDegrees
    }

    /// Decodes a walk; only `waypoints` is required.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        waypoints = try c.decode([SIMD2<Float>].self, forKey: .waypoints)
        speed = try c.decodeIfPresent(Float.self, forKey: .speed) ?? 0.7
        eyeHeight = try c.decodeIfPresent(Float.self, forKey: .eyeHeight) ?? 1.4
        pitchDegrees = try c.decodeIfPresent(Float.self, forKey: .pitchDegrees) ?? -10
        sweepDegrees = try c.decodeIfPresent(Float.self, forKey: .sweepDegrees) ?? 25
        sweepPeriod = try c.decodeIfPresent(Float.self, forKey: .sweepPeriod) ?? 6
        closed = try c.decodeIfPresent(Bool.self, forKey: .closed) ?? false
        headingOffsetDegrees = try c.decodeIfPresent(Float.self, forKey: .headingOffsetDegrees) ?? 0
    }
}
