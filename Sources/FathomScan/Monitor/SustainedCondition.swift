/// Measures how long a condition has held without interruption.
struct SustainedCondition: Hashable, Sendable {
    /// When the condition started holding, seconds; `nil` when it does not hold.
    private(set) var since: Double?

    /// Records the condition at time `t` and returns how long it has held (0 when it does not).
    mutating func update(_ holds: Bool, at t: Double) -> Double {
        guard holds else {
            since = nil
            return 0
        }
        if since == nil { since = t }
        return t - since!
    }

    /// Forgets the history.
    mutating func reset() { since = nil }
}
