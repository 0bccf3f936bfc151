/// The drift the walk measures about itself: innovation-based adaptive estimation of the filter's
/// drift allowance (Mehra, 1972; Mohamed & Schwarz, 1999).
///
/// On a walk whose recorded poses are exact, a frame's alignment to the model (its innovation ν,
/// with covariance `S = P + R`) shows the alignment's own error only; on a walk that drifts, it
/// shows the drift accumulated since the correction was last measured as well. With the drift
/// allowance `Q = α_shift Q_shift + α_turn Q_turn` (the constants of `DriftFilter` times the walk's
/// scales) and `R` scaled by `β` (the residuals' covariance underestimates the alignments' scatter:
/// the model's error and what the iterations leave are not in it), `S` is linear in the three
/// scales, `S = S₀ + α_shift G_shift + α_turn G_turn + β R`, where `G = ∂P/∂α` is carried by the same
/// recursion as `P` (`G ← (I − K) G (I − K)ᵀ` at an update, `+ Q` at a prediction; `K` being optimal,
/// its own dependence on the scales drops out). The scales maximising the innovations' Gaussian
/// likelihood over the walk so far (faded by `adaptationWindow`) solve the linear equations
/// `Σ tr(Xᵢ Xⱼ) θⱼ = Σ tr(Xᵢ S⁻¹ (ν νᵀ − S₀))`, `Xᵢ = S⁻¹ ∂S/∂θᵢ`, one Fisher-scoring step per frame.
/// The drift scales are held within 0…1: the constants are the upper bound of what a phone's
/// odometry drifts (the prior until the walk has been measured), and a walk that does not drift is
/// left where it was recorded. The noise scale is at least 1.
extension DriftFilter {
    /// Frames weighed before the scales are measured (until then the prior scales apply).
    static let framesBeforeAdapting = 30
    /// Frames over which the innovations' statistics fade (the forgetting factor is `1 − 1/window`):
    /// a few seconds of fused frames, so a walk that starts to drift is followed.
    static let adaptationWindow = 200.0
    /// Largest drift scale: the allowances are the most a phone's odometry is taken to drift.
    static let maximumDriftScale = 1.0
    /// Largest noise scale (variance ratio).
    static let maximumNoiseScale = 100.0

    /// Adds a frame's innovation to the scales' statistics, measures the scales again, and carries
    /// the covariance's sensitivities through the update.
    /// - Parameters:
    ///   - innovation: the alignment's change from the prediction (x, y, z, turn).
    ///   - inverse: `S⁻¹` (row-major 4 × 4).
    ///   - measured: the alignment's covariance from its residuals, before the noise scale.
    ///   - unmeasured: the projector onto the directions the frame does not constrain.
    ///   - gain: the update's gain `K = P S⁻¹`.
    mutating func adapt(innovation: [Double], inverse: [Double], measured: [Double], unmeasured: [Double], gain: [Double]) {
        // S₀ = S − α G − β R: the covariance's part that no scale multiplies.
        var rest = [Double](repeating: 0, count: 16)
        for k in 0..<16 {
            rest[k] = covariance[k] + Self.unmeasuredVariance * unmeasured[k]
                - shiftDriftScale * shiftSensitivity[k] - turnDriftScale * turnSensitivity[k]
        }
        var spread = [Double](repeating: 0, count: 16)
        for r in 0..<4 { for c in 0..<4 { spread[r * 4 + c] = innovation[r] * innovation[c] - rest[r * 4 + c] } }
        let x = [
            Self.multiply(inverse, shiftSensitivity), Self.multiply(inverse, turnSensitivity), Self.multiply(inverse, measured),
        ]
        let c = Self.multiply(inverse, spread)
        let n = DriftScaleMoments.count
        var normal = [Double](repeating: 0, count: n * n)
        var right = [Double](repeating: 0, count: n)
        for i in 0..<n {
            right[i] = Self.traceOfProduct(x[i], c)
            for j in 0..<n { normal[i * n + j] = Self.traceOfProduct(x[i], x[j]) }
        }
        if normal.allSatisfy(\.isFinite), right.allSatisfy(\.isFinite) {
            moments.add(normal: normal, right: right, forgetting: 1 - 1 / Self.adaptationWindow)
        }
        if adapts, moments.frames >= Self.framesBeforeAdapting {
            let scales = moments.solve(
                current: [shiftDriftScale, turnDriftScale, noiseScale], lower: [0, 0, 1],
                upper: [Self.maximumDriftScale, Self.maximumDriftScale, Self.maximumNoiseScale])
            shiftDriftScale = scales[0]
            turnDriftScale = scales[1]
            noiseScale = scales[2]
        }
        // G ← (I − K) G (I − K)ᵀ.
        var keep = [Double](repeating: 0, count: 16)
        for k in 0..<16 { keep[k] = (k % 5 == 0 ? 1 : 0) - gain[k] }
        var keepTransposed = [Double](repeating: 0, count: 16)
        for r in 0..<4 { for c in 0..<4 { keepTransposed[c * 4 + r] = keep[r * 4 + c] } }
        shiftSensitivity = Self.multiply(Self.multiply(keep, shiftSensitivity), keepTransposed)
        turnSensitivity = Self.multiply(Self.multiply(keep, turnSensitivity), keepTransposed)
    }

    /// `tr(a · b)` of two row-major 4 × 4 matrices.
    static func traceOfProduct(_ a: [Double], _ b: [Double]) -> Double {
        var s = 0.0
        for r in 0..<4 { for c in 0..<4 { s += a[r * 4 + c] * b[c * 4 + r] } }
        return s
    }
}
