/// Settings of an `AnchorStore`.
public struct AnchorStoreConfiguration: Sendable, Hashable {
    /// The most anchors shown at once (fading ones not counted). Placing one more starts the oldest
    /// fading. Default 100.
    public var capacity: Int
    /// How long a pushed-out anchor takes to fade before it is removed, seconds. Default 1 s.
    public var fadeDuration: Double

    /// The default capacity.
    public static let defaultCapacity = 100
    /// The default fade duration, seconds.
    public static let defaultFadeDuration: Double = 1

    /// Creates a configuration; `capacity` is clamped to ≥ 1 and `fadeDuration` to ≥ 0 (a non-finite
    /// duration becomes the default).
    public init(capacity: Int = AnchorStoreConfiguration.defaultCapacity,
                fadeDuration: Double = AnchorStoreConfiguration.defaultFadeDuration) {
        self.capacity = max(1, capacity)
        self.fadeDuration = fadeDuration.isFinite ? max(0, fadeDuration) : Self.defaultFadeDuration
    }
}
