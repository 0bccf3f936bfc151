import FathomCore
import FathomSensing
import Foundation

/// Builds a `WorldMap` from a session's frames, as ARKit gathers its world map while tracking.
///
/// Feed every frame to `add(_:)`: its raw feature points go to a `FeaturePointAccumulator` (one
/// filtered position per feature identifier), and the camera position is remembered per feature (to
/// orient normals). `worldMap(anchors:createdAt:)` then keeps the features seen in at least
/// `minimumObservationCount` frames, thins them to one per voxel (the most observed) so that at most
/// `maximumPointCount` remain, and estimates normals from each kept point's neighbours among all
/// filtered features (a plane fit, oriented towards the camera that last saw the point).
///
/// - Complexity: `add` is O(points of the frame); `worldMap` is O(features · normalNeighbourCount).
public struct WorldMapBuilder: Sendable {
    /// Observation filter, thinning and normal estimation.
    public let configuration: WorldMapBuilderConfiguration
    private var accumulator: FeaturePointAccumulator
    /// Per feature identifier, the camera centre of the last frame that saw it, metres.
    private var lastCameraPositions: [UInt64: SIMD3<Float>] = [:]
    /// Frames given to `add`.
    public private(set) var frameCount = 0
    /// Frames whose feature points were used.
    public private(set) var usedFrameCount = 0
    /// Frames skipped for tracking that was not normal or an invalid pose (when required).
    public private(set) var skippedFrameCount = 0

    /// Creates an empty builder.
    public init(configuration: WorldMapBuilderConfiguration = WorldMapBuilderConfiguration()) {
        self.configuration = configuration
        accumulator = FeaturePointAccumulator(configuration: configuration.accumulator)
    }

    /// The number of distinct features collected so far (before filtering and thinning).
    public var featureCount: Int { accumulator.featureCount }
}

extension WorldMapBuilder {
    /// Adds one frame's feature points (frames without any only count).
    /// - Returns: whether the frame's feature points were used.
    @discardableResult
    public mutating func add(_ frame: SensorFrame) -> Bool {
        frameCount += 1
        let pose = frame.camera.worldFromCamera
        if configuration.requiresNormalTracking, !frame.camera.trackingState.isNormal || pose == nil {
            skippedFrameCount += 1
            return false
        }
        guard let features = frame.features, !features.positions.isEmpty else { return false }
        accumulator.accumulate(features, cameraPosition: pose?.translation)
        if let eye = pose?.translation {
            for id in features.identifiers { lastCameraPositions[id] = eye }
            if lastCameraPositions.count > 2 * max(accumulator.featureCount, configuration.accumulator.maximumFeatureCount / 2) {
                // Forget the features the accumulator has forgotten (bounded memory in long sessions).
                lastCameraPositions = lastCameraPositions.filter { accumulator.filteredPosition(of: $0.key) != nil }
            }
        }
        usedFrameCount += 1
        return true
    }

    /// The map so far: thinned, filtered feature points (with identifiers, and normals when enabled),
    /// their extent, and `anchors`.
    public func worldMap(anchors: [Anchor] = [], createdAt: Date = Date()) -> WorldMap {
        WorldMap(points: mapPoints(), anchors: anchors, createdAt: createdAt)
    }

    /// The map's points: see the type's description.
    public func mapPoints() -> PointCloud {
        let all = accumulator.filteredPoints()
        // Features observed often enough, with their observation counts.
        var candidates: [Int] = [], observations: [Int] = []
        for i in 0..<all.count {
            let n = accumulator.samples(of: all.identifiers[i]).count
            if n >= configuration.minimumObservationCount, all.positions[i].isFinite {
                candidates.append(i)
                observations.append(n)
            }
        }
        let kept = thinned(positions: all.positions, candidates: candidates, observations: observations)
        var cloud = all.selecting(kept)
        guard configuration.estimatesNormals, !cloud.isEmpty else { return cloud }
        let neighbourhood = candidates.map { all.positions[$0] }
        let index = SpatialIndex(positions: neighbourhood)
        var scratch = NormalScratch()
        cloud.normals = zip(cloud.positions, cloud.identifiers).map { p, id in
            normal(at: p, eye: lastCameraPositions[id], index: index, positions: neighbourhood, scratch: &scratch)
        }
        return cloud
    }

    /// Voxel coordinates are clamped to this (far-away points share the border voxels instead of trapping).
    private static let cellLimit = SIMD3<Float>(repeating: 1e9)

    /// Indices (into `positions`) of one candidate per voxel, the most observed (earliest on ties), in
    /// first-seen order; the voxel grows until at most `maximumPointCount` remain. Voxels are counted
    /// from the candidates' lowest corner, so once a voxel spans their extent a single point remains.
    private func thinned(positions: [SIMD3<Float>], candidates: [Int], observations: [Int]) -> [Int] {
        guard let origin = BoundingBox(points: candidates.map { positions[$0] })?.min else { return [] }
        var voxel = configuration.voxelSize
        while voxel.isFinite {
            var best: [SIMD3<Int32>: Int] = [:]
            best.reserveCapacity(candidates.count)
            for (k, i) in candidates.enumerated() {
                let cell = ((positions[i] - origin) / voxel).rounded(.down)
                let key = SIMD3<Int32>(pointwiseMax(pointwiseMin(cell, Self.cellLimit), .zero))
                if let other = best[key], observations[other] >= observations[k] { continue }
                best[key] = k
            }
            if best.count <= configuration.maximumPointCount {
                return best.values.sorted().map { candidates[$0] }
            }
            voxel *= WorldMapBuilderConfiguration.voxelGrowthFactor
        }
        // Only for extents near Float's range: keep the most observed.
        let order = candidates.indices.sorted { observations[$0] > observations[$1] || (observations[$0] == observations[$1] && $0 < $1) }
        return order.prefix(configuration.maximumPointCount).sorted().map { candidates[$0] }
    }

    /// Buffers reused across normal estimates (no allocation per point once grown).
    private struct NormalScratch {
        var found: [(index: Int32, squaredDistance: Float)] = []
        var points: [SIMD3<Float>] = []
    }

    /// The plane normal of `p`'s `normalNeighbourCount` nearest neighbours within `normalRadius`, facing
    /// `eye`; the direction to `eye` when there are too few or they are degenerate; +y when nothing is known.
    private func normal(
        at p: SIMD3<Float>, eye: SIMD3<Float>?, index: SpatialIndex, positions: [SIMD3<Float>],
        scratch: inout NormalScratch
    ) -> SIMD3<Float> {
        let towardsEye = eye.flatMap { ($0 - p).normalized }
        scratch.found.removeAll(keepingCapacity: true)
        index.forEachNeighbor(of: p, radius: configuration.normalRadius) { i, d2 in
            scratch.found.append((Int32(i), d2))
        }
        if scratch.found.count > configuration.normalNeighbourCount {
            scratch.found.sort { $0.squaredDistance < $1.squaredDistance || ($0.squaredDistance == $1.squaredDistance && $0.index < $1.index) }
            scratch.found.removeLast(scratch.found.count - configuration.normalNeighbourCount)
        }
        scratch.points.removeAll(keepingCapacity: true)
        for f in scratch.found { scratch.points.append(positions[Int(f.index)]) }
        guard scratch.points.count >= configuration.minimumNormalNeighbourCount,
            let n = PlaneNormal.normal(of: scratch.points)
        else { return towardsEye ?? SIMD3(0, 1, 0) }
        if let towardsEye { return n.dot(towardsEye) < 0 ? -n : n }
        return n
    }
}
