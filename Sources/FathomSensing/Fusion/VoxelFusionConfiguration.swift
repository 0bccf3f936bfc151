/// Settings of `VoxelFusion`.
public struct VoxelFusionConfiguration: Sendable, Hashable {
    /// Which voxels make room when the point budget is exceeded.
    public enum EvictionPolicy: String, Sendable, Hashable, CaseIterable {
        /// Voxels last seen longest ago go first.
        case oldest
        /// Voxels of the lowest confidence go first; among equals, the oldest.
        case leastConfident
    }

    /// Edge of a voxel, metres. Default 0.01 m.
    public var voxelSize: Float
    /// The most voxels (points) kept. Default 2,000,000 (about 80 MB of accumulators).
    public var pointBudget: Int
    /// Which voxels are evicted. Default `.oldest`.
    public var eviction: EvictionPolicy
    /// When the budget is exceeded, voxels are evicted down to `pointBudget · (1 − evictionSlack)` so
    /// that eviction (O(voxels)) runs rarely. Default 0.1.
    public var evictionSlack: Float

    /// Creates a configuration; the voxel size must be positive and finite (else 0.01 m), the budget is
    /// clamped to ≥ 1 and the slack to 0…0.9.
    public init(voxelSize: Float = 0.01, pointBudget: Int = 2_000_000, eviction: EvictionPolicy = .oldest,
                evictionSlack: Float = 0.1) {
        self.voxelSize = voxelSize.isFinite && voxelSize > 0 ? voxelSize : 0.01
        self.pointBudget = max(1, pointBudget)
        self.eviction = eviction
        self.evictionSlack = evictionSlack.isFinite ? max(0, min(0.9, evictionSlack)) : 0.1
    }
}
