import FathomCore
import Foundation

extension FloorPlanExtractor {
    /// The camera frames with the refinement's corrections applied, and the refined poses; the frames
    /// unchanged and no poses without refinement.
    static func corrected(_ frames: [CameraFrame], by refinement: PoseRefinement?) -> ([CameraFrame], [RefinedCameraPose]) {
        guard let refinement else { return (frames, []) }
        var out: [CameraFrame] = []
        var poses: [RefinedCameraPose] = []
        out.reserveCapacity(frames.count)
        for var frame in frames {
            guard let recorded = frame.worldFromCamera, recorded.translation.isFinite else {
                out.append(frame)
                continue
            }
            let (correction, aligned) = refinement.correction(forFrame: frame.frameNumber)
            let pose = correction * recorded
            frame.cameraTransform = pose.matrix
            out.append(frame)
            poses.append(
                RefinedCameraPose(
                    frameNumber: frame.frameNumber, timestamp: frame.timestamp, worldFromCamera: pose, isAligned: aligned))
        }
        return (out, poses)
    }

    /// What the refinement did, for the result's messages (only when it moved the poses noticeably).
    static func refinementMessages(_ refinement: PoseRefinement) -> [String] {
        guard let last = refinement.corrections.last?.correction else { return [] }
        let shift = (last.translation * last.translation).sum().squareRoot()
        let turn = abs(DepthPoseRefiner.yawDegrees(of: last.rotation))
        guard shift >= 0.01 || turn >= 0.2 else { return [] }
        return [
            String(
                format: "tracking drift corrected: by the end of the scan the poses moved %.1f cm and turned %.2f°",
                shift * 100, turn)
        ]
    }
}
