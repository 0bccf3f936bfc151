/// Sums points per voxel of a regular grid: an open-addressing hash table keyed by the voxel's
/// integer coordinates (a multiplicative hash, linear probing), several times faster than a
/// `Dictionary` on the hundreds of thousands of points of a dense cloud.
struct VoxelAccumulator {
    /// The voxel edge's inverse, 1 / metres.
    let inverseEdge: Float
    /// Occupied voxels' coordinates, in order of first occupation.
    private(set) var keys: [SIMD3<Int32>] = []
    /// Per occupied voxel, the sum of its points (weighted) and their total weight.
    private(set) var sums: [SIMD3<Double>] = []
    private(set) var weights: [Int] = []
    /// Slot → index into `keys` + 1 (0: empty).
    private var slots: [Int32]
    private var mask: Int

    /// Voxel coordinates beyond this magnitude are not accumulated (points absurdly far away).
    static let coordinateLimit: Float = 1e9

    /// An empty accumulator for voxels of edge `edge` (metres, positive), sized for about `capacity` voxels.
    init(edge: Float, capacity: Int) {
        inverseEdge = 1 / edge
        var size = 1024
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
    }

    /// Adds `p` with `weight` to its voxel (non-finite points are ignored).
    mutating func add(_ p: SIMD3<Float>, weight: Int = 1) {
        guard p.isFinite else { return }
        let q = (p * inverseEdge).rounded(.down)
        guard abs(q.x) < Self.coordinateLimit, abs(q.y) < Self.coordinateLimit, abs(q.z) < Self.coordinateLimit else { return }
        let key = SIMD3<Int32>(Int32(q.x), Int32(q.y), Int32(q.z))
        var h = Self.hash(key) & mask
        while true {
            let s = Int(slots[h])
            if s == 0 {
                keys.append(key)
                sums.append(SIMD3<Double>(p) * Double(weight))
                weights.append(weight)
                slots[h] = Int32(keys.count)
                if keys.count * 2 > slots.count { grow() }
                return
            }
            if keys[s - 1] == key {
                sums[s - 1] += SIMD3<Double>(p) * Double(weight)
                weights[s - 1] += weight
                return
            }
            h = (h + 1) & mask
        }
    }

    /// The weighted centroid of every occupied voxel, in order of first occupation.
    var centroids: [SIMD3<Float>] {
        zip(sums, weights).map { SIMD3<Float>($0 / Double($1)) }
    }

    /// A well-mixed hash of voxel coordinates (multiplications by odd 64-bit constants).
    @inline(__always)
    private static func hash(_ key: SIMD3<Int32>) -> Int {
        let x = UInt64(UInt32(bitPattern: key.x)) &* 0x9E37_79B9_7F4A_7C15
        let y = UInt64(UInt32(bitPattern: key.y)) &* 0xC2B2_AE3D_27D4_EB4F
        let z = UInt64(UInt32(bitPattern: key.z)) &* 0x1656_67B1_9E37_79F9
        let h = x ^ y ^ z
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    /// Doubles the table and re-inserts every occupied voxel.
    private mutating func grow() {
        let size = slots.count * 2
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
        for (i, key) in keys.enumerated() {
            var h = Self.hash(key) & mask
            while slots[h] != 0 { h = (h + 1) & mask }
            slots[h] = Int32(i + 1)
        }
    }
}
