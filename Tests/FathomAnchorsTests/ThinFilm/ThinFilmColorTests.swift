import FathomAnchors
import Foundation
import Testing

@Suite struct ThinFilmColorTests {
    /// The issue's target: within 0.01 of the physics.
    static let chromaticityTolerance = 0.01

    @Test func spectralTablesAreTheCIEOnes() {
        #expect(CIE1931StandardObserver.wavelengthsNanometres.first == 380)
        #expect(CIE1931StandardObserver.wavelengthsNanometres.last == 780)
        #expect(CIE1931StandardObserver.x.count == 81 && CIE1931StandardObserver.y.count == 81)
        #expect(CIE1931StandardObserver.z.count == 81 && IlluminantD65.relativePower.count == 81)
        // Spot values of the published tables: 555 nm and 600 nm; D65 is 100 at 560 nm.
        #expect(CIE1931StandardObserver.x[35] == 0.51205 && CIE1931StandardObserver.y[35] == 1)
        #expect(CIE1931StandardObserver.x[44] == 1.0622 && CIE1931StandardObserver.y[44] == 0.631)
        #expect(IlluminantD65.relativePower[36] == 100)
    }

    @Test func whiteReflectorIsTheD65WhitePoint() throws {
        let white = ThinFilm.whiteReflectorColor
        #expect(abs(white.xyz.y - 1) < 1e-12)
        let xy = try #require(white.chromaticity)
        #expect(abs(xy.x - 0.3127) < 5e-4 && abs(xy.y - 0.3290) < 5e-4)
        let rgb = white.linearSRGB
        #expect(abs(rgb.x - 1) < 2e-3 && abs(rgb.y - 1) < 2e-3 && abs(rgb.z - 1) < 2e-3)
        let encoded = white.encodedSRGB()
        #expect(encoded.min() > 0.999)
    }

    @Test(arguments: [(300.0, 0.32, 0.42), (500.0, 0.30, 0.53)])
    func normalIncidenceChromaticityMeetsTheIssueTarget(_ thickness: Double, _ x: Double, _ y: Double) throws {
        let xy = try #require(ThinFilm.soap.color(thicknessNanometres: thickness).chromaticity)
        #expect(abs(xy.x - x) < Self.chromaticityTolerance)
        #expect(abs(xy.y - y) < Self.chromaticityTolerance)
    }

    @Test func knownChromaticitiesOfAReferenceImplementation() throws {
        // An independent NumPy computation of the same physics and tables (docs/thin-film.md).
        let expected: [(Double, Double, Double)] = [
            (100, 0.314020, 0.338596), (200, 0.289816, 0.124302), (300, 0.320842, 0.419692),
            (400, 0.309282, 0.151922), (500, 0.301655, 0.529749), (600, 0.339416, 0.201884),
            (700, 0.249654, 0.463602), (1000, 0.366227, 0.327647),
        ]
        for (d, x, y) in expected {
            let xy = try #require(ThinFilm.soap.color(thicknessNanometres: d).chromaticity)
            #expect(abs(xy.x - x) < 1e-5 && abs(xy.y - y) < 1e-5, "d = \(d) nm: \(xy)")
        }
    }

    @Test func colorIsTheSpectrumIntegratedAgainstTheTables() {
        let film = ThinFilm.soap
        let spectrum = film.reflectanceSpectrum(thicknessNanometres: 350, incidenceAngleDegrees: 30)
        let s = IlluminantD65.relativePower
        let o = CIE1931StandardObserver.self
        var xyz = SIMD3<Double>.zero
        var k = 0.0
        for i in 0..<81 {
            xyz += spectrum[i] * s[i] * SIMD3(o.x[i], o.y[i], o.z[i])
            k += s[i] * o.y[i]
        }
        let color = film.color(thicknessNanometres: 350, incidenceAngleDegrees: 30)
        #expect(((color.xyz - xyz / k) * (color.xyz - xyz / k)).sum() < 1e-24)
    }

    @Test func exposureAndNormalisation() {
        // The second-order green-blue of a 700 nm film lies outside the sRGB gamut (red < 0).
        let color = ThinFilm.soap.color(thicknessNanometres: 700)
        let raw = color.linearSRGB
        #expect(raw.x < -0.004 && abs(raw.y - 0.062_47) < 1e-4)
        let clipped = color.linearSRGB(.exposure(1))
        #expect(clipped.x == 0 && abs(clipped.y - raw.y) < 1e-15)
        let bright = color.linearSRGB(.exposure(1000))
        #expect(bright.y == 1)
        let normalized = color.linearSRGB(.normalized)
        #expect(normalized.max() == 1 && normalized.x == 0)
        #expect(FilmColor(xyz: .zero).linearSRGB(.normalized) == .zero)
        // The transfer function: its breakpoint, 1 → 1, and the inverse.
        #expect(abs(SRGB.encode(1) - 1) < 1e-12 && SRGB.encode(0) == 0)
        #expect(abs(SRGB.encode(0.18) - 0.461_356) < 1e-5)
        for v in [0.001, 0.02, 0.5, 0.9] { #expect(abs(SRGB.decode(SRGB.encode(v)) - v) < 1e-12) }
    }

    @Test func viewingAngleShiftsColourTowardThinnerFilm() throws {
        // Oblique viewing acts like a thinner film: d cos θₜ is what matters.
        let film = ThinFilm.soap
        let angle = 50.0
        let cosT = (1 - pow(sin(angle * .pi / 180) / 1.33, 2)).squareRoot()
        let oblique = try #require(film.color(thicknessNanometres: 500, incidenceAngleDegrees: angle).chromaticity)
        let equivalent = try #require(film.color(thicknessNanometres: 500 * cosT).chromaticity)
        let normal = try #require(film.color(thicknessNanometres: 500).chromaticity)
        // Not identical (Fresnel terms change with angle) but far closer to the equivalent film.
        #expect(abs(oblique.x - equivalent.x) + abs(oblique.y - equivalent.y) < 0.02)
        #expect(abs(oblique.x - normal.x) + abs(oblique.y - normal.y) > 0.1)
    }
}
