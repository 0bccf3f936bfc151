import FathomCore

/// A sphere moved by the app, not by forces (the touch point): it pushes balls and is never pushed.
public struct KinematicSphere: Hashable, Sendable {
    /// The centre, metres, world space.
    public var position: SIMD3<Float>
    /// The radius, metres.
    public var radius: Float
    /// The velocity over the current step, metres per second (set by `PhysicsWorld`).
    public internal(set) var velocity: SIMD3<Float>

    /// Creates a sphere at rest; the radius must be positive.
    public init(position: SIMD3<Float>, radius: Float) {
        precondition(radius > 0 && radius.isFinite, "kinematic sphere radius must be positive")
        self.position = position
        self.radius = radius
        velocity = .zero
    }
}
