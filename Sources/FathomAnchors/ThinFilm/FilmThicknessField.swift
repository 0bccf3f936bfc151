import FathomCore

/// The film thickness over a pane: a drainage gradient (thin at the top, thick at the bottom) bent
/// into swirls by seeded smooth noise, as a soap film looks while it drains and swirls.
///
/// At pane coordinates (u, v) ∈ [0, 1]², u from left to right and v from top to bottom, the point is
/// first displaced by two smooth noise fields (domain warping, which curls the bands), then
/// `s = clamp(v′ + swirl · noise(u′, v′), 0, 1)` and thickness = top + (bottom − top) · s. The result
/// always lies between the pane's top and bottom thicknesses; equal seeds give equal fields.
public struct FilmThicknessField: Sendable, Equatable {
    /// How far the domain warp moves a point, in units of the pane's size.
    public static let warpAmplitude = 0.12
    /// How far the swirl noise moves the drainage coordinate, in units of the pane's height.
    public static let swirlAmplitude = 0.1
    /// Lattice cells of the coarse and the fine noise.
    static let coarseCells = 3, fineCells = 7
    /// Weight of the coarse octave in the swirl noise (the fine one has the rest).
    static let coarseWeight = 0.65

    /// The pane's thickness at the top edge, nanometres.
    public let topThicknessNanometres: Double
    /// The pane's thickness at the bottom edge, nanometres.
    public let bottomThicknessNanometres: Double
    let warpU: LatticeNoise, warpV: LatticeNoise, coarse: LatticeNoise, fine: LatticeNoise

    /// The field of `pane`, drawn from its seed.
    public init(pane: FilmPane) {
        var generator = SeededGenerator(seed: pane.seed)
        topThicknessNanometres = pane.topThicknessNanometres
        bottomThicknessNanometres = pane.bottomThicknessNanometres
        warpU = LatticeNoise(cells: Self.coarseCells, generator: &generator)
        warpV = LatticeNoise(cells: Self.coarseCells, generator: &generator)
        coarse = LatticeNoise(cells: Self.coarseCells, generator: &generator)
        fine = LatticeNoise(cells: Self.fineCells, generator: &generator)
    }

    /// The thickness at pane coordinates `u` (0 left … 1 right) and `v` (0 top … 1 bottom), nanometres;
    /// coordinates outside 0…1 are clamped to the pane.
    public func thicknessNanometres(u: Double, v: Double) -> Double {
        let u = min(1, max(0, u))
        let v = min(1, max(0, v))
        let wu = u + Self.warpAmplitude * warpU.value(u, v)
        let wv = v + Self.warpAmplitude * warpV.value(u, v)
        let swirl = Self.coarseWeight * coarse.value(wu, wv) + (1 - Self.coarseWeight) * fine.value(wu, wv)
        let s = min(1, max(0, wv + Self.swirlAmplitude * swirl))
        return topThicknessNanometres + (bottomThicknessNanometres - topThicknessNanometres) * s
    }
}
