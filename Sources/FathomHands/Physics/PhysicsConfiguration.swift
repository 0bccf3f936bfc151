import FathomCore

/// Settings of a `PhysicsWorld`.
public struct PhysicsConfiguration: Hashable, Sendable {
    /// Gravity, metres per second squared (ARKit's world: −Y is down).
    public var gravity: SIMD3<Float>
    /// The fixed time step, seconds.
    public var timeStep: Float
    /// Bounce factor of ball–surface, ball–ball and ball–pusher contacts (0 inelastic … 1 elastic).
    public var restitution: Float
    /// Normal impact speeds below this do not bounce, metres per second (so balls settle).
    public var bounceThreshold: Float
    /// Rolling resistance coefficient: a rolling ball decelerates by this times |gravity|.
    public var rollingFriction: Float
    /// Position-correction passes per step over all contacts.
    public var contactIterations: Int

    /// Creates settings (a positive time step; restitution is clamped to 0…1).
    public init(
        gravity: SIMD3<Float> = SIMD3(0, -9.81, 0), timeStep: Float = 1.0 / 120, restitution: Float = 0.5,
        bounceThreshold: Float = 0.25, rollingFriction: Float = 0.02, contactIterations: Int = 4
    ) {
        precondition(timeStep > 0 && timeStep.isFinite, "time step must be positive")
        self.gravity = gravity
        self.timeStep = timeStep
        self.restitution = min(max(restitution, 0), 1)
        self.bounceThreshold = max(0, bounceThreshold)
        self.rollingFriction = max(0, rollingFriction)
        self.contactIterations = max(1, contactIterations)
    }
}
