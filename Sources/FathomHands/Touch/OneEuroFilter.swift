import FathomCore

/// The 1€ filter (Casiez, Roussel and Vogel, "1€ Filter: A Simple Speed-based Low-pass Filter for
/// Noisy Input in Interactive Systems", CHI 2012) for 3D points: an exponential low-pass whose cutoff
/// rises with speed, so a still point stops jittering while a moving one lags little.
///
/// Each update: the derivative `(x − x̂ₚ) / Δt` is low-passed at `derivativeCutoff`; the cutoff is
/// `minimumCutoff + beta · |ẋ̂|`; `x̂ = α x + (1 − α) x̂ₚ` with `α = 1 / (1 + 1 / (2π · cutoff · Δt))`.
public struct OneEuroFilter: Sendable, Hashable {
    /// The filter's settings.
    public struct Parameters: Sendable, Hashable {
        /// The cutoff frequency at rest, hertz: lower removes more jitter and adds lag.
        public var minimumCutoff: Double
        /// How fast the cutoff rises with speed, hertz per (metre per second).
        public var beta: Double
        /// The cutoff frequency of the speed estimate, hertz.
        public var derivativeCutoff: Double

        /// Creates settings (positive cutoffs, non-negative beta). The defaults were tuned on simulated
        /// 112- and 224-pixel masks of a hand 0.3–0.45 m away, 30 frames per second: they keep a still
        /// touch with ±2-pixel mask jitter within 1 cm and let a touch sliding at 0.17 m/s lag by about
        /// 1–1.5 cm.
        public init(minimumCutoff: Double = 0.7, beta: Double = 5.0, derivativeCutoff: Double = 1.0) {
            precondition(minimumCutoff > 0 && derivativeCutoff > 0 && beta >= 0, "invalid 1€ filter parameters")
            self.minimumCutoff = minimumCutoff
            self.beta = beta
            self.derivativeCutoff = derivativeCutoff
        }
    }

    /// The settings.
    public var parameters: Parameters
    /// The last filtered value, or `nil` before the first update.
    public private(set) var value: SIMD3<Float>?
    private var derivative = SIMD3<Double>.zero
    private var lastTimestamp: Double = 0

    /// Creates a filter with no history.
    public init(parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// Forgets the history; the next update passes its input through.
    public mutating func reset() {
        value = nil
        derivative = .zero
    }

    /// Filters `x` observed at `timestamp` (seconds, increasing). The first value passes through; a
    /// timestamp not after the previous one leaves the state unchanged and returns the last value.
    public mutating func update(_ x: SIMD3<Float>, timestamp: Double) -> SIMD3<Float> {
        guard let previous = value else {
            value = x
            derivative = .zero
            lastTimestamp = timestamp
            return x
        }
        let dt = timestamp - lastTimestamp
        guard dt > 0 else { return previous }
        let xd = SIMD3<Double>(x), pd = SIMD3<Double>(previous)
        let rawDerivative = (xd - pd) / dt
        let ad = Self.alpha(cutoff: parameters.derivativeCutoff, dt: dt)
        derivative = ad * rawDerivative + (1 - ad) * derivative
        let cutoff = parameters.minimumCutoff + parameters.beta * derivative.length
        let a = Self.alpha(cutoff: cutoff, dt: dt)
        let filtered = SIMD3<Float>(a * xd + (1 - a) * pd)
        value = filtered
        lastTimestamp = timestamp
        return filtered
    }

    /// The smoothing factor of a first-order low-pass at `cutoff` hertz sampled every `dt` seconds.
    static func alpha(cutoff: Double, dt: Double) -> Double {
        let tau = 1 / (2 * Double.pi * cutoff)
        return 1 / (1 + tau / dt)
    }
}
