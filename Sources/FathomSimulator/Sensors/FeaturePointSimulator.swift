import Foundation

/// ARKit-style raw feature points: fixed landmarks on the true surfaces, seen per frame with
/// needle-shaped noise (mostly along the viewing ray), some mistriangulated samples far along the ray,
/// plus spurious points with fresh identifiers.
public struct FeaturePointSimulator: Sendable {
    /// The scene.
    public let scene: SimulatedScene
    /// The sensor model.
    public let configuration: SensorConfiguration
    /// All landmarks; `landmarks[i].identifier == landmarkIdentifierBase + i`, or
    /// `landmarkIdentifierBase + landmarks.count + i` where churned (`SensorConfiguration.landmarkChurn`).
    public let landmarks: [Landmark]

    /// Identifier of the first landmark.
    public static let landmarkIdentifierBase: UInt64 = 0x0100_0000
    /// Spurious points carry identifiers with this bit set (never equal to a landmark's).
    public static let spuriousIdentifierBit: UInt64 = 1 << 62
    /// Landmarks seen at a grazing angle (|cos θ| below this) are not detected.
    public static let minimumViewingCosine: Float = 0.15
    /// Occlusion test tolerance: the first hit must lie within this fraction of the landmark's distance.
    static let occlusionTolerance: Float = 2e-3

    /// Places the landmarks (deterministic from `seed`).
    public init(scene: SimulatedScene, configuration: SensorConfiguration, seed: UInt64) {
        self.scene = scene
        self.configuration = configuration
        var g = FrameSeed.generator(seed: seed, frameNumber: 0, stream: .landmarks)
        var marks: [Landmark] = []
        for s in scene.surfaces {
            let density = s.kind.isRoomShell ? configuration.landmarkDensity : configuration.objectLandmarkDensity
            let expected = Double(s.area * density)
            var n = Int(expected.rounded(.down))
            if Double.random(in: 0..<1, using: &g) < expected - Double(n) { n += 1 }
            for _ in 0..<n {
                let (p, normal) = scene.samplePoint(onSurface: s.id, using: &g)
                marks.append(
                    Landmark(
                        identifier: Self.landmarkIdentifierBase + UInt64(marks.count), position: p,
                        normal: normal, surfaceID: s.id))
            }
        }
        // Churn: some landmarks are found at other spots of the same surfaces, with identifiers past
        // the unchurned range (base + count + index), so that no identifier is shared by accident.
        if configuration.landmarkChurn > 0 {
            var h = FrameSeed.generator(
                seed: seed ^ (configuration.landmarkChurnSeed &* 0x9E37_79B9_7F4A_7C15), frameNumber: 1, stream: .landmarks)
            let count = UInt64(marks.count)
            for i in marks.indices where Double.random(in: 0..<1, using: &h) < configuration.landmarkChurn {
                let (p, normal) = scene.samplePoint(onSurface: marks[i].surfaceID, using: &h)
                marks[i] = Landmark(
                    identifier: Self.landmarkIdentifierBase + count + UInt64(i), position: p, normal: normal,
                    surfaceID: marks[i].surfaceID)
            }
        }
        landmarks = marks
    }

    /// The true position of a landmark's feature, or `nil` for spurious or unknown identifiers.
    public func truePosition(ofFeature id: UInt64) -> SIMD3<Float>? {
        guard id >= Self.landmarkIdentifierBase else { return nil }
        let i = id - Self.landmarkIdentifierBase, n = UInt64(landmarks.count)
        // Churned landmarks carry base + count + index.
        let slot = i < n ? i : i - n
        guard slot < n, landmarks[Int(slot)].identifier == id else { return nil }
        return landmarks[Int(slot)].position
    }

    /// Indices of the landmarks visible from a true pose: in the image, within range, not grazing and
    /// not occluded.
    public func visibleLandmarks(worldFromCamera: RigidTransform) -> [Int] {
        let k = configuration.cameraIntrinsics
        let cameraFromWorld = worldFromCamera.inverse
        let eye = worldFromCamera.translation
        var out: [Int] = []
        for (i, m) in landmarks.enumerated() {
            let pc = cameraFromWorld.apply(to: m.position)
            guard let (px, depth) = k.project(pc) else { continue }
            guard px.x >= 0, px.y >= 0, px.x <= Float(k.width - 1), px.y <= Float(k.height - 1) else { continue }
            let toPoint = m.position - eye
            let dist = toPoint.length
            guard dist >= configuration.featureMinimumRange, dist <= configuration.featureMaximumRange, depth > 0 else {
                continue
            }
            let dir = toPoint / dist
            guard abs(dir.dot(m.normal)) >= Self.minimumViewingCosine else { continue }
            if let (t, _) = scene.firstHit(
                origin: eye, direction: dir, maxDistance: dist * (1 + Self.occlusionTolerance)),
                t < dist * (1 - Self.occlusionTolerance)
            {
                continue
            }
            out.append(i)
        }
        return out
    }

    /// One frame's feature points seen from the true pose, world coordinates.
    public func render(worldFromCamera: RigidTransform, frameNumber: Int, timestamp: Double, seed: UInt64)
        -> FeaturePointFrame
    {
        let c = configuration
        var g = FrameSeed.generator(seed: seed, frameNumber: frameNumber, stream: .features)
        let eye = worldFromCamera.translation
        var ids: [UInt64] = []
        var positions: [SIMD3<Float>] = []
        for i in visibleLandmarks(worldFromCamera: worldFromCamera) {
            guard Double.random(in: 0..<1, using: &g) < c.featureDetectionProbability else { continue }
            let p = landmarks[i].position
            let dist = p.distance(to: eye)
            let r = (p - eye) / dist
            let a = r.anyPerpendicular
            let b = r.cross(a)
            var along = Float(g.nextGaussian()) * c.featureAlongRayNoisePerMetre * dist
            let across1 = Float(g.nextGaussian()) * c.featureAcrossRayNoisePerMetre * dist
            let across2 = Float(g.nextGaussian()) * c.featureAcrossRayNoisePerMetre * dist
            if c.featureMismatchProbability > 0, Double.random(in: 0..<1, using: &g) < c.featureMismatchProbability {
                along = (Float.random(in: c.featureMismatchDepthRange, using: &g) - 1) * dist
            }
            ids.append(landmarks[i].identifier)
            positions.append(p + r * along + a * across1 + b * across2)
        }
        // Spurious points: fresh identifiers, random pixels, random depths.
        let f = c.spuriousFeatureFraction
        let expected = Double(ids.count) * f / (1 - f)
        var spurious = Int(expected.rounded(.down))
        if Double.random(in: 0..<1, using: &g) < expected - Double(spurious) { spurious += 1 }
        let k = c.cameraIntrinsics
        for j in 0..<spurious {
            let u = Float.random(in: 0..<Float(k.width), using: &g)
            let v = Float.random(in: 0..<Float(k.height), using: &g)
            let depth = Float.random(in: 0.3...c.featureMaximumRange, using: &g)
            ids.append(Self.spuriousIdentifierBit | UInt64(frameNumber) << 16 | UInt64(j & 0xFFFF))
            positions.append(worldFromCamera.apply(to: k.unproject(u: u, v: v, depth: depth)))
        }
        // Report in random order, capped.
        var order = Array(0..<ids.count)
        order.shuffle(using: &g)
        if order.count > c.maximumFeaturesPerFrame { order.removeLast(order.count - c.maximumFeaturesPerFrame) }
        return FeaturePointFrame(
            frameNumber: frameNumber, timestamp: timestamp, identifiers: order.map { ids[$0] },
            positions: order.map { positions[$0] })
    }
}
