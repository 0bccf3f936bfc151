/// The kind of surface a search looks for.
public enum SurfaceType: String, Sendable, Hashable, CaseIterable, Codable {
    /// An infinite plane, reported as the bounding rectangle of its inliers.
    case plane
    /// A sphere.
    case sphere
    /// A circular cylinder.
    case cylinder
    /// A circular cone.
    case cone
    /// A ring torus.
    case torus
    /// Any of the above, chosen from local shape and fit quality (the simplest type that fits).
    case any
}
