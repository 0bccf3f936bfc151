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
        let w = k.width, h = k.height
        var depth = DepthMap(width: w, height: h, repeating: 0)
        var cosine = Image<Float>(width: w, height: h, repeating: 0)
        let range = configuration.depthMaximumRange
        let o = worldFromCamera.translation
        for v in 0..<h {
            for u in 0..<w {
                let dc = k.direction(u: Float(u), v: Float(v))
                let d = worldFromCamera.applyToDirection(dc)
                let along = -dc.z
                guard let (t, id) = scene.firstHit(origin: o, direction: d, maxDistance: range / along * 1.0001) else {
                    continue
                }
                let z = t * along
                guard z <= range else { continue }
                let n = scene.geometry[id].normal(o, d, t: t)
                depth.pixels[v * w + u] = z
                cosine.pixels[v * w + u] = abs(n.dot(d))
            }
        }
        return (depth, cosine)
    }

    /// A depth frame as the sensor reports it: true depth plus noise, dropouts and confidence.
    ///
    /// Confidence is high (2) for depth ≤ `highConfidenceMaximumRange` and cos θ ≥
    /// `highConfidenceMinimumCosine`, medium (1) within the medium limits, low (0) otherwise, at depth
    /// edges and for dropouts (depth 0).
    public func render(worldFromCamera: RigidTransform, frameNumber: Int, timestamp: Double, seed: UInt64) -> DepthFrame {
        let (truth, cosine) = trueDepth(worldFromCamera: worldFromCamera)
        var g = FrameSeed.generator(seed: seed, frameNumber: frameNumber, stream: .depth)
        return applyNoise(truth: truth, cosine: cosine, frameNumber: frameNumber, timestamp: timestamp, using: &g)
    }

    func applyNoise<G: RandomNumberGenerator>(truth: DepthMap, cosine: Image<Float>, frameNumber: Int, timestamp: Double,
                                             using g: inout G) -> DepthFrame {
        let c = configuration
        let w = truth.width, h = truth.height
        var depth = DepthMap(width: w, height: h, repeating: 0)
        var confidence = ConfidenceMap(width: w, height: h, repeating: 0)
        for v in 0..<h {
            for u in 0..<w {
                let i = v * w + u
                let d = truth.pixels[i]
                // Draw every random number regardless of the outcome so frames stay comparable.
                let gauss = Float(g.nextGaussian())
                let drop = Double.random(in: 0..<1, using: &g) < c.depthDropoutProbability
                guard d > 0, !drop else { continue }
                let cosT = cosine.pixels[i]
                depth.pixels[i] = max(0.001, d + gauss * c.depthNoiseSigma(depth: d, cosine: cosT))
                var edge = false
                for (du, dv) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let x = u + du, y = v + dv
                    guard x >= 0, y >= 0, x < w, y < h else { continue }
                    let dn = truth.pixels[y * w + x]
                    if dn == 0 || abs(dn - d) > c.depthEdgeRelative * max(d, dn) + c.depthEdgeAbsolute { edge = true }
                }
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
}
