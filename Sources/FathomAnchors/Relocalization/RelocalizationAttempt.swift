import FathomRegistration
/// One registration attempt of a `Relocalizer`.
public struct RelocalizationAttempt: Sendable, Equatable {
    /// Session time of the attempt, seconds since the first frame.
    public var sessionTime: Double
    /// Features in the session cloud at the time.
    public var featureCount: Int
    /// The registration of the session cloud (source) to the map (target).
    public var result: RegistrationResult
    /// Wall-clock time the attempt took (preparing the session cloud and registering), seconds.
    public var elapsedSeconds: Double

    /// Creates a record.
    public init(sessionTime: Double, featureCount: Int, result: RegistrationResult, elapsedSeconds: Double) {
        self.sessionTime = sessionTime
        self.featureCount = featureCount
        self.result = result
        self.elapsedSeconds = elapsedSeconds
    }
}
