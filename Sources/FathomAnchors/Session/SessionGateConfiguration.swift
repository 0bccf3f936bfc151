import FathomCore

/// Settings of `SessionGate`.
public struct SessionGateConfiguration: Sendable, Hashable {
    /// How long the frames must have been `ready` before placing is allowed, seconds: keeps a placement
    /// button from flickering when tracking wavers. Blocking states take effect at once. Default 0.
    public var readyHoldDuration: Double
    /// The world-mapping status assumed for frames that carry none (recordings from other platforms).
    /// Default `.notAvailable` (such frames never allow placing); use `.extending` to gate on tracking
    /// alone.
    public var mappingStatusWhenMissing: WorldMappingStatus

    /// Creates a configuration; a negative or non-finite hold becomes 0.
    public init(readyHoldDuration: Double = 0, mappingStatusWhenMissing: WorldMappingStatus = .notAvailable) {
        self.readyHoldDuration = readyHoldDuration.isFinite ? max(0, readyHoldDuration) : 0
        self.mappingStatusWhenMissing = mappingStatusWhenMissing
    }
}
