import FathomCore

/// One fused depth frame kept coarse for free-space questions — did this camera see past a point? —
/// as the nearest reading in each block of pixels, with the frame's (refined) pose and the intrinsics
/// scaled to the blocks. A wall runs from the floor to the ceiling and hides everything behind it, so
/// a ray that passed a face's plane above its top and went on proves that nothing stands there.
///
/// The nearest reading of a block is taken (not the mean), so that a block holding the edge of a
/// surface counts as stopped there: a view says it saw past a point only when every reading of the
/// block around it lies beyond it.
struct CoarseDepthView: Sendable {
    /// The frame's pose, inverted: world → camera.
    var cameraFromWorld: RigidTransform
    /// The camera's position, world metres.
    var eye: SIMD3<Float>
    /// The intrinsics scaled to the block grid (one "pixel" per block).
    var intrinsics: CameraIntrinsics
    /// The nearest reading of each block, metres along −Z, row-major; 0 for a block with too few
    /// readings.
    var nearest: [Float]

    /// The block grid is about this many blocks wide (about 2° a block on an iPhone's LiDAR).
    static let targetColumns = 32
    /// Fewest share of a block's pixels that must hold a reading for the block to hold one.
    static let minimumReadingFraction = 0.5

    /// The coarse view of a depth frame placed by `camera` (its pose already refined), keeping the
    /// readings of at least `minimumConfidence`; nil without a valid pose or an empty map.
    init?(depth: DepthFrame, camera: CameraFrame, minimumConfidence: ConfidenceLevel) {
        guard let worldFromCamera = camera.worldFromCamera, depth.width > 0, depth.height > 0 else { return nil }
        let block = max(1, depth.width / Self.targetColumns)
        let columns = depth.width / block
        let rows = depth.height / block
        guard columns > 0, rows > 0 else { return nil }
        let minimumReadings = Int((Double(block * block) * Self.minimumReadingFraction).rounded(.up))
        let confidence = minimumConfidence.rawValue
        var nearest = [Float](repeating: 0, count: columns * rows)
        depth.depth.pixels.withUnsafeBufferPointer { d in
            depth.confidence.pixels.withUnsafeBufferPointer { c in
                for by in 0..<rows {
                    for bx in 0..<columns {
                        var least = Float.infinity
                        var readings = 0
                        for y in (by * block)..<(by * block + block) {
                            let row = y * depth.width
                            for x in (bx * block)..<(bx * block + block) {
                                let z = d[row + x]
                                guard z > 0, z.isFinite, c[row + x] >= confidence else { continue }
                                readings += 1
                                least = min(least, z)
                            }
                        }
                        if readings >= minimumReadings { nearest[by * columns + bx] = least }
                    }
                }
            }
        }
        cameraFromWorld = worldFromCamera.inverse
        eye = worldFromCamera.translation
        // Pixel (u, v) of the full map lies in block (u / block, v / block): scale by the grid's share
        // of the map actually covered.
        let k = camera.intrinsics.scaled(toWidth: depth.width, height: depth.height)
        let s = 1 / Float(block)
        intrinsics = CameraIntrinsics(
            unchecked: k.fx * s, fy: k.fy * s, cx: k.cx * s, cy: k.cy * s, width: columns, height: rows)
        self.nearest = nearest
    }

    /// What this view saw of the world point `p`: `.past` when the nearest reading of the block it
    /// falls in lies more than `margin` beyond it, `.at` when within `margin` of it, nil when the point
    /// is out of view, behind something nearer or in a block without readings.
    func sight(of p: SIMD3<Float>, margin: Float) -> Sight? {
        let local = cameraFromWorld.apply(to: p)
        guard let (pixel, distance) = intrinsics.project(local), pixel.x >= 0, pixel.y >= 0 else { return nil }
        let u = Int(pixel.x)
        let v = Int(pixel.y)
        guard u < intrinsics.width, v < intrinsics.height else { return nil }
        let reading = nearest[v * intrinsics.width + u]
        guard reading > 0 else { return nil }
        if reading > distance + margin { return .past }
        if reading >= distance - margin { return .at }
        return nil
    }

    /// What a view saw at a point.
    enum Sight {
        /// The ray went on beyond the point: nothing stands there.
        case past
        /// The ray stopped at the point (within the margin): something stands there.
        case at
    }
}
