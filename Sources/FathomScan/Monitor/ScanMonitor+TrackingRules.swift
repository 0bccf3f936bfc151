import FathomCore

extension ScanMonitor {
    /// Tracking loss, backgrounding and relocation: scanning → relocating → scanning or aborted.
    mutating func updateTracking(_ frame: CameraFrame, isBackgrounded: Bool, poseIsValid: Bool) {
        let t = frame.timestamp
        let c = configuration
        switch phase {
        case .scanning:
            if isBackgrounded {
                raise(.backgrounded, at: t, frameNumber: frame.frameNumber)
                pause(since: t)
                return
            }
            if frame.trackingState.isNormal {
                hasTrackedNormally = true
                trackingLost.reset()
                return
            }
            guard hasTrackedNormally, trackingLost.update(true, at: t) >= c.trackingLostEnterSeconds else { return }
            let since = trackingLost.since ?? t
            let code: ScanEventCode
            let message: String?
            switch frame.trackingState {
            case .limited(.excessiveMotion):
                (code, message) = (.trackingLostExcessiveMotion, nil)
            case .limited(.insufficientFeatures):
                (code, message) = (.trackingLostTooDark, nil)
            default:
                (code, message) = (.trackingLostTooDark, "Tracking lost (\(frame.trackingState.string))")
            }
            raise(code, at: t, frameNumber: frame.frameNumber, message: message)
            pause(since: since)
        case .relocating(let since):
            if t - since >= c.relocationTimeoutSeconds {
                abort(
                    .relocationTimedOut, at: t, frameNumber: frame.frameNumber,
                    message: "Relocation timed out after \(Self.format(c.relocationTimeoutSeconds)) s; scan aborted")
                return
            }
            let normal = frame.trackingState.isNormal && !isBackgrounded && poseIsValid
            if trackingNormal.update(normal, at: t) >= c.trackingResumeSeconds {
                raise(
                    .scanningBackToNormal, at: t, frameNumber: frame.frameNumber,
                    message: "Tracking normal again, scan resumed")
                phase = .scanning
                trackingNormal.reset()
                trackingLost.reset()
            }
        default:
            break
        }
    }

    /// Enters relocation and restarts every pose window, so poses from before the loss are never
    /// compared with poses after it.
    private mutating func pause(since t: Double) {
        phase = .relocating(since: t)
        trackingLost.reset()
        trackingNormal.reset()
        history.removeAll()
        depthTimestamps.removeAll(keepingCapacity: true)
        depthMedians.removeAll(keepingCapacity: true)
        odometerAnchor = nil
        lastTrackedTimestamp = nil
        rotationWarning.resetTimers()
        pitchWarning.resetTimers()
        horizontalWarning.resetTimers()
        sidewaysWarning.resetTimers()
        proximityWarning.resetTimers()
    }
}
