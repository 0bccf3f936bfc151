import FathomCore

/// A solid ball in a `PhysicsWorld`.
public struct Ball: Hashable, Sendable {
    /// The centre, metres, world space.
    public var position: SIMD3<Float>
    /// The centre's velocity, metres per second.
    public var velocity: SIMD3<Float>
    /// The radius, metres.
    public let radius: Float
    /// The mass, kilograms.
    public let mass: Float
    /// The unit normal of the surface the ball rested on after the last step, or `nil` when airborne.
    public internal(set) var contactNormal: SIMD3<Float>?

    /// Creates a ball; `nil` unless radius and mass are positive and every value is finite.
    public init?(position: SIMD3<Float>, velocity: SIMD3<Float> = .zero, radius: Float, mass: Float) {
        guard position.isFinite, velocity.isFinite, radius > 0, radius.isFinite, mass > 0, mass.isFinite
        else { return nil }
        self.position = position
        self.velocity = velocity
        self.radius = radius
        self.mass = mass
        contactNormal = nil
    }

    /// The angular velocity of rolling without slipping on the contact surface, radians per second
    /// (zero when airborne): `n × v / r`.
    public var rollingAngularVelocity: SIMD3<Float> {
        guard let n = contactNormal else { return .zero }
        return n.cross(velocity) / radius
    }
}
