import FathomCore
import Foundation

extension RelocalizationScenario {
    /// Dense fused clouds of the two sessions, as LiDAR fusion leaves them: `pointsPerSide` points
    /// sampled uniformly over the surfaces of each session's room with Gaussian noise `noise` (metres,
    /// per axis), the map's from one end of the room to `overlapEnd` of its longer side and the
    /// session's from `1 − overlapEnd` to the other end (so the two share `2·overlapEnd − 1` of the
    /// room), each in its own world frame (the session's moved by `newWorldFromMapWorld`).
    /// - Parameters:
    ///   - pointsPerSide: points in each cloud (e.g. 500,000 for a fused iPhone LiDAR room).
    ///   - noise: per-axis noise σ, metres (default 0.005).
    ///   - overlapEnd: where the map's part ends along the room's longer side, 0.5…1 (default 0.7).
    ///   - seed: draws the samples (the two clouds never share a sample).
    /// - Throws: `SceneValidationError` if a room cannot be built (never for generated scenarios).
    public func denseClouds(pointsPerSide: Int, noise: Float = 0.005, overlapEnd: Float = 0.7, seed: UInt64)
        throws -> (map: PointCloud, session: PointCloud)
    {
        let mapRoom = try SimulatedScene(mapScene)
        let sessionRoom = isWrongRoom ? try SimulatedScene(sessionScene) : mapRoom
        var g = SeededGenerator(seed: seed)
        let map = Self.denseSample(mapRoom, count: pointsPerSide, noise: noise, keep: 0...overlapEnd, using: &g)
        let session = Self.denseSample(sessionRoom, count: pointsPerSide, noise: noise, keep: (1 - overlapEnd)...1, using: &g)
        return (PointCloud(unchecked: map), PointCloud(unchecked: session.map(newWorldFromMapWorld.apply(to:))))
    }

    /// `count` noisy points on the surfaces of `scene` (area-weighted) whose position along the bounds'
    /// longer horizontal side, as a fraction, lies in `keep`.
    static func denseSample(
        _ scene: SimulatedScene, count: Int, noise: Float, keep: ClosedRange<Float>, using g: inout SeededGenerator
    ) -> [SIMD3<Float>] {
        let b = scene.bounds
        let size = b.max - b.min
        let axis = size.x >= size.z ? 0 : 2
        let lo = b.min[axis], span = max(size[axis], 1e-6)
        var cumulative: [Float] = []
        var total: Float = 0
        for s in scene.surfaces {
            total += s.area
            cumulative.append(total)
        }
        var out: [SIMD3<Float>] = []
        out.reserveCapacity(count)
        var attempts = 0
        while out.count < count && attempts < count * 20 {
            attempts += 1
            let u = Float.random(in: 0..<total, using: &g)
            var k = 0, hi = cumulative.count - 1
            while k < hi {
                let mid = (k + hi) / 2
                if cumulative[mid] < u { k = mid + 1 } else { hi = mid }
            }
            let (p, _) = scene.samplePoint(onSurface: scene.surfaces[k].id, using: &g)
            guard keep.contains((p[axis] - lo) / span) else { continue }
            let e = SIMD3<Float>(Float(g.nextGaussian()), Float(g.nextGaussian()), Float(g.nextGaussian())) * noise
            out.append(p + e)
        }
        return out
    }
}
