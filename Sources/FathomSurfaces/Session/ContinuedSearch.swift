/// The result of `SurfaceFinder.find(_:continuing:)`: the search's result, how it was obtained, and
/// what the next search on the grown cloud continues from.
public struct ContinuedSearch: Sendable {
    /// The search's result, as `SurfaceFinder.find(_:)` reports it.
    public let result: SurfaceSearchResult
    /// Whether the previous surface was continued or a full search ran (and why).
    public let start: SearchStart
    /// What the next search continues from; `nil` when nothing was found.
    public let continuation: SearchContinuation?
}
