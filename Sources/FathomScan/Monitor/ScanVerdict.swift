/// How a scan ended, as the monitor judges it.
public enum ScanVerdict: Hashable, Sendable {
    /// Finished with enough data.
    case ok
    /// Aborted by the monitor (drift 13 or relocation timeout 80), with the event code and the
    /// reason.
    case aborted(code: ScanEventCode, reason: String)
    /// Finished, but without enough data; the reason names what was short.
    case notEnoughData(reason: String)

    /// `ok`, `aborted` or `notEnoughData`: the form used in reports and JSON.
    public var name: String {
        switch self {
        case .ok: "ok"
        case .aborted: "aborted"
        case .notEnoughData: "notEnoughData"
        }
    }

    /// The reason in words (empty for `ok`).
    public var reason: String {
        switch self {
        case .ok: ""
        case .aborted(_, let reason): reason
        case .notEnoughData(let reason): reason
        }
    }
}
