import FathomRegistration
/// Where a `Relocalizer` stands.
public enum RelocalizationState: Sendable, Equatable {
    /// Collecting points; no attempt made yet.
    case waiting
    /// Attempts made, none trusted yet; retried as points accumulate.
    case searching
    /// Aligned to the map (final). The result's `targetFromSource` is `mapWorldFromNewWorld`.
    case relocalized(RegistrationResult)
    /// Gave up after this much session time, seconds (final).
    case failed(timeout: Double)

    /// A short name: "waiting", "searching", "relocalized" or "failed".
    public var name: String {
        switch self {
        case .waiting: "waiting"
        case .searching: "searching"
        case .relocalized: "relocalized"
        case .failed: "failed"
        }
    }

    /// Whether no further frames change the state.
    public var isFinal: Bool {
        switch self {
        case .relocalized, .failed: true
        case .waiting, .searching: false
        }
    }
}
