/// How the camera moves: a walk through waypoints or an orbit around a point. JSON:
/// `{"type": "walk", "waypoints": [[1, 1], [4, 1], [4, 3]], "speed": 0.7}` or
/// `{"type": "orbit", "center": [0, 0.5, 0], "radius": 1.2, "degreesPerSecond": 30}`.
public enum CameraPathDescription: Sendable, Equatable {
    /// A walk through floor-plan waypoints.
    case walk(WalkPath)
    /// An orbit around a point, looking at it.
    case orbit(OrbitPath)

    /// Checks the parameters.
    /// - Throws: `SceneValidationError.invalidPath`.
    public func validate() throws {
        switch self {
        case .walk(let w):
            guard w.waypoints.count >= 2 else {
                throw SceneValidationError.invalidPath("a walk needs at least 2 waypoints, got \(w.waypoints.count)")
            }
            for i in 1..<w.waypoints.count where (w.waypoints[i] - w.waypoints[i - 1]).lengthXZ < 1e-3 {
                throw SceneValidationError.invalidPath("waypoints \(i - 1) and \(i) coincide")
            }
            guard w.waypoints.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
                throw SceneValidationError.invalidPath("a waypoint is not finite")
            }
            guard w.speed.isFinite, w.speed > 0.01, w.speed <= 5 else {
                throw SceneValidationError.invalidPath("walking speed \(w.speed) m/s is outside 0.01…5")
            }
            guard w.eyeHeight.isFinite, w.headingOffsetDegrees.isFinite, w.sweepPeriod > 0, abs(w.pitchDegrees) < 80
            else {
                throw SceneValidationError.invalidPath("eye height, sweep period or pitch is invalid")
            }
        case .orbit(let o):
            guard o.center.isFinite, o.eyeHeight.isFinite else {
                throw SceneValidationError.invalidPath("orbit centre or eye height is not finite")
            }
            guard o.radius.isFinite, o.radius > 0.05 else {
                throw SceneValidationError.invalidPath("orbit radius \(o.radius) m must be above 0.05")
            }
            guard o.degreesPerSecond.isFinite, abs(o.degreesPerSecond) > 0.1 else {
                throw SceneValidationError.invalidPath("orbit speed \(o.degreesPerSecond)°/s is too small")
            }
            guard o.turns.isFinite, o.turns > 0 else {
                throw SceneValidationError.invalidPath("orbit turns \(o.turns) must be positive")
            }
        }
    }
}

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

extension CameraPathDescription: Codable {
    enum CodingKeys: String, CodingKey { case type }

    /// Decodes a path from its `type` ("walk" or "orbit") and parameters.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .type) {
        case "walk": self = .walk(try WalkPath(from: decoder))
        case "orbit": self = .orbit(try OrbitPath(from: decoder))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown path type '\(other)'")
        }
    }

    /// Encodes the path with its `type`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .walk(let w):
            try c.encode("walk", forKey: .type)
            try w.encode(to: encoder)
        case .orbit(let o):
            try c.encode("orbit", forKey: .type)
            try o.encode(to: encoder)
        }
    }
}
