/// Permission to run one preview search; at most one is outstanding per session.
public struct PreviewTicket: Sendable, Hashable {
    /// The ticket's number, increasing per session.
    public let number: Int
    /// The settings in force when the preview began.
    public let settings: DetectionSettings
    /// The indices to exclude from the search (captured surfaces' inliers, when enabled).
    public let excludedIndices: Set<Int>
    /// The point-buffer generation the preview searches.
    public let pointGeneration: Int
    /// The previous preview's surface of the same point generation, to continue
    /// (`SurfaceFinder.find(_:continuing:)`); `nil` when there is none.
    public let continuation: SearchContinuation?
}
