import FathomCore

extension ScanMonitor {
    /// What the monitor is fed per frame.
    public struct Input: Sendable {
        /// Pose, tracking and mapping state, orientation.
        public var camera: CameraFrame
        /// Depth statistics of this frame, when it has a depth reading.
        public var depth: DepthStatistics?
        /// The device's condition.
        public var signals: DeviceSignals

        /// Creates an input from a camera frame and optional depth statistics.
        public init(camera: CameraFrame, depth: DepthStatistics? = nil, signals: DeviceSignals = .nominal) {
            self.camera = camera
            self.depth = depth
            self.signals = signals
        }

        /// Creates an input from a sensor frame, summarising its depth reading when it has one.
        public init(frame: SensorFrame, signals: DeviceSignals = .nominal) {
            self.init(camera: frame.camera, depth: frame.depth.flatMap { DepthStatistics($0) }, signals: signals)
        }
    }
}
