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
