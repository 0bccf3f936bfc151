/// Why a search found nothing.
public enum SurfaceNotFoundReason: Sendable, Hashable, CustomStringConvertible {
    /// Fewer points than needed around the seed (`found`, `needed`).
    case tooFewPointsNearSeed(found: Int, needed: Int)
    /// No candidate surface of the type explains the seed's neighbourhood.
    case noCandidate
    /// The fit converged on fewer inliers than needed.
    case tooFewInliers(found: Int, needed: Int)
    /// The inliers' rms distance (metres) is too large for the accuracy.
    case rmsTooLarge(rms: Float, limit: Float)
    /// The fitted primitive is degenerate (for example a radius far beyond the inliers' extent).
    case degenerate(String)

    /// A sentence saying why nothing was found.
    public var description: String {
        switch self {
        case let .tooFewPointsNearSeed(f, n): "too few points near the seed (\(f), need \(n))"
        case .noCandidate: "no candidate surface of this type fits the seed's neighbourhood"
        case let .tooFewInliers(f, n): "too few inliers (\(f), need \(n))"
        case let .rmsTooLarge(r, l): "rms \(r) m exceeds the limit \(l) m for this accuracy"
        case let .degenerate(why): "degenerate fit: \(why)"
        }
    }
}
