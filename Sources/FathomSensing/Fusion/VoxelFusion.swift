import FathomCore

/// Accumulates world-space point clouds, frame after frame, into one cloud on a voxel grid: one point
/// per occupied voxel, the mean of the samples that fell in it, with their mean colour, their highest
/// confidence and the last frame that saw it.
///
/// Storage is struct-of-arrays, each packed for one memory access per point: mean position with the
/// sample count, colour sum (0…255 units) with the colour sample count, last-seen frame with the
/// maximum confidence, and the key, indexed through 4×4×4-voxel blocks found by an open-addressing
/// hash table from packed block keys (`VoxelKey`, `VoxelBlockIndex`). Memory is bounded by
/// `configuration.pointBudget`: after a fuse that leaves more
/// voxels than the budget, the oldest voxels (or the least confident, then oldest; see
/// `VoxelFusionConfiguration.EvictionPolicy`) are evicted down to `budget · (1 − evictionSlack)`.
/// Eviction is O(voxels) and, thanks to the slack, rare.
///
/// A value type: copying shares storage until one copy is mutated.
public struct VoxelFusion: Sendable {
    /// Grid size, budget and eviction policy.
    public let configuration: VoxelFusionConfiguration
    private var table = VoxelBlockIndex()
    private(set) var keys: [UInt64] = []
    /// Per voxel: running mean position (x, y, z) and sample count (w).
    private var means: [SIMD4<Float>] = []
    /// Per voxel: colour sums in 0…255 units (x, y, z) and colour sample count (w).
    private var colorSums: [SIMD4<Float>] = []
    /// Per voxel: last-seen frame and highest confidence.
    private var stamps: [VoxelStamp] = []
    /// Per point of the cloud being fused: its voxel key, then its voxel index (reused between calls).
    private var scratchKeys: [UInt64] = []
    private var scratchSlots: [Int32] = []
    /// Whether any fused cloud carried colours.
    public private(set) var hasColors = false
    /// Voxels evicted so far to stay within the budget.
    public private(set) var evictedCount = 0
    /// Points ignored so far because a coordinate was not finite or beyond the grid's ±10 km range.
    public private(set) var rejectedCount = 0

    /// Creates an empty grid.
    public init(configuration: VoxelFusionConfiguration = VoxelFusionConfiguration()) {
        self.configuration = configuration
    }

    /// The number of occupied voxels (points).
    public var count: Int { keys.count }
}

extension VoxelFusion {
    /// Adds a world-space cloud seen at frame `frameNumber`. Colours and confidences are used when the
    /// cloud has them (a missing confidence counts as low).
    /// - Complexity: O(points) amortised; an eviction adds O(voxels) when the budget is exceeded.
    public mutating func fuse(_ cloud: PointCloud, frameNumber: Int) {
        let n = cloud.count
        guard n > 0 else { return }
        let hasColor = cloud.hasColors, hasConf = cloud.hasConfidences
        if hasColor { hasColors = true }
        let frame = Int32(clamping: frameNumber)
        let invSize = 1 / configuration.voxelSize
        let limit = Float(VoxelKey.coordinateLimit)
        let oldCount = keys.count
        // Pass 1: the key of every point (UInt64.max for rejected ones), then their voxels, inserting
        // new keys.
        // Scratch buffers are kept between calls (no allocation per frame once grown).
        if scratchKeys.count < n {
            scratchKeys = [UInt64](repeating: .max, count: n)
            scratchSlots = [Int32](repeating: -1, count: n)
        }
        cloud.positions.withUnsafeBufferPointer { pos in
            scratchKeys.withUnsafeMutableBufferPointer { out in
                for i in 0..<n {
                    let g = pos[i] * invSize
                    // Also catches NaN and infinities.
                    guard g.x.magnitude < limit, g.y.magnitude < limit, g.z.magnitude < limit else {
                        out[i] = .max
                        continue
                    }
                    out[i] = VoxelKey.pack(Self.floor(g.x), Self.floor(g.y), Self.floor(g.z))
                }
            }
        }
        scratchKeys.withUnsafeBufferPointer { k in
            scratchSlots.withUnsafeMutableBufferPointer { out in
                table.resolve(UnsafeBufferPointer(rebasing: k[0..<n]), firstNewIndex: Int32(oldCount),
                              into: UnsafeMutableBufferPointer(rebasing: out[0..<n]), newKeys: &keys)
            }
        }
        // New voxels start empty; pass 2 accumulates every point into its voxel.
        let added = keys.count - oldCount
        if added > 0 {
            means.append(contentsOf: repeatElement(.zero, count: added))
            colorSums.append(contentsOf: repeatElement(.zero, count: added))
            stamps.append(contentsOf: repeatElement(VoxelStamp(lastSeen: frame, maxConfidence: 0), count: added))
        }
        var rejected = 0
        scratchSlots.withUnsafeBufferPointer { slots in
        cloud.positions.withUnsafeBufferPointer { pos in
        cloud.colors.withUnsafeBufferPointer { col in
        cloud.confidences.withUnsafeBufferPointer { conf in
        means.withUnsafeMutableBufferPointer { means in
        stamps.withUnsafeMutableBufferPointer { stamps in
        colorSums.withUnsafeMutableBufferPointer { colorSums in
            for i in 0..<n {
                let s = Int(slots[i])
                guard s >= 0 else { rejected += 1; continue }
                var m = means[s]
                let p = pos[i]
                m.w += 1
                m += (SIMD4(p.x, p.y, p.z, m.w) - m) * (1 / m.w)   // w: (k − k)/k = 0, stays k
                means[s] = m
                let c: UInt8 = hasConf ? conf[i] : 0
                stamps[s] = VoxelStamp(lastSeen: frame, maxConfidence: max(c, stamps[s].maxConfidence))
                if hasColor {
                    let rgb = col[i]
                    colorSums[s] += SIMD4(Float(rgb.r), Float(rgb.g), Float(rgb.b), 1)
                }
            }
        } } } } } } }
        rejectedCount += rejected
        if keys.count > configuration.pointBudget { evict() }
    }

    /// The fused cloud: one point per voxel (the mean of its samples), with the highest confidence
    /// seen, and the mean colour when any fused cloud had colours (voxels that never received a
    /// colour are black).
    /// - Parameter minimumSampleCount: voxels with fewer samples are left out. Voxels seen once hold
    ///   a single unaveraged sample, often an isolated noisy one (grazing view, depth edge); 2 keeps
    ///   only corroborated points. Default 1 (every voxel).
    public func pointCloud(minimumSampleCount: Int = 1) -> PointCloud {
        let threshold = Float(minimumSampleCount)
        let keep = minimumSampleCount <= 1 ? Array(0..<count) : (0..<count).filter { means[$0].w >= threshold }
        var colors: [RGB8] = []
        if hasColors {
            colors = keep.map { i in
                let c = colorSums[i]
                return c.w > 0 ? RGB8(quantizing: SIMD3(c.x, c.y, c.z) / (255 * c.w)) : .black
            }
        }
        return PointCloud(unchecked: keep.map { SIMD3(means[$0].x, means[$0].y, means[$0].z) }, colors: colors,
                          confidences: keep.map { stamps[$0].maxConfidence })
    }

    /// The number of samples fused into each voxel, in `pointCloud()` order (built on each call, O(voxels)).
    public var sampleCounts: [UInt32] { means.map { UInt32($0.w) } }

    /// The last frame that saw each voxel, in `pointCloud()` order (built on each call, O(voxels)).
    public var lastSeenFrames: [Int32] { stamps.map(\.lastSeen) }

    /// Removes every voxel (counters of evicted and rejected points are kept).
    public mutating func removeAll() {
        keys.removeAll(); means.removeAll(); colorSums.removeAll(); stamps.removeAll()
        table = VoxelBlockIndex()
        hasColors = false
    }

    /// ⌊x⌋ for |x| < 2²⁰ without a libm call or a branch.
    @inline(__always)
    static func floor(_ x: Float) -> Int32 {
        // Shifting by 2²⁰ makes the value positive, where truncation is ⌊·⌋; Double keeps the fraction.
        Int32(truncatingIfNeeded: Int64(Double(x) + 1_048_576)) &- 1_048_576
    }

    /// The most distinct ages the eviction histogram tells apart, frames.
    static let maximumAgeRange = 1 << 20

    /// Evicts voxels down to the budget less the slack: a counting selection on the eviction rank
    /// (age, or confidence then age), then compaction and a table rebuild.
    private mutating func evict() {
        let target = Int(Float(configuration.pointBudget) * (1 - configuration.evictionSlack))
        let removeCount = count - target
        guard removeCount > 0 else { return }
        let minSeen = stamps.lazy.map(\.lastSeen).min() ?? 0, maxSeen = stamps.lazy.map(\.lastSeen).max() ?? 0
        // Ages beyond `maximumAgeRange` frames share the oldest bucket (bounded histogram).
        let ageRange = min(Self.maximumAgeRange, Int(maxSeen) - Int(minSeen) + 1)
        let newest = Int(maxSeen)
        let byConfidence = configuration.eviction == .leastConfident
        // Rank: smaller goes first.
        @inline(__always) func rank(_ i: Int) -> Int {
            let age = ageRange - 1 - min(ageRange - 1, newest - Int(stamps[i].lastSeen))
            return byConfidence ? min(Int(stamps[i].maxConfidence), 3) * ageRange + age : age
        }
        let rankCount = byConfidence ? ageRange * 4 : ageRange
        var histogram = [Int](repeating: 0, count: rankCount)
        for i in 0..<count { histogram[rank(i)] += 1 }
        var threshold = 0, below = 0
        while below + histogram[threshold] < removeCount {
            below += histogram[threshold]
            threshold += 1
        }
        var atThresholdToRemove = removeCount - below
        var w = 0
        for i in 0..<count {
            let r = rank(i)
            if r < threshold { continue }
            if r == threshold && atThresholdToRemove > 0 {
                atThresholdToRemove -= 1
                continue
            }
            keys[w] = keys[i]; means[w] = means[i]; colorSums[w] = colorSums[i]; stamps[w] = stamps[i]
            w += 1
        }
        let removed = count - w
        keys.removeLast(removed); means.removeLast(removed); colorSums.removeLast(removed)
        stamps.removeLast(removed)
        evictedCount += removed
        table.rebuild(keys: keys)
    }
}
