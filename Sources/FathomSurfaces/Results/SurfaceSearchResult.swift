/// The outcome of a search: a surface, or the reason none was found.
public enum SurfaceSearchResult: Sendable, Hashable {
    /// A surface was found.
    case found(FoundSurface)
    /// Nothing was found, and why.
    case notFound(SurfaceNotFoundReason)

    /// The found surface, or `nil`.
    public var surface: FoundSurface? {
        if case let .found(s) = self { return s }
        return nil
    }

    /// The reason nothing was found, or `nil` when something was.
    public var reason: SurfaceNotFoundReason? {
        if case let .notFound(r) = self { return r }
        return nil
    }
}
