/// Smart conversions: when a fitted primitive degenerates into a simpler one, report the simpler one.
public struct SurfaceConversions: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: Int
    /// Creates a set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A cone whose half angle is about zero (its radius barely changes along the inliers) becomes a
    /// cylinder.
    public static let coneToCylinder = SurfaceConversions(rawValue: 1 << 0)
    /// A torus whose mean radius is about zero becomes a sphere.
    public static let torusToSphere = SurfaceConversions(rawValue: 1 << 1)
    /// A torus whose mean radius is huge (a barely bent tube) becomes a cylinder.
    public static let torusToCylinder = SurfaceConversions(rawValue: 1 << 2)
    /// Every conversion.
    public static let all: SurfaceConversions = [.coneToCylinder, .torusToSphere, .torusToCylinder]
}
