import FathomCore
import FathomSimulator

/// A fused LiDAR-like cloud of one object of a simulated scene and its surroundings: rays cast from a
/// few viewpoints, each hit moved along its ray by the simulator's depth noise (σ = (base + per-metre ·
/// depth) / max(cos θ, floor)), then averaged in voxels as depth fusion does. Partial views, touching
/// surfaces (floor, table, wall) and the voxel grid's regularity are all there.
struct SimulatedLidarCloud {
    /// The averaged positions, world metres.
    var positions: [SIMD3<Float>] = []
    /// The scene surface (`SurfaceTruth.id`) most of each point's samples came from.
    var surfaceIDs: [Int] = []

    /// Voxel edge, metres (the demo fuses at 1 cm).
    static let voxelSize: Float = 0.01
    /// Ray spacing at the target, metres.
    static let raySpacing: Float = 0.005

    /// Casts rays from each of `viewpoints` towards `target`, covering `halfWidth` metres around it.
    init(scene: SimulatedScene, target: SIMD3<Float>, halfWidth: Float, viewpoints: [SIMD3<Float>],
         sensors: SensorConfiguration = SensorConfiguration(), seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        struct Voxel {
            var sum = SIMD3<Double>.zero
            var count = 0
            var votes: [Int: Int] = [:]
        }
        var voxels: [SIMD3<Int32>: Voxel] = [:]
        for eye in viewpoints {
            guard let forward = (target - eye).normalized,
                let right = forward.cross(SIMD3(0, 1, 0)).normalized
            else { continue }
            let up = right.cross(forward)
            let distance = target.distance(to: eye)
            let steps = Int((halfWidth / Self.raySpacing).rounded())
            for i in -steps...steps {
                for j in -steps...steps {
                    let aim = target + right * (Float(i) * Self.raySpacing) + up * (Float(j) * Self.raySpacing)
                    guard let ray = Ray(origin: eye, direction: aim - eye),
                        let hit = scene.raycast(ray, maxDistance: 2 * distance)
                    else { continue }
                    let cosine = abs(hit.normal.dot(ray.direction))
                    let sigma = sensors.depthNoiseSigma(depth: hit.distance, cosine: cosine)
                    let p = ray.origin + ray.direction * (hit.distance + Float(generator.nextGaussian()) * sigma)
                    let key = SIMD3<Int32>(p / Self.voxelSize, rounding: .down)
                    voxels[key, default: Voxel()].sum += SIMD3<Double>(p)
                    voxels[key, default: Voxel()].count += 1
                    voxels[key, default: Voxel()].votes[hit.surfaceID, default: 0] += 1
                }
            }
        }
        for key in voxels.keys.sorted(by: { ($0.x, $0.y, $0.z) < ($1.x, $1.y, $1.z) }) {
            let v = voxels[key]!
            positions.append(SIMD3<Float>(v.sum / Double(v.count)))
            surfaceIDs.append(v.votes.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key)
        }
    }
}
