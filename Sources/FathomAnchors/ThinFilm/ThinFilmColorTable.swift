import Foundation

/// A precomputed table of a film's colour over thickness × viewing angle, for per-frame use (shading
/// hundreds of vertices per pane at 60 Hz): a lookup is a bilinear blend of four entries instead of an
/// 81-wavelength spectral integration.
///
/// The angle axis samples cos θ uniformly (0 grazing … 1 normal), which a renderer has at hand as a dot
/// product and along which the Fresnel terms change evenly, even near grazing incidence.
///
/// Entries hold unclipped linear sRGB (a linear function of the spectrum, so blending them is exact up to
/// the sampling of the table); scale and clip with `SRGB.scaled` afterwards.
public struct ThinFilmColorTable: Sendable, Equatable {
    /// The sampling of the table.
    public struct Configuration: Sendable, Equatable {
        /// Thickest film sampled, nanometres (the table starts at 0 nm).
        public var maximumThicknessNanometres: Double
        /// Thickness spacing, nanometres.
        public var thicknessStepNanometres: Double
        /// Samples of cos θ, evenly spaced over 0…1 (≥ 2).
        public var cosineCount: Int

        /// Creates a configuration. Defaults: 0…1500 nm every 2 nm, 65 cosines (751 × 65 entries, about
        /// 0.6 MB); docs/thin-film.md gives its agreement with `ThinFilm.color`.
        public init(
            maximumThicknessNanometres: Double = 1500, thicknessStepNanometres: Double = 2, cosineCount: Int = 65
        ) {
            self.maximumThicknessNanometres = maximumThicknessNanometres
            self.thicknessStepNanometres = thicknessStepNanometres
            self.cosineCount = cosineCount
        }
    }

    /// The sampling.
    public let configuration: Configuration
    /// The tabulated film.
    public let film: ThinFilm
    /// Thickness samples (columns).
    public let thicknessCount: Int
    /// Cosine samples (rows), `configuration.cosineCount`.
    public var cosineCount: Int { configuration.cosineCount }
    /// Linear sRGB per entry, row by row (`cosineIndex * thicknessCount + thicknessIndex`).
    @usableFromInline let entries: [SIMD3<Float>]

    /// Tabulates `film`; throws `ThinFilmError` unless the thickness step is positive, the maximum
    /// thickness finite and positive, at least 2 cosines are asked for and the table has at most 10
    /// million entries.
    public init(film: ThinFilm = .soap, configuration: Configuration = Configuration()) throws {
        let c = configuration
        guard c.maximumThicknessNanometres.isFinite, c.maximumThicknessNanometres > 0, c.thicknessStepNanometres > 0,
            c.cosineCount >= 2, c.cosineCount <= 100_000
        else {
            throw ThinFilmError(
                problem: "a colour table needs a positive maximum thickness and step, and at least 2 cosines")
        }
        let thicknessCount = Int((c.maximumThicknessNanometres / c.thicknessStepNanometres).rounded(.up)) + 1
        guard thicknessCount * c.cosineCount <= 10_000_000 else {
            throw ThinFilmError(
                problem:
                    "a colour table of \(thicknessCount) × \(c.cosineCount) entries is too large (at most 10 million)")
        }
        var entries: [SIMD3<Float>] = []
        entries.reserveCapacity(thicknessCount * c.cosineCount)
        for a in 0..<c.cosineCount {
            let cosine = Double(a) / Double(c.cosineCount - 1)
            let angle = min(90, max(0, acos(cosine) * 180 / .pi))
            for t in 0..<thicknessCount {
                let thickness = min(c.maximumThicknessNanometres, Double(t) * c.thicknessStepNanometres)
                entries.append(
                    SIMD3<Float>(film.color(thicknessNanometres: thickness, incidenceAngleDegrees: angle).linearSRGB))
            }
        }
        self.configuration = c
        self.film = film
        self.thicknessCount = thicknessCount
        self.entries = entries
    }

    /// Unclipped linear sRGB of the film at `thicknessNanometres` seen at `incidenceAngleDegrees`
    /// (0…90), blended bilinearly; inputs outside the table are clamped to its range.
    @inlinable
    public func linearSRGB(thicknessNanometres: Double, incidenceAngleDegrees: Double) -> SIMD3<Float> {
        linearSRGB(thicknessNanometres: thicknessNanometres, cosIncidenceAngle: cos(incidenceAngleDegrees * .pi / 180))
    }

    /// Unclipped linear sRGB of the film at `thicknessNanometres` seen with `cosIncidenceAngle` (|n · v|
    /// for unit normal n and view direction v; 1 is head-on), blended bilinearly; inputs outside the
    /// table are clamped to its range.
    @inlinable
    public func linearSRGB(thicknessNanometres: Double, cosIncidenceAngle: Double) -> SIMD3<Float> {
        let rows = configuration.cosineCount
        let x = min(Double(thicknessCount - 1), max(0, thicknessNanometres / configuration.thicknessStepNanometres))
        let y = min(Double(rows - 1), max(0, cosIncidenceAngle * Double(rows - 1)))
        let i = min(thicknessCount - 2, Int(x))
        let j = min(rows - 2, Int(y))
        let fx = Float(x - Double(i))
        let fy = Float(y - Double(j))
        return entries.withUnsafeBufferPointer { e in
            let row0 = j * thicknessCount + i
            let row1 = row0 + thicknessCount
            let top = e[row0] + (e[row0 + 1] - e[row0]) * fx
            let bottom = e[row1] + (e[row1 + 1] - e[row1]) * fx
            return top + (bottom - top) * fy
        }
    }
}
