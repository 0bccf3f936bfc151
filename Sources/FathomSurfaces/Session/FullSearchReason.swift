/// Why a continued search (`SurfaceFinder.find(_:continuing:)`) ran a full search instead of
/// continuing the previous surface.
public enum FullSearchReason: Sendable, Hashable, CustomStringConvertible {
    /// There was no previous surface to continue (the first search, or the previous one found nothing).
    case noPreviousSurface
    /// The previous surface was found in a cloud that is not the first points of this one (it had
    /// more points, or its seed point is not at the same index).
    case cloudNotAppended
    /// A parameter other than the seed changed (type, accuracy, levels, conversions, viewpoint,
    /// excluded points, random seed; or the seed or seed radius of a search with a limited reach).
    case searchChanged
    /// The search decides between types (`.any`, or a cone or torus with a smart conversion): the
    /// decision is made again over the whole region.
    case typeDecision
    /// The seed does not lie on the continued region (the user pointed at something else).
    case seedLeftSurface
    /// The model refitted over the continued region moved by more than the allowed shift (`shift`
    /// and `limit`, metres, the largest change of a sampled inlier's orthogonal distance).
    case modelMoved(shift: Float, limit: Float)
    /// The continued region's rms (metres) exceeds the previous one's by more than the statistical
    /// allowance (`limit`, metres).
    case fitWorse(rms: Float, limit: Float)
    /// The continued region failed the search's acceptance checks (too few inliers, rms, degenerate).
    case notAccepted(SurfaceNotFoundReason)

    /// A sentence saying why a full search ran.
    public var description: String {
        switch self {
        case .noPreviousSurface: "no previous surface"
        case .cloudNotAppended: "the cloud is not the previous one with points appended"
        case .searchChanged: "the search's parameters changed"
        case .typeDecision: "the search decides between types"
        case .seedLeftSurface: "the seed left the previous surface"
        case let .modelMoved(shift, limit): "the model moved \(shift) m (limit \(limit) m)"
        case let .fitWorse(rms, limit): "the rms grew to \(rms) m (limit \(limit) m)"
        case let .notAccepted(reason): "the continued region was not accepted: \(reason)"
        }
    }
}
