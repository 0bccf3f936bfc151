import FathomCore

/// A touch: where the fingertip presses on the real world, lifted slightly off the surface.
public struct TouchPoint: Hashable, Sendable {
    /// The smoothed touch position, metres, world space.
    public var position: SIMD3<Float>
    /// The unsmoothed position of the latest hit (hit point lifted by the surface offset), metres.
    public var rawPosition: SIMD3<Float>
    /// What the latest hit landed on.
    public var hit: TouchHit
    /// The time of the latest hit, seconds.
    public var timestamp: Double
    /// Whether this touch is held over from an earlier frame (no hit in the current one).
    public var isHeld: Bool

    /// Creates a touch record.
    public init(position: SIMD3<Float>, rawPosition: SIMD3<Float>, hit: TouchHit, timestamp: Double, isHeld: Bool) {
        self.position = position
        self.rawPosition = rawPosition
        self.hit = hit
        self.timestamp = timestamp
        self.isHeld = isHeld
    }
}
