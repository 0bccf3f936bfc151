import FathomCore
import Foundation

extension ScanPlayback {
    /// A few text lines describing the current frame: number and time, pose (position, metres; yaw
    /// and pitch of the viewing direction, degrees), states, depth statistics, label, warnings.
    public func statusLines(depth: DepthStatistics?) -> [String] {
        let f = currentFrame
        var lines = [
            "frame \(f.frameNumber) (\(currentIndex + 1)/\(frames.count))  t = \(Self.fixed(currentTime - startTime)) s / \(Self.fixed(durationSeconds)) s"
        ]
        if let pose = f.worldFromCamera {
            let p = pose.translation
            let forward = -pose.rotation.columns.2
            let yaw = Double(atan2(-forward.x, -forward.z)) * 180 / .pi
            let pitch = Double(asin(max(-1, min(1, forward.y)))) * 180 / .pi
            lines.append(
                "position x \(Self.fixed(Double(p.x))) y \(Self.fixed(Double(p.y))) z \(Self.fixed(Double(p.z))) m  yaw \(Self.fixed(yaw, digits: 1))°  pitch \(Self.fixed(pitch, digits: 1))°"
            )
        } else {
            lines.append("position invalid (non-finite or non-rigid pose)")
        }
        lines.append(
            "tracking \(f.trackingState.string)  mapping \(f.worldMappingStatus?.rawValue ?? "-")  orientation \(f.orientation?.rawValue ?? "-")"
        )
        if let depth {
            lines.append(
                "depth median \(Self.fixed(Double(depth.medianDepthMetres))) m, valid \(Int((depth.validFraction * 100).rounded()))%"
            )
        } else {
            lines.append("depth -")
        }
        lines.append("label \(currentLabel?.text ?? "-")")
        let active = activeWarnings.map { "\($0.rawValue) \($0.defaultMessage)" }
        lines.append("active warnings: \(active.isEmpty ? "none" : active.joined(separator: "; "))")
        let here = currentEvents.map { "\($0.code.rawValue) \($0.message)" }
        if !here.isEmpty { lines.append("events here: \(here.joined(separator: "; "))") }
        return lines
    }

    static func fixed(_ value: Double, digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
}
