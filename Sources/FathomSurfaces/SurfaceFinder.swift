import FathomCore

/// Finds planes, spheres, cylinders, cones and tori in one point cloud from seeds (an open
/// FindSurface).
///
/// Build one finder per cloud: it holds the positions and a spatial index, built once. `find(_:)`
/// then answers any number of searches; it only reads the finder, so several threads may search the
/// same finder at once.
///
/// ```swift
/// let finder = try SurfaceFinder(cloud: cloud)
/// let result = try finder.find(SurfaceSearch(type: .cylinder, seed: .index(3437),
///                                           seedRadius: 0.08, accuracy: 0.01))
/// if case let .found(.cylinder(c)) = result { print(c.radius) }
/// ```
public struct SurfaceFinder: Sendable {
    /// The cloud's positions, metres.
    public let positions: [SIMD3<Float>]
    /// The spatial index over `positions`.
    public let index: SpatialIndex
    /// The mean nearest-neighbour distance of the cloud, metres, used when a search gives none.
    public let estimatedMeanDistance: Float
    /// Whether the answers are independent of the order of the cloud's points: the index keeps its
    /// cells in coordinate order (`CoordinateOrderedIndex`), so floods and seed balls follow the
    /// points' coordinates; random draws are seeded from the seed's coordinates, not its index; and
    /// samples of a region are chosen by the hash of the points' coordinates
    /// (`OrderFreeSampling.hashed`), not evenly through a list of indices. The same points in any
    /// order then give the same surface and inliers (mapped along). Off by default: see
    /// docs/surface-finder.md, tenth pass, for what it costs and changes.
    public let orderFree: Bool

    /// Builds the finder (and its spatial index) for a cloud.
    /// - Parameter cellSize: the index's cell edge, metres; `nil` chooses one from the cloud's extent.
    /// - Throws: `SurfaceFinderError.emptyCloud` when the cloud has no finite point.
    public init(cloud: PointCloud, cellSize: Float? = nil) throws {
        try self.init(positions: cloud.positions, cellSize: cellSize, orderFree: false)
    }

    /// Builds the finder (and its spatial index) for a cloud.
    /// - Parameters:
    ///   - cellSize: the index's cell edge, metres; `nil` chooses one from the cloud's extent.
    ///   - orderFree: whether every search's answer is made independent of the order of the cloud's
    ///     points (`orderFree`).
    /// - Throws: `SurfaceFinderError.emptyCloud` when the cloud has no finite point.
    public init(cloud: PointCloud, cellSize: Float? = nil, orderFree: Bool) throws {
        try self.init(positions: cloud.positions, cellSize: cellSize, orderFree: orderFree)
    }

    /// Builds the finder (and its spatial index) for positions, metres.
    /// - Throws: `SurfaceFinderError.emptyCloud` when there is no finite point.
    public init(positions: [SIMD3<Float>], cellSize: Float? = nil) throws {
        try self.init(positions: positions, cellSize: cellSize, orderFree: false)
    }

    /// Builds the finder (and its spatial index) for positions, metres.
    /// - Throws: `SurfaceFinderError.emptyCloud` when there is no finite point.
    /// - Parameter orderFree: whether every search's answer is made independent of the order of the
    ///   cloud's points (`orderFree`).
    public init(positions: [SIMD3<Float>], cellSize: Float? = nil, orderFree: Bool) throws {
        guard positions.contains(where: \.isFinite) else { throw SurfaceFinderError.emptyCloud }
        self.positions = positions
        self.orderFree = orderFree
        // Order-free: cells in coordinate order, so the searches' floods and samples follow the
        // points' coordinates, not their order in the cloud (the same answer for any permutation).
        let index = orderFree
            ? CoordinateOrderedIndex.build(positions: positions, cellSize: cellSize, cellsPerPoint: Self.indexCellsPerPoint)
            : SpatialIndex(positions: positions, cellSize: cellSize, cellsPerPoint: Self.indexCellsPerPoint)
        self.index = index
        estimatedMeanDistance = Self.meanSpacing(positions, index: index, orderFree: orderFree)
    }

    /// Cells per point of the finder's index: the finest the index allows, because searches make
    /// many small queries (a grown point's neighbourhood spans a few point spacings): 10–15% faster
    /// searches than one cell per point, for a build about 1.5× as long.
    static let indexCellsPerPoint: Float = 4

    /// The number of points.
    public var pointCount: Int { positions.count }

    /// The index of the cloud point a seed designates.
    /// - Throws: `SurfaceFinderError` when the index is out of range or the point is not finite.
    public func seedIndex(for seed: SurfaceSeed) throws -> Int {
        switch seed {
        case let .index(i):
            guard i >= 0, i < positions.count else {
                throw SurfaceFinderError.seedIndexOutOfRange(index: i, count: positions.count)
            }
            guard positions[i].isFinite else { throw SurfaceFinderError.nonFiniteSeed }
            return i
        case let .point(p):
            guard p.isFinite, let nearest = index.nearest(to: p) else { throw SurfaceFinderError.nonFiniteSeed }
            return nearest.index
        }
    }

    /// Samples used to estimate the mean spacing.
    static let spacingSamples = 256

    /// The mean nearest-neighbour distance over evenly spaced sample points: through the index's cell
    /// order when order-free (the same for any permutation of the cloud), else through the cloud's
    /// order (1 when undefined).
    static func meanSpacing(_ positions: [SIMD3<Float>], index: SpatialIndex, orderFree: Bool) -> Float {
        var sum = 0.0, n = 0
        let step = max(1, positions.count / spacingSamples)
        let samples = orderFree ? CoordinateOrderedIndex.evenlySpaced(index, count: spacingSamples)
            : stride(from: 0, to: positions.count, by: step).filter { positions[$0].isFinite }
        for i in samples {
            if let d = index.nearest(to: positions[i], excluding: i), d.distance > 0 {
                sum += Double(d.distance)
                n += 1
            }
        }
        return n > 0 ? Float(sum / Double(n)) : 1
    }
}
