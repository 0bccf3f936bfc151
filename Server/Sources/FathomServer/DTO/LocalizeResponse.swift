import Fathom

/// `POST /v1/maps/{id}/localize` answer: the relocalization verdict and, when trusted, the map's anchors
/// in the session's frame.
public struct LocalizeResponse: Codable, Sendable, Equatable {
    /// Whether the alignment passed the registration's trust gates (fitness, overlap, inliers, rmse,
    /// constraint, ambiguity).
    public var trusted: Bool
    /// Why it is not trusted (or nothing was found); absent when trusted.
    public var reason: String?
    /// Session world → map world, 16 numbers column-major; absent when no alignment was found.
    public var mapFromSession: [Float]?
    /// Map world → session world (the inverse), 16 numbers column-major; absent when none was found.
    public var sessionFromMap: [Float]?
    /// Fraction (0–1) of the session's downsampled points that are inliers; higher is better.
    public var fitness: Float
    /// Root mean square inlier distance, metres; lower is better.
    public var rmse: Float
    /// Fraction (0–1) of the session's downsampled points inside the map's mapped space.
    public var overlap: Float
    /// Inliers.
    public var inlierCount: Int
    /// The session's points after downsampling.
    public var sessionPointCount: Int
    /// The map's anchors with `worldFromAnchor` in the session's world frame; empty unless trusted.
    public var anchors: [Anchor]

    /// The answer for a registration of the session (source) to the map (target) and the map's anchors.
    public init(_ result: RegistrationResult, mapAnchors: [Anchor]) {
        trusted = result.isTrusted
        reason = result.isTrusted ? nil : (result.failure.map { "\($0)" } ?? "not trusted")
        let sessionFromMap = result.targetFromSource.inverse
        mapFromSession = result.isFound ? result.targetFromSource.matrix.columnMajor : nil
        self.sessionFromMap = result.isFound ? sessionFromMap.matrix.columnMajor : nil
        fitness = result.fitness
        rmse = result.inlierRMSE
        overlap = result.overlap
        inlierCount = result.inlierCount
        sessionPointCount = result.sourcePointCount
        anchors = result.isTrusted
            ? mapAnchors.map { anchor in
                var moved = anchor
                moved.worldFromAnchor = sessionFromMap * anchor.worldFromAnchor
                return moved
            } : []
    }
}
