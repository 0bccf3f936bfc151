/// Settings of `GuidedDepthUpsampler`.
public struct GuidedUpsamplingConfiguration: Sendable, Hashable {
    /// Window radius in depth-map pixels: statistics are taken over (2·radius + 1)² depth pixels.
    /// Default 2.
    public var radius: Int
    /// Regularisation ε of the guided filter, in squared guide intensity (guide values 0…1). Larger
    /// values smooth more and copy fewer image edges into the depth. Default 0.001.
    public var epsilon: Float

    /// Creates a configuration; `radius` is clamped to ≥ 1 and `epsilon` to > 0.
    public init(radius: Int = 2, epsilon: Float = 1e-3) {
        self.radius = max(1, radius)
        self.epsilon = epsilon.isFinite && epsilon > 0 ? epsilon : 1e-3
    }
}
