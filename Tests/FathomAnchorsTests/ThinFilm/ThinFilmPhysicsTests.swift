import FathomAnchors
import FathomCore
import Foundation
import Testing

@Suite struct ThinFilmPhysicsTests {
    /// n = 1.33 in air: r = (1 − n)/(1 + n), so one face reflects ((n − 1)/(n + 1))² = 0.020059…
    static let faceReflectance = (0.33 / 2.33) * (0.33 / 2.33)

    @Test func singleInterfaceAtNormalIncidenceIsTheTextbookValue() throws {
        let face = try #require(FresnelAmplitudes(incidentIndex: 1, transmittedIndex: 1.33, cosIncidenceAngle: 1))
        #expect(abs(face.reflectance.s - Self.faceReflectance) < 1e-12)
        #expect(abs(face.reflectance.unpolarized - 0.020_059_3) < 1e-7)
        // s and p coincide at normal incidence (same sign in this convention).
        #expect(face.s == face.p)
        #expect(abs(face.s + 0.33 / 2.33) < 1e-12)
        #expect(face.cosTransmissionAngle == 1)
    }

    @Test func pReflectanceVanishesAtBrewstersAngle() throws {
        for n in [1.33, 1.5, 2.0] {
            let brewster = atan(n)
            let face = try #require(
                FresnelAmplitudes(incidentIndex: 1, transmittedIndex: n, cosIncidenceAngle: cos(brewster)))
            #expect(abs(face.p) < 1e-12)
            #expect(face.reflectance.s > 0.01)
            // Away from it, p reflects.
            let off = try #require(
                FresnelAmplitudes(incidentIndex: 1, transmittedIndex: n, cosIncidenceAngle: cos(brewster - 0.2)))
            #expect(abs(off.p) > 1e-3)
        }
        // At grazing incidence everything is reflected.
        let grazing = try #require(FresnelAmplitudes(incidentIndex: 1, transmittedIndex: 1.33, cosIncidenceAngle: 0))
        #expect(abs(grazing.reflectance.s - 1) < 1e-12 && abs(grazing.reflectance.p - 1) < 1e-12)
    }

    @Test func totalInternalReflectionHasNoCoefficients() {
        // From water into air beyond the critical angle asin(1/1.33) ≈ 48.75°.
        #expect(
            FresnelAmplitudes(incidentIndex: 1.33, transmittedIndex: 1, cosIncidenceAngle: cos(50 * .pi / 180)) == nil)
        #expect(
            FresnelAmplitudes(incidentIndex: 1.33, transmittedIndex: 1, cosIncidenceAngle: cos(45 * .pi / 180)) != nil)
    }

    @Test func vanishingFilmReflectsNothing() {
        let film = ThinFilm.soap
        for lambda in [400.0, 550, 700] {
            let r = film.reflectance(wavelengthNanometres: lambda, thicknessNanometres: 0, incidenceAngleDegrees: 0)
            #expect(r.s == 0 && r.p == 0)
            let thin = film.reflectance(wavelengthNanometres: lambda, thicknessNanometres: 1, incidenceAngleDegrees: 0)
            #expect(thin.unpolarized > 0 && thin.unpolarized < 1e-3)
        }
        #expect(film.color(thicknessNanometres: 0).xyz == .zero)
        #expect(film.color(thicknessNanometres: 0).chromaticity == nil)
    }

    @Test func quarterWaveFilmReflectsMost() {
        let film = ThinFilm.soap
        let lambda = 550.0
        let quarter = lambda / (4 * 1.33)
        let r2 = Self.faceReflectance
        let peak = 4 * r2 / ((1 + r2) * (1 + r2))  // 0.0771…
        let atQuarter = film.reflectance(
            wavelengthNanometres: lambda, thicknessNanometres: quarter, incidenceAngleDegrees: 0)
        #expect(abs(atQuarter.unpolarized - peak) < 1e-12)
        #expect(abs(peak - 0.077_112) < 1e-6)
        for d in stride(from: 5.0, through: 200, by: 5) where abs(d - quarter) > 1 {
            let r = film.reflectance(wavelengthNanometres: lambda, thicknessNanometres: d, incidenceAngleDegrees: 0)
            #expect(r.unpolarized < atQuarter.unpolarized)
        }
        // Half-wave film: back to zero.
        let half = film.reflectance(
            wavelengthNanometres: lambda, thicknessNanometres: 2 * quarter, incidenceAngleDegrees: 0)
        #expect(half.unpolarized < 1e-12)
    }

    @Test func obliqueViewShiftsTheQuarterWaveByCosineOfRefraction() throws {
        let film = ThinFilm.soap
        let angle = 40.0
        let cosT = try #require(
            FresnelAmplitudes(incidentIndex: 1, transmittedIndex: 1.33, cosIncidenceAngle: cos(angle * .pi / 180))
        )
        .cosTransmissionAngle
        let quarter = 550 / (4 * 1.33 * cosT)
        let r = film.reflectance(wavelengthNanometres: 550, thicknessNanometres: quarter, incidenceAngleDegrees: angle)
        let face = try #require(
            FresnelAmplitudes(incidentIndex: 1, transmittedIndex: 1.33, cosIncidenceAngle: cos(angle * .pi / 180)))
        let peakS = 4 * face.reflectance.s / ((1 + face.reflectance.s) * (1 + face.reflectance.s))
        #expect(abs(r.s - peakS) < 1e-12)
        #expect(r.s > r.p)  // s reflects more than p below grazing
    }

    @Test func reflectanceStaysWithinZeroAndOne() {
        var g = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            let n = Double.random(in: 1...2.5, using: &g)
            let film = try! ThinFilm(refractiveIndex: n)
            let r = film.reflectance(
                wavelengthNanometres: Double.random(in: 380...780, using: &g),
                thicknessNanometres: Double.random(in: 0...3000, using: &g),
                incidenceAngleDegrees: Double.random(in: 0...90, using: &g))
            #expect(r.s >= 0 && r.s <= 1 && r.p >= 0 && r.p <= 1)
        }
    }

    @Test func invalidIndexIsRefused() throws {
        #expect(throws: ThinFilmError.self) { try ThinFilm(refractiveIndex: 0.9) }
        #expect(throws: ThinFilmError.self) { try ThinFilm(refractiveIndex: .nan) }
        #expect(try ThinFilm().refractiveIndex == 1.33)
    }

    @Test func spectrumMatchesPerWavelengthReflectance() {
        let film = ThinFilm.soap
        let spectrum = film.reflectanceSpectrum(thicknessNanometres: 420, incidenceAngleDegrees: 25)
        #expect(spectrum.count == 81)
        for (i, lambda) in CIE1931StandardObserver.wavelengthsNanometres.enumerated() {
            let r = film.reflectance(wavelengthNanometres: lambda, thicknessNanometres: 420, incidenceAngleDegrees: 25)
            #expect(abs(spectrum[i] - r.unpolarized) < 1e-15)
        }
    }
}
