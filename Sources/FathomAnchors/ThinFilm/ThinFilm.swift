import Foundation

/// A free-standing clear film (a soap film) of refractive index n in air, and the colour it reflects.
///
/// Physics: two-surface interference with multiple reflections (the Airy sum). The front face
/// (air → film) has Fresnel amplitude coefficient r, the back face (film → air) −r (Stokes); a wave that
/// crosses the film twice gains the phase δ = 4π n d cos θₜ / λ, with θₜ the refraction angle. Summing
/// all the multiply reflected waves gives, for each polarisation,
///
///     R = 2r²(1 − cos δ) / (1 + r⁴ − 2r² cos δ),
///
/// which is 0 for d → 0 and peaks at 4r²/(1 + r²)² when n d cos θₜ = λ/4 (the quarter-wave film).
/// Unpolarised light is the mean of s and p. The film is assumed non-dispersive and non-absorbing.
///
/// Colour: the reflectance spectrum at the 81 wavelengths of `CIE1931StandardObserver` (380…780 nm,
/// 5 nm), lit by `IlluminantD65`, integrated against x̄, ȳ, z̄ and normalised so that a perfect reflector
/// has Y = 1.
public struct ThinFilm: Sendable, Equatable {
    /// The refractive index of soapy water (the default film index).
    public static let soapWaterIndex = 1.33

    /// The film's refractive index (≥ 1; the surrounding medium is air, index 1).
    public let refractiveIndex: Double

    /// Creates a film; throws unless `refractiveIndex` is finite and at least 1.
    public init(refractiveIndex: Double = ThinFilm.soapWaterIndex) throws {
        guard refractiveIndex.isFinite, refractiveIndex >= 1 else {
            throw ThinFilmError(
                problem: "the film's refractive index must be a finite number ≥ 1 (got \(refractiveIndex))")
        }
        self.refractiveIndex = refractiveIndex
    }

    /// Creates a film without validation (index must be finite and ≥ 1).
    @usableFromInline
    init(uncheckedIndex: Double) {
        assert(uncheckedIndex.isFinite && uncheckedIndex >= 1)
        refractiveIndex = uncheckedIndex
    }

    /// The soap film (n = 1.33).
    public static let soap = ThinFilm(uncheckedIndex: soapWaterIndex)

    /// Reflectance of the film at one wavelength, per polarisation.
    /// - Parameters:
    ///   - wavelengthNanometres: vacuum wavelength, nanometres (> 0).
    ///   - thicknessNanometres: film thickness, nanometres (≥ 0).
    ///   - incidenceAngleDegrees: angle between the view ray and the film normal, degrees (0…90;
    ///     the film is two-sided, so the sign and the side do not matter).
    public func reflectance(
        wavelengthNanometres: Double, thicknessNanometres: Double, incidenceAngleDegrees: Double
    ) -> PolarizedReflectance {
        precondition(wavelengthNanometres > 0, "wavelength must be positive")
        let geometry = faceGeometry(
            thicknessNanometres: thicknessNanometres, incidenceAngleDegrees: incidenceAngleDegrees)
        let cosDelta = cos(geometry.phasePerInverseWavelength / wavelengthNanometres)
        return PolarizedReflectance(
            s: Self.airy(r2: geometry.r2s, cosDelta: cosDelta), p: Self.airy(r2: geometry.r2p, cosDelta: cosDelta))
    }

    /// Unpolarised reflectance at each of `CIE1931StandardObserver.wavelengthsNanometres` (81 values, 0…1).
    public func reflectanceSpectrum(thicknessNanometres: Double, incidenceAngleDegrees: Double) -> [Double] {
        let geometry = faceGeometry(
            thicknessNanometres: thicknessNanometres, incidenceAngleDegrees: incidenceAngleDegrees)
        return CIE1931StandardObserver.wavelengthsNanometres.map { lambda in
            let cosDelta = cos(geometry.phasePerInverseWavelength / lambda)
            return 0.5
                * (Self.airy(r2: geometry.r2s, cosDelta: cosDelta) + Self.airy(r2: geometry.r2p, cosDelta: cosDelta))
        }
    }

    /// The colour the film reflects under D65 (Y = luminous reflectance; a perfect reflector has Y = 1).
    /// - Parameters:
    ///   - thicknessNanometres: film thickness, nanometres (≥ 0).
    ///   - incidenceAngleDegrees: viewing angle from the film normal, degrees (0…90).
    /// - Complexity: 81 wavelengths; no allocation.
    public func color(thicknessNanometres: Double, incidenceAngleDegrees: Double = 0) -> FilmColor {
        let geometry = faceGeometry(
            thicknessNanometres: thicknessNanometres, incidenceAngleDegrees: incidenceAngleDegrees)
        let weights = Self.weights
        var xyz = SIMD3<Double>.zero
        for i in weights.indices {
            let cosDelta = cos(geometry.phasePerInverseWavelength * Self.inverseWavelengths[i])
            let r =
                0.5
                * (Self.airy(r2: geometry.r2s, cosDelta: cosDelta) + Self.airy(r2: geometry.r2p, cosDelta: cosDelta))
            xyz += r * weights[i]
        }
        return FilmColor(xyz: xyz)
    }

    /// The colour a perfect (spectrally flat, R = 1) reflector has under D65: the white point.
    public static var whiteReflectorColor: FilmColor { FilmColor(xyz: weights.reduce(.zero, +)) }

    // MARK: Internals

    /// What a view angle and thickness fix for all wavelengths: the squared face coefficients and
    /// 4π n d cos θₜ (so δ = that / λ).
    @usableFromInline
    struct FaceGeometry {
        @usableFromInline var r2s: Double
        @usableFromInline var r2p: Double
        @usableFromInline var phasePerInverseWavelength: Double
    }

    @usableFromInline
    func faceGeometry(thicknessNanometres d: Double, incidenceAngleDegrees angle: Double) -> FaceGeometry {
        precondition(d >= 0 && d.isFinite, "film thickness must be finite and ≥ 0 nm (got \(d))")
        precondition(angle >= 0 && angle <= 90, "incidence angle must be in 0…90° (got \(angle))")
        let cosI = min(1, max(0, cos(angle * .pi / 180)))
        // From air into a denser film there is always a transmitted wave.
        let face = FresnelAmplitudes(incidentIndex: 1, transmittedIndex: refractiveIndex, cosIncidenceAngle: cosI)!
        return FaceGeometry(
            r2s: face.s * face.s, r2p: face.p * face.p,
            phasePerInverseWavelength: 4 * .pi * refractiveIndex * d * face.cosTransmissionAngle)
    }

    /// The Airy reflectance of a film whose faces have amplitude coefficients r and −r.
    @usableFromInline @inline(__always)
    static func airy(r2: Double, cosDelta: Double) -> Double {
        2 * r2 * (1 - cosDelta) / (1 + r2 * r2 - 2 * r2 * cosDelta)
    }

    /// D65 × (x̄, ȳ, z̄) per sample, divided by Σ D65 ȳ (so a perfect reflector has Y = 1).
    @usableFromInline
    static let weights: [SIMD3<Double>] = {
        let s = IlluminantD65.relativePower
        let o = CIE1931StandardObserver.self
        let k = 1 / zip(s, o.y).map { $0 * $1 }.reduce(0, +)
        return (0..<o.sampleCount).map { i in k * s[i] * SIMD3(o.x[i], o.y[i], o.z[i]) }
    }()

    /// 1/λ per sample, 1/nanometres.
    @usableFromInline
    static let inverseWavelengths: [Double] = CIE1931StandardObserver.wavelengthsNanometres.map { 1 / $0 }
}
