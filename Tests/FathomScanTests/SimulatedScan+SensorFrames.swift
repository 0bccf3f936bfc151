import FathomCore
import FathomScan

extension SimulatedScan {
    /// The frames as sensor frames with a small uniform depth map at the ray-cast median depth
    /// (8 × 6, high confidence), as a recorder receives them.
    var sensorFrames: [SensorFrame] {
        inputs.map { input in
            let d = input.depth?.medianDepthMetres ?? 0
            let depth = DepthFrame(
                frameNumber: input.camera.frameNumber, timestamp: input.camera.timestamp,
                depth: DepthMap(width: 8, height: 6, repeating: d),
                confidence: ConfidenceMap(width: 8, height: 6, repeating: 2))
            return SensorFrame(camera: input.camera, depth: depth)
        }
    }
}
