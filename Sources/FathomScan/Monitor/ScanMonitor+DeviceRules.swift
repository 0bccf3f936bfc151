import FathomCore

extension ScanMonitor {
    /// Thermal state, low power, memory warnings and storage.
    mutating func updateSignals(_ s: DeviceSignals, frame: CameraFrame) {
        let t = frame.timestamp
        let n = frame.frameNumber
        let previous = lastSignals
        if previous?.thermalState != s.thermalState {
            raise(s.thermalState.eventCode, at: t, frameNumber: n)
        }
        if s.isLowPowerModeOn != (previous?.isLowPowerModeOn ?? false) {
            raise(s.isLowPowerModeOn ? .lowPowerOn : .lowPowerOff, at: t, frameNumber: n)
        }
        if s.memoryWarning, !(previous?.memoryWarning ?? false) {
            raise(.memoryWarning, at: t, frameNumber: n)
        }
        if let minutes = s.storageMinutesLeft {
            if minutes < configuration.storageWarningMinutes {
                let whole = Int(minutes.rounded(.down))
                if whole < lastReportedStorageMinutes {
                    lastReportedStorageMinutes = whole
                    raise(.storageMinutesLeft, at: t, frameNumber: n, message: "Storage: \(whole) minutes left")
                }
            } else if minutes >= configuration.storageWarningMinutes + 1 {
                lastReportedStorageMinutes = .max
            }
        }
        lastSignals = s
    }

    /// Landscape reached (0), reverse landscape (17) and back (24), each after holding a moment.
    mutating func updateOrientation(_ frame: CameraFrame) {
        guard let o = frame.orientation else { return }
        let t = frame.timestamp
        if o == reportedOrientation {
            pendingOrientation.reset()
            pendingOrientationValue = nil
            return
        }
        if o != pendingOrientationValue {
            pendingOrientationValue = o
            pendingOrientation.reset()
        }
        guard pendingOrientation.update(true, at: t) >= configuration.orientationChangeSeconds else { return }
        let old = reportedOrientation
        reportedOrientation = o
        pendingOrientationValue = nil
        pendingOrientation.reset()
        switch o {
        case .landscapeRight:
            if !hasBeenLandscape {
                hasBeenLandscape = true
                raise(.landscapeOrientationReached, at: t, frameNumber: frame.frameNumber)
            } else if old == .landscapeLeft {
                raise(.orientationValidAgain, at: t, frameNumber: frame.frameNumber)
            }
        case .landscapeLeft:
            if hasBeenLandscape { raise(.reverseLandscape, at: t, frameNumber: frame.frameNumber) }
        case .portrait, .portraitUpsideDown:
            break
        }
    }
}
