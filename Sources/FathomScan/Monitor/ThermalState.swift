/// The device's thermal state, as `ProcessInfo.ThermalState` reports it.
public enum ThermalState: Int, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// Normal.
    case nominal = 0
    /// Slightly elevated.
    case fair = 1
    /// High: performance is throttled.
    case serious = 2
    /// Critical: the system sheds work.
    case critical = 3

    /// The event code reporting this state (70…73).
    public var eventCode: ScanEventCode {
        switch self {
        case .nominal: .thermalNominal
        case .fair: .thermalFair
        case .serious: .thermalSerious
        case .critical: .thermalCritical
        }
    }

    /// Orders states from nominal to critical.
    public static func < (a: ThermalState, b: ThermalState) -> Bool { a.rawValue < b.rawValue }
}
