/// A found surface of one of the five types.
public enum FoundSurface: Sendable, Hashable {
    /// A plane.
    case plane(PlaneSurface)
    /// A sphere.
    case sphere(SphereSurface)
    /// A cylinder.
    case cylinder(CylinderSurface)
    /// A cone.
    case cone(ConeSurface)
    /// A torus.
    case torus(TorusSurface)

    /// The surface's type.
    public var type: SurfaceType {
        switch self {
        case .plane: .plane
        case .sphere: .sphere
        case .cylinder: .cylinder
        case .cone: .cone
        case .torus: .torus
        }
    }

    /// The fit quality and inliers.
    public var fit: SurfaceFit {
        switch self {
        case let .plane(s): s.fit
        case let .sphere(s): s.fit
        case let .cylinder(s): s.fit
        case let .cone(s): s.fit
        case let .torus(s): s.fit
        }
    }
}
