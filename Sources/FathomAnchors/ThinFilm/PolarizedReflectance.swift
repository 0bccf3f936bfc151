/// Reflectance (fraction of incident power, 0…1) for the two linear polarisations.
public struct PolarizedReflectance: Sendable, Equatable {
    /// Reflectance for light polarised perpendicular to the plane of incidence (s, "senkrecht").
    public var s: Double
    /// Reflectance for light polarised parallel to the plane of incidence (p).
    public var p: Double

    /// Creates a reflectance pair.
    @inlinable
    public init(s: Double, p: Double) {
        self.s = s
        self.p = p
    }

    /// Reflectance for unpolarised light: the mean of `s` and `p`.
    @inlinable
    public var unpolarized: Double { 0.5 * (s + p) }
}
