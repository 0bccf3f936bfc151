/// The device's condition at one frame: what the system reports besides the camera.
///
/// Level signals (thermal state, low power, storage, background) are reported on change; a memory
/// warning is an edge: set `memoryWarning` on the frame after which the system sent it.
public struct DeviceSignals: Hashable, Sendable {
    /// Thermal state.
    public var thermalState: ThermalState
    /// Whether low-power mode is on.
    public var isLowPowerModeOn: Bool
    /// Free storage, bytes; `nil` when unknown.
    public var freeStorageBytes: Int64?
    /// How fast the recording grows, bytes per second; `nil` when unknown.
    public var recordingBytesPerSecond: Double?
    /// Whether the system sent a memory warning since the previous frame.
    public var memoryWarning: Bool
    /// Whether the app is in the background (capture interrupted).
    public var isBackgrounded: Bool

    /// Creates signals; the defaults describe a healthy device in the foreground.
    public init(
        thermalState: ThermalState = .nominal, isLowPowerModeOn: Bool = false, freeStorageBytes: Int64? = nil,
        recordingBytesPerSecond: Double? = nil, memoryWarning: Bool = false, isBackgrounded: Bool = false
    ) {
        self.thermalState = thermalState
        self.isLowPowerModeOn = isLowPowerModeOn
        self.freeStorageBytes = freeStorageBytes
        self.recordingBytesPerSecond = recordingBytesPerSecond
        self.memoryWarning = memoryWarning
        self.isBackgrounded = isBackgrounded
    }

    /// A healthy device in the foreground with unknown storage.
    public static let nominal = DeviceSignals()

    /// Minutes of recording left at the current rate, or `nil` when storage or rate is unknown or the
    /// rate is not positive.
    public var storageMinutesLeft: Double? {
        guard let free = freeStorageBytes, let rate = recordingBytesPerSecond, rate > 0, rate.isFinite else {
            return nil
        }
        return Double(max(0, free)) / rate / 60
    }
}
