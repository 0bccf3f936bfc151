/// Fresnel amplitude reflection coefficients of a flat interface between two clear media.
///
/// Sign convention, chosen so that `s == p` at normal incidence: `rₛ = (n₁cos θᵢ − n₂cos θₜ)/(n₁cos θᵢ + n₂cos θₜ)` and
/// `rₚ = (n₁cos θₜ − n₂cos θᵢ)/(n₁cos θₜ + n₂cos θᵢ)`. Reflectances are the squares and do not depend
/// on the convention; interference only uses products of coefficients taken in the same convention.
public struct FresnelAmplitudes: Sendable, Equatable {
    /// Amplitude coefficient for s-polarised light (−1…1).
    public var s: Double
    /// Amplitude coefficient for p-polarised light (−1…1); zero at Brewster's angle.
    public var p: Double
    /// Cosine of the refraction angle in the second medium (Snell's law).
    public var cosTransmissionAngle: Double

    /// The coefficients for light going from index `incidentIndex` into index `transmittedIndex`
    /// with the given cosine of the angle of incidence (0…1, 1 is normal incidence); `nil` under total
    /// internal reflection (no transmitted wave).
    /// - Precondition: both indices are finite and positive; `cosIncidenceAngle` is in 0…1.
    @inlinable
    public init?(incidentIndex n1: Double, transmittedIndex n2: Double, cosIncidenceAngle cosI: Double) {
        precondition(n1 > 0 && n2 > 0 && n1.isFinite && n2.isFinite, "refractive indices must be finite and positive")
        precondition(cosI >= 0 && cosI <= 1, "cosIncidenceAngle must be in 0…1 (got \(cosI))")
        let sinI2 = max(0, 1 - cosI * cosI)
        let sinT2 = (n1 / n2) * (n1 / n2) * sinI2
        guard sinT2 <= 1 else { return nil }
        let cosT = (1 - sinT2).squareRoot()
        s = (n1 * cosI - n2 * cosT) / (n1 * cosI + n2 * cosT)
        p = (n1 * cosT - n2 * cosI) / (n1 * cosT + n2 * cosI)
        cosTransmissionAngle = cosT
    }

    /// The interface's own reflectances, `s²` and `p²`.
    @inlinable
    public var reflectance: PolarizedReflectance { PolarizedReflectance(s: s * s, p: p * p) }
}
