/// One warning with hysteresis: raised after its enter condition has held for a while, cleared after
/// a stricter exit condition has held for a while.
///
/// A rule may have two mutually exclusive warnings (floor/ceiling, too close/too far, left/right):
/// `candidate` names the one whose enter condition holds now.
struct HysteresisWarning: Hashable, Sendable {
    /// Minimum time the enter condition must hold, seconds.
    let enterSeconds: Double
    /// Minimum time the exit condition must hold, seconds.
    let exitSeconds: Double
    /// The event raised when the warning clears.
    let recovery: ScanEventCode
    /// Whether an active warning may switch to the rule's other warning (floor → ceiling) without
    /// clearing first. When `false` (sideways left ↔ right) an episode raises one warning only.
    let switchesBetweenCodes: Bool
    /// The active warning, if any.
    private(set) var active: ScanEventCode?
    private var candidate: ScanEventCode?
    private var enterTimer = SustainedCondition()
    private var exitTimer = SustainedCondition()

    init(enterSeconds: Double, exitSeconds: Double, recovery: ScanEventCode, switchesBetweenCodes: Bool = true) {
        self.enterSeconds = enterSeconds
        self.exitSeconds = exitSeconds
        self.recovery = recovery
        self.switchesBetweenCodes = switchesBetweenCodes
    }

    /// Feeds one observation: which warning's enter condition holds (`nil` for none) and whether the
    /// exit condition holds. Returns the code to raise, if any.
    mutating func update(enter: ScanEventCode?, exit: Bool, at t: Double) -> ScanEventCode? {
        if enter != candidate {
            candidate = enter
            enterTimer.reset()
        }
        let entering = enter != nil && enter != active && (active == nil || switchesBetweenCodes)
        let held = enterTimer.update(entering, at: t)
        if entering, held >= enterSeconds, let code = enter {
            active = code
            exitTimer.reset()
            enterTimer.reset()
            return code
        }
        guard active != nil else { return nil }
        if exitTimer.update(exit, at: t) >= exitSeconds {
            active = nil
            exitTimer.reset()
            return recovery
        }
        return nil
    }

    /// Forgets the timers (after a pause), keeping the active warning.
    mutating func resetTimers() {
        candidate = nil
        enterTimer.reset()
        exitTimer.reset()
    }
}
