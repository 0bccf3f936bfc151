import FathomCore
import Foundation

extension ScanMonitor {
    /// Steps of the odometer, metres: smaller horizontal moves are tremor and not counted.
    static let odometerStepMetres: Float = 0.05
    /// Longest gap between frames counted as tracked time, seconds.
    static let maximumTrackedGapSeconds: Double = 0.5
    /// Horizontal viewing directions shorter than this (camera looking nearly straight up or down)
    /// give no walking direction.
    static let minimumHorizontalForward: Float = 0.2
    static let degreesPerRadian: Float = 180 / .pi

    /// Drift, rotation, pitch, horizontal, sideways and proximity rules on a valid, tracked pose.
    mutating func updatePoseRules(_ pose: RigidTransform, depth: DepthStatistics?, frame: CameraFrame) {
        let t = frame.timestamp
        let n = frame.frameNumber
        let c = configuration
        if let last = lastTrackedTimestamp {
            statistics.trackedSeconds += min(t - last, Self.maximumTrackedGapSeconds)
        }
        lastTrackedTimestamp = t
        let p = pose.translation
        if let anchor = odometerAnchor {
            let d = SIMD3(p.x - anchor.x, 0, p.z - anchor.z).length
            if d >= Self.odometerStepMetres {
                statistics.distanceWalkedMetres += d
                odometerAnchor = p
            }
        } else {
            odometerAnchor = p
        }
        let horizon = max(c.driftWindowSeconds, c.rotationRateWindowSeconds, c.velocityWindowSeconds) + 0.1
        history.append(timestamp: t, pose: pose, horizonSeconds: horizon)
        let last = history.last

        // Drift: only the pairs with the newest pose are new; the path length bounds every
        // displacement in the window, so the scan runs only when the path is long enough.
        let first = history.firstIndex(within: c.driftWindowSeconds)
        if history.cumulativePath[last] - history.cumulativePath[first] > c.driftDistanceMetres {
            for i in first..<last {
                let d = history.positions[i].distance(to: p)
                if d > c.driftDistanceMetres {
                    let dt = t - history.timestamps[i]
                    abort(
                        .driftDetected, at: t, frameNumber: n,
                        message:
                            "Scan drifted: position moved \(Self.format(Double(d))) m within \(Self.format(dt)) s; scan aborted"
                    )
                    return
                }
            }
        }

        // Rotation rate over a window.
        if let j = history.index(atLeast: c.rotationRateWindowSeconds, before: last) {
            let angle = (history.rotations[j].transposed * pose.rotation).rotationAngle * Self.degreesPerRadian
            let rate = angle / Float(t - history.timestamps[j])
            let enter: ScanEventCode? = rate > c.fastRotationEnterDegreesPerSecond ? .rotatingTooFast : nil
            if let code = rotationWarning.update(enter: enter, exit: rate < c.fastRotationExitDegreesPerSecond, at: t) {
                raise(
                    code, at: t, frameNumber: n,
                    message: code == .rotatingTooFast ? nil : "Rotation speed back to normal")
            }
        }

        // Pitch: floor, ceiling, horizontal.
        let forward = -pose.rotation.columns.2
        let pitch = asin(max(-1, min(1, forward.y))) * Self.degreesPerRadian
        let pitchEnter: ScanEventCode? =
            pitch < c.floorPitchEnterDegrees
            ? .scanningFloor
            : pitch > c.ceilingPitchEnterDegrees ? .scanningCeiling : nil
        if let code = pitchWarning.update(enter: pitchEnter, exit: abs(pitch) <= c.pitchExitDegrees, at: t) {
            raise(code, at: t, frameNumber: n)
        }
        let level = pitch > c.horizontalPitchEnterDegrees && pitch < c.ceilingPitchEnterDegrees
        if let code = horizontalWarning.update(
            enter: level ? .scanningHorizontally : nil, exit: pitch < c.horizontalPitchExitDegrees, at: t)
        {
            raise(code, at: t, frameNumber: n)
        }

        // Sideways walking: horizontal velocity against the horizontal viewing direction.
        if let j = history.index(atLeast: c.velocityWindowSeconds, before: last) {
            let v = (p - history.positions[j]) / Float(t - history.timestamps[j])
            let vh = SIMD3<Float>(v.x, 0, v.z)
            let fh = SIMD3<Float>(forward.x, 0, forward.z)
            let speed = vh.length
            let fl = fh.length
            var enter: ScanEventCode?
            var exit = false
            if speed < c.walkingMinimumSpeedMetresPerSecond {
                exit = true
            } else if speed <= c.walkingMaximumSpeedMetresPerSecond, fl >= Self.minimumHorizontalForward {
                let cosine = min(1, abs(vh.dot(fh)) / (speed * fl))
                let angle = acos(cosine) * Self.degreesPerRadian
                if angle >= c.sidewaysEnterAngleDegrees {
                    let right = pose.rotation.columns.0
                    enter = vh.dot(SIMD3(right.x, 0, right.z)) >= 0 ? .walkingSidewaysRight : .walkingSidewaysLeft
                }
                exit = angle < c.sidewaysExitAngleDegrees
            }
            if let code = sidewaysWarning.update(enter: enter, exit: exit, at: t) {
                raise(code, at: t, frameNumber: n)
            }
        }

        // Proximity: median of the per-frame medians over the depth window.
        if let depth, depth.validFraction >= c.minimumDepthValidFraction {
            depthTimestamps.append(t)
            depthMedians.append(depth.medianDepthMetres)
            var drop = 0
            while drop < depthTimestamps.count - 1, depthTimestamps[drop] < t - c.depthWindowSeconds { drop += 1 }
            if drop > 0 {
                depthTimestamps.removeFirst(drop)
                depthMedians.removeFirst(drop)
            }
            depthScratch.removeAll(keepingCapacity: true)
            depthScratch.append(contentsOf: depthMedians)
            let m = DepthStatistics.median(of: &depthScratch)
            let enter: ScanEventCode? = m < c.tooCloseEnterMetres ? .tooClose : m > c.tooFarEnterMetres ? .tooFar : nil
            let exit = m >= c.tooCloseExitMetres && m <= c.tooFarExitMetres
            if let code = proximityWarning.update(enter: enter, exit: exit, at: t) {
                raise(code, at: t, frameNumber: n)
            }
        }
    }
}
