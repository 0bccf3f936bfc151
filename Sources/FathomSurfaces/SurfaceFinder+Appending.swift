import FathomCore

extension SurfaceFinder {
    /// The finder over these positions followed by `newPositions` (metres; their indices continue
    /// from `pointCount`), with the spatial index updated incrementally
    /// (`SpatialIndex.appending(_:)`; `CoordinateOrderedIndex.appending(_:_:)` when order-free)
    /// instead of rebuilt: for a fused cloud that grows frame by frame.
    /// The mean spacing is estimated again from the grown cloud.
    /// - Complexity: O(n) memory traffic for n points (one copy of the index's arrays, the positions
    ///   shared with the index), no re-sort of the indexed points while the grid's geometry still fits.
    public func appending(_ newPositions: [SIMD3<Float>]) -> SurfaceFinder {
        guard !newPositions.isEmpty else { return self }
        let index = orderFree ? CoordinateOrderedIndex.appending(index, newPositions) : index.appending(newPositions)
        // The grown index already holds the grown cloud: share its array instead of copying it again.
        let all = index.positions
        return SurfaceFinder(positions: all, index: index, estimatedMeanDistance: Self.meanSpacing(all, index: index, orderFree: orderFree),
                             orderFree: orderFree)
    }

    /// A finder from its parts.
    init(positions: [SIMD3<Float>], index: SpatialIndex, estimatedMeanDistance: Float, orderFree: Bool) {
        self.positions = positions
        self.orderFree = orderFree
        self.index = index
        self.estimatedMeanDistance = estimatedMeanDistance
    }
}
