import FathomCore
import FathomSensing

/// Synthetic frames with known answers, built in code.
enum SensingFixtures {
    /// Intrinsics of a 1920×1440 image (the simulator's default).
    static let intrinsics = CameraIntrinsics.iPhoneWide1920x1440

    /// A camera at `eye` looking at `target`.
    static func camera(frame: Int = 0, eye: SIMD3<Float> = SIMD3(0.5, 1.4, 2), target: SIMD3<Float> = SIMD3(0.3, 1.0, -1),
                       tracking: TrackingState = .normal) -> CameraFrame {
        let pose = RigidTransform.lookAt(eye: eye, target: target)!
        return CameraFrame(frameNumber: frame, timestamp: Double(frame) / 60, cameraTransform: pose.matrix,
                           intrinsics: intrinsics, trackingState: tracking)
    }

    /// The depth (along −Z, metres) of each pixel of a `width × height` map whose camera sees the
    /// world plane `plane` (unit normal n, n·p = offset), or 0 where the plane is behind or parallel.
    static func planeDepth(camera: CameraFrame, normal: SIMD3<Float>, offset: Float, width: Int = 256,
                           height: Int = 192) -> DepthMap {
        let pose = camera.worldFromCamera!
        let k = camera.intrinsics.scaled(toWidth: width, height: height)
        var map = DepthMap(width: width, height: height, repeating: 0)
        for v in 0..<height {
            for u in 0..<width {
                // Camera point at depth 1, in world: o + t·(q − o).
                let q = pose.apply(to: k.unproject(u: Float(u), v: Float(v), depth: 1))
                let o = pose.translation
                let denom = normal.dot(q - o)
                guard abs(denom) > 1e-6 else { continue }
                let t = (offset - normal.dot(o)) / denom
                if t > 0 { map[u, v] = t }
            }
        }
        return map
    }

    /// A depth frame with uniform confidence.
    static func depthFrame(_ depth: DepthMap, frame: Int = 0, confidence: UInt8 = 2) -> DepthFrame {
        DepthFrame(frameNumber: frame, timestamp: Double(frame) / 60, depth: depth,
                   confidence: ConfidenceMap(width: depth.width, height: depth.height, repeating: confidence))
    }

    /// An image whose left half is `left` and right half `right`.
    static func twoColorImage(width: Int, height: Int, left: RGB8, right: RGB8) -> RGBImage {
        var img = RGBImage(width: width, height: height, repeating: left)
        for y in 0..<height { for x in (width / 2)..<width { img[x, y] = right } }
        return img
    }
}
