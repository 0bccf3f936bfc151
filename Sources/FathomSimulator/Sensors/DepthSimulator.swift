import Foundation

/// Renders LiDAR depth and confidence maps of a scene from a true camera pose.
///
/// Pixel (u, v) is the integer index (no half-pixel offset); its ray is
/// `depthIntrinsics.direction(u:v:)`, and the depth is −z in camera space of the first true hit, so
/// `CameraIntrinsics.unproject` of a noise-free sample returns the hit exactly.
public struct DepthSimulator: Sendable {
    /// The scene.
    public let scene: SimulatedScene
    /// The sensor model.
    public let configuration: SensorConfiguration

    /// Creates a depth simulator.
    public init(scene: SimulatedScene, configuration: SensorConfiguration) {
        self.scene = scene
        self.configuration = configuration
    }

    /// Noise-free depth (0 where nothing lies within range) and incidence cosines per pixel.
    public func trueDepth(worldFromCamera: RigidTransform) -> (depth: DepthMap, cosine: Image<Float>) {
        let k = configuration.depthIntrinsics
        // Rays along the image corners are longest per unit depth; trace far enough for all.
        let corner = k.direction(u: 0, v: 0)
        let trace = scene.trace(
            worldFromCamera: worldFromCamera, intrinsics: k,
            maxDistance: configuration.depthMaximumRange / -corner.z * 1.0001)
        return trueDepth(trace: trace, worldFromCamera: worldFromCamera)
    }

    /// Depth and incidence cosines from a trace made with the depth intrinsics.
    func trueDepth(trace: ViewTrace, worldFromCamera: RigidTransform) -> (depth: DepthMap, cosine: Image<Float>) {
        let w = trace.width
        let h = trace.height
        var depth = DepthMap(width: w, height: h, repeating: 0)
        var cosine = Image<Float>(width: w, height: h, repeating: 0)
        let range = configuration.depthMaximumRange
        let forward = -worldFromCamera.rotation.columns.2
        for i in 0..<(w * h) where trace.surface[i] >= 0 {
            let d = trace.direction[i]
            let z = trace.distance[i] * d.dot(forward)
            guard z <= range else { continue }
            depth.pixels[i] = z
            cosine.pixels[i] = abs(trace.normal[i].dot(d))
        }
        return (depth, cosine)
    }

    /// A depth frame rendered from an existing trace with the depth intrinsics.
    func render(trace: ViewTrace, worldFromCamera: RigidTransform, frameNumber: Int, timestamp: Double, seed: UInt64)
        -> DepthFrame
    {
        let (truth, cosine) = trueDepth(trace: trace, worldFromCamera: worldFromCamera)
        var g = FrameSeed.generator(seed: seed, frameNumber: frameNumber, stream: .depth)
        return applyNoise(truth: truth, cosine: cosine, frameNumber: frameNumber, timestamp: timestamp, using: &g)
    }

    /// A depth frame as the sensor reports it: true depth plus noise, dropouts and confidence.
    ///
    /// Confidence is high (2) for depth ≤ `highConfidenceMaximumRange` and cos θ ≥
    /// `highConfidenceMinimumCosine`, medium (1) within the medium limits, low (0) otherwise, at depth
    /// edges and for dropouts (depth 0).
    public func render(worldFromCamera: RigidTransform, frameNumber: Int, timestamp: Double, seed: UInt64) -> DepthFrame
    {
        let (truth, cosine) = trueDepth(worldFromCamera: worldFromCamera)
        var g = FrameSeed.generator(seed: seed, frameNumber: frameNumber, stream: .depth)
        return applyNoise(truth: truth, cosine: cosine, frameNumber: frameNumber, timestamp: timestamp, using: &g)
    }

    func applyNoise<G: RandomNumberGenerator>(
        truth: DepthMap, cosine: Image<Float>, frameNumber: Int, timestamp: Double,
        using g: inout G
    ) -> DepthFrame {
        let c = configuration
        let w = truth.width
        let h = truth.height
        var depth = DepthMap(width: w, height: h, repeating: 0)
        var confidence = ConfidenceMap(width: w, height: h, repeating: 0)
        // Dropout when the next 64 random bits fall below this threshold.
        let dropThreshold = c.depthDropoutProbability >= 1 ? UInt64.max : UInt64(c.depthDropoutProbability * 0x1p64)
        let t = truth.pixels
        var spareGaussian: Float? = nil
        for v in 0..<h {
            for u in 0..<w {
                let i = v * w + u
                let d = t[i]
                // Draw every random number regardless of the outcome so frames stay comparable.
                let gauss: Float
                if let s = spareGaussian {
                    gauss = s
                    spareGaussian = nil
                } else {
                    let pair = Self.gaussianPair(using: &g)
                    gauss = pair.0
                    spareGaussian = pair.1
                }
                let drop = g.next() < dropThreshold
                guard d > 0, !drop else { continue }
                let cosT = cosine.pixels[i]
                depth.pixels[i] = max(0.001, d + gauss * c.depthNoiseSigma(depth: d, cosine: cosT))
                @inline(__always) func differs(_ j: Int) -> Bool {
                    let dn = t[j]
                    return dn == 0 || abs(dn - d) > c.depthEdgeRelative * max(d, dn) + c.depthEdgeAbsolute
                }
                let edge =
                    (u > 0 && differs(i - 1)) || (u < w - 1 && differs(i + 1)) || (v > 0 && differs(i - w))
                    || (v < h - 1 && differs(i + w))
                let level: ConfidenceLevel
                if edge {
                    level = .low
                } else if d <= c.highConfidenceMaximumRange && cosT >= c.highConfidenceMinimumCosine {
                    level = .high
                } else if d <= c.mediumConfidenceMaximumRange && cosT >= c.mediumConfidenceMinimumCosine {
                    level = .medium
                } else {
                    level = .low
                }
                confidence.pixels[i] = level.rawValue
            }
        }
        return DepthFrame(frameNumber: frameNumber, timestamp: timestamp, depth: depth, confidence: confidence)
    }

    /// Two independent standard normal samples (Box–Muller, single precision).
    @inline(__always)
    static func gaussianPair<G: RandomNumberGenerator>(using g: inout G) -> (Float, Float) {
        let bits = g.next()
        // Two 24-bit uniforms; u1 in (0, 1].
        let u1 = (Float(bits >> 40) + 1) * 0x1p-24
        let u2 = Float((bits >> 16) & 0xFF_FFFF) * 0x1p-24
        let r = (-2 * logf(u1)).squareRoot()
        let a = 2 * Float.pi * u2
        return (r * cosf(a), r * sinf(a))
    }
}
