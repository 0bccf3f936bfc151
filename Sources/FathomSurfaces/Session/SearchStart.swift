/// How a continued search (`SurfaceFinder.find(_:continuing:)`) obtained its result.
public enum SearchStart: Sendable, Hashable {
    /// The previous surface was continued: the appended points were tested against its model and
    /// their connection to its region, `taken` points joined it (appended ones, and older ones they
    /// connected), the model was refitted on a sample and the region confirmed against it
    /// (`dropped` of its points no longer within the band).
    case continued(taken: Int, dropped: Int)
    /// A full search ran, and why.
    case full(FullSearchReason)

    /// Whether the previous surface was continued.
    public var isContinued: Bool {
        if case .continued = self { return true }
        return false
    }
}
