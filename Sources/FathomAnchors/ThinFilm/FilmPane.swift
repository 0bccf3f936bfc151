/// A soap-film pane, the payload of an anchor of kind `FilmPane.anchorKind`: a flat rectangle in its
/// anchor's x–y plane (centred on the anchor, +y up, facing +z), its film thinner at the top than at the
/// bottom as a draining soap film is, with a seeded swirl.
///
/// JSON form: `{"width": 0.4, "height": 0.3, "thicknessRange": [top, bottom], "seed": 7, "index": 1.33}`
/// (metres, nanometres; `index` may be absent and then is 1.33).
public struct FilmPane: Sendable, Equatable {
    /// The anchor kind of a pane.
    public static let anchorKind = "film-pane"
    /// The largest seed (2⁵³): seeds travel through JSON numbers.
    public static let maximumSeed: UInt64 = 1 << 53
    /// The thickest film accepted, nanometres (soap films are at most a few micrometres before colour fades).
    public static let maximumThicknessNanometres = 10_000.0

    /// Width along the anchor's x axis, metres (> 0).
    public let widthMetres: Double
    /// Height along the anchor's y axis, metres (> 0).
    public let heightMetres: Double
    /// Film thickness at the top edge, nanometres (≥ 0).
    public let topThicknessNanometres: Double
    /// Film thickness at the bottom edge, nanometres (≥ 0; usually more than at the top).
    public let bottomThicknessNanometres: Double
    /// Seed of the swirl pattern.
    public let seed: UInt64
    /// The film's refractive index (≥ 1).
    public let refractiveIndex: Double

    /// Creates a pane; throws `ThinFilmError` unless the sizes are finite and positive, the thicknesses
    /// finite in 0…`maximumThicknessNanometres`, the seed at most `maximumSeed` and the index ≥ 1.
    /// Defaults: a 0.4 × 0.3 m pane draining from 100 nm at the top to 900 nm at the bottom, n = 1.33.
    public init(
        widthMetres: Double = 0.4, heightMetres: Double = 0.3, topThicknessNanometres: Double = 100,
        bottomThicknessNanometres: Double = 900, seed: UInt64 = 0, refractiveIndex: Double = ThinFilm.soapWaterIndex
    ) throws {
        guard widthMetres.isFinite, heightMetres.isFinite, widthMetres > 0, heightMetres > 0 else {
            throw ThinFilmError(
                problem: "a pane's width and height must be positive (got \(widthMetres) × \(heightMetres) m)")
        }
        for t in [topThicknessNanometres, bottomThicknessNanometres]
        where !(t.isFinite && t >= 0 && t <= Self.maximumThicknessNanometres) {
            throw ThinFilmError(
                problem: "a pane's film thickness must be in 0…\(Int(Self.maximumThicknessNanometres)) nm (got \(t))")
        }
        guard seed <= Self.maximumSeed else {
            throw ThinFilmError(problem: "a pane's seed must be at most 2^53 (got \(seed))")
        }
        _ = try ThinFilm(refractiveIndex: refractiveIndex)
        self.widthMetres = widthMetres
        self.heightMetres = heightMetres
        self.topThicknessNanometres = topThicknessNanometres
        self.bottomThicknessNanometres = bottomThicknessNanometres
        self.seed = seed
        self.refractiveIndex = refractiveIndex
    }

    /// The pane's film.
    public var film: ThinFilm { ThinFilm(uncheckedIndex: refractiveIndex) }
}
