import Foundation
import FathomCore

/// A cloud prepared for registration: downsampled on a voxel grid, indexed, with normals and
/// descriptors. Prepare a fixed target (a saved map) once and register many sources against it.
///
/// Immutable and `Sendable`.
public struct RegistrationCloud: Sendable {
    /// The configuration it was prepared with (its mode, voxel size and radii).
    public let configuration: RegistrationConfiguration
    /// Downsampled positions (one centroid per occupied voxel), metres.
    public let positions: [SIMD3<Float>]
    /// Unit normals, one per position (PCA of the neighbours within `normalRadius`; sign arbitrary).
    public let normals: [SIMD3<Float>]
    /// Whether each normal comes from a clearly planar neighbourhood (ICP then uses the point-to-plane
    /// distance; otherwise the point-to-point distance).
    let isPlanar: [Bool]
    /// Per point, the neighbourhood's shape for the trust test's constraint measure.
    let shapes: [LocalShape]

    /// What a neighbourhood pins when a point is matched there.
    enum LocalShape: Sendable, Equatable {
        /// Too few neighbours to tell: nothing.
        case unknown
        /// A plane: the direction of its normal.
        case planar(SIMD3<Float>)
        /// Elongated (an edge, a thin cylinder): the directions across the given axis.
        case elongated(SIMD3<Float>)
        /// A corner or a blob: every direction.
        case isotropic
    }

    /// A neighbourhood is elongated when its largest eigenvalue exceeds the middle one this many times.
    static let elongationRatio: Double = 2.5
    /// Points with too few neighbours at `normalRadius` are described at this multiple of it.
    static let coarseRadiusFactor: Float = 3
    /// Index over `positions`.
    let index: SpatialIndex
    /// Nearest-point grid over `positions` (cells of `nearestGridEdgeFactor × inlierDistance`), for
    /// ICP and the verdict's inlier queries (`nearest(to:within:)`).
    let nearestGrid: NearestPointGrid
    /// The nearest-point grid's cell edge in inlier distances: a query within the inlier distance
    /// (the verdict's, ICP's last iterations) then reaches at most 2 cells along each axis.
    static let nearestGridEdgeFactor: Float = 2
    /// `descriptorWidth` lanes per point, concatenated.
    let descriptors: [SIMD16<Float>]
    /// Cells (edge `coverageRadius`) within one cell of a point: the mapped space.
    let coveredCells: Set<SIMD3<Int32>>
    /// Cells (edge `coverageRadius`) holding a point: the space the cloud saw, undilated (the trust
    /// verdict's fitness compares two clouds there; see `PointCloudRegistrar.sharedFitness`).
    let occupiedCells: Set<SIMD3<Int32>>

    /// SIMD16 vectors per descriptor (32 bins).
    static let descriptorWidth = 2
    /// A neighbourhood is planar when its smallest eigenvalue is below this fraction of the sum.
    static let planarityThreshold: Double = 0.05
    /// Normals need at least this many neighbours (the point included).
    static let minimumNormalNeighbours = 4

    /// Prepares `cloud` (non-finite points are dropped).
    public init(_ cloud: PointCloud, configuration: RegistrationConfiguration) {
        self.init(positions: cloud.positions, configuration: configuration)
    }

    /// Prepares raw positions, metres (non-finite points are dropped).
    public init(positions raw: [SIMD3<Float>], configuration: RegistrationConfiguration) {
        self.init(positions: raw, configuration: configuration, descriptorLimit: nil)
    }

    /// A cloud from prepared parts (restored from storage): the index and the mapped space are rebuilt.
    init(
        configuration: RegistrationConfiguration, positions points: [SIMD3<Float>], normals: [SIMD3<Float>], isPlanar: [Bool],
        shapes: [LocalShape], descriptors: [SIMD16<Float>]
    ) {
        self.configuration = configuration
        positions = points
        self.normals = normals
        self.isPlanar = isPlanar
        self.shapes = shapes
        self.descriptors = descriptors
        index = SpatialIndex(positions: points, cellSize: max(configuration.voxelSize, configuration.normalRadius / 2))
        nearestGrid = NearestPointGrid(positions: points, edge: configuration.inlierDistance * Self.nearestGridEdgeFactor)
        occupiedCells = Self.occupiedCells(points, edge: configuration.coverageRadius)
        coveredCells = Self.dilated(occupiedCells)
    }

    /// The given cells and their 26 neighbours each (of the occupied cells: the mapped space).
    /// - Complexity: O(27 × cells): dilating the occupied cells rather than each point's cell (a cell
    ///   holds many points) inserts each cell 27 times per cell instead of per point.
    static func dilated(_ occupied: Set<SIMD3<Int32>>) -> Set<SIMD3<Int32>> {
        var cells = Set<SIMD3<Int32>>(minimumCapacity: occupied.count * 8)
        for c in occupied {
            for dz: Int32 in -1...1 { for dy: Int32 in -1...1 { for dx: Int32 in -1...1 { cells.insert(c &+ SIMD3(dx, dy, dz)) } } }
        }
        return cells
    }

    /// Cells of edge `edge` holding a point.
    static func occupiedCells(_ points: [SIMD3<Float>], edge: Float) -> Set<SIMD3<Int32>> {
        let inv = 1 / edge
        return Set(points.map { Self.cell($0, inverseEdge: inv) })
    }

    /// Whether `p` lies in a cell (edge `coverageRadius`) holding a point of this cloud.
    func occupies(_ p: SIMD3<Float>) -> Bool {
        occupiedCells.contains(Self.cell(p, inverseEdge: 1 / configuration.coverageRadius))
    }

    /// Prepares raw positions, describing only about `descriptorLimit` evenly strided points when
    /// given (a source needs descriptors only at its keypoints; 0 describes none, for refinement).
    /// Without `normals` (a refinement source: only its positions are used) every normal is +y, no
    /// point is planar and every shape is unknown.
    init(positions raw: [SIMD3<Float>], configuration: RegistrationConfiguration, descriptorLimit: Int?, normals withNormals: Bool = true) {
        self.init(
            centroids: Self.voxelCentroids(raw, voxelSize: configuration.voxelSize), configuration: configuration,
            descriptorLimit: descriptorLimit, normals: withNormals)
    }

    /// Prepares points already downsampled at `configuration.voxelSize` (as `init(positions:…)` does
    /// after downsampling).
    init(centroids points: [SIMD3<Float>], configuration: RegistrationConfiguration, descriptorLimit: Int?, normals withNormals: Bool = true) {
        self.configuration = configuration
        positions = points
        let index = SpatialIndex(positions: points, cellSize: max(configuration.voxelSize, configuration.normalRadius / 2))
        self.index = index
        nearestGrid = NearestPointGrid(positions: points, edge: configuration.inlierDistance * Self.nearestGridEdgeFactor)
        let (n, planar, shapes) = withNormals
            ? Self.estimateNormals(points, index: index, radius: configuration.normalRadius)
            : ([SIMD3<Float>](repeating: SIMD3(0, 1, 0), count: points.count), [Bool](repeating: false, count: points.count),
               [LocalShape](repeating: .unknown, count: points.count))
        normals = n
        isPlanar = planar
        self.shapes = shapes
        if descriptorLimit == 0 {
            // Refinement only: no point is matched by descriptor.
            descriptors = [SIMD16<Float>](repeating: .zero, count: points.count * Self.descriptorWidth)
        } else {
            let stride = descriptorLimit.map { max(1, (points.count + $0 - 1) / max(1, $0)) } ?? 1
            descriptors = Self.computeDescriptors(
                points, normals: n, index: index, radius: configuration.descriptorRadius, mode: configuration.mode,
                stride: stride)
        }
        // Refinement clouds (no descriptors) need no mapped space: only their inliers are counted.
        occupiedCells = descriptorLimit == 0 ? [] : Self.occupiedCells(points, edge: configuration.coverageRadius)
        coveredCells = Self.dilated(occupiedCells)
    }

    /// The grid cell of `p` for cells of edge `1 / inverseEdge`.
    @inline(__always)
    static func cell(_ p: SIMD3<Float>, inverseEdge: Float) -> SIMD3<Int32> {
        let q = (p * inverseEdge).rounded(.down)
        let c = pointwiseMin(pointwiseMax(q, SIMD3(repeating: -1e9)), SIMD3(repeating: 1e9))
        return SIMD3<Int32>(Int32(c.x), Int32(c.y), Int32(c.z))
    }

    /// Whether `p` lies in the mapped space (within about `coverageRadius` of a point).
    func covers(_ p: SIMD3<Float>) -> Bool {
        coveredCells.contains(Self.cell(p, inverseEdge: 1 / configuration.coverageRadius))
    }

    /// The number of downsampled points.
    public var count: Int { positions.count }

    /// The nearest point to `p` within `radius` (metres) and its squared distance, or `nil`
    /// (`NearestPointGrid`: within half a grid edge first; a nearest point found there is the nearest
    /// overall, so ICP's large first radii cost little more than small ones).
    @inline(__always)
    func nearest(to p: SIMD3<Float>, within radius: Float) -> (index: Int, squaredDistance: Float)? {
        nearestGrid.nearest(to: p, within: radius)
    }

    /// How a point that is not an inlier relates to this cloud's surfaces.
    enum Contact {
        /// No point of this cloud within the radius: space it did not map.
        case none
        /// On the plane of its nearest point (within the tolerance): a mapped surface continued.
        case `extension`
        /// Near this cloud's points but off the plane of the nearest: where it saw something else.
        case contradiction
        /// Near a point whose neighbourhood is not a plane (an edge, a corner, too few points): undecided.
        case undecided
    }

    /// How `p` relates to the points within `radius`: the plane of its nearest one decides.
    func contact(of p: SIMD3<Float>, within radius: Float, planeTolerance: Float) -> Contact {
        guard let (bestIndex, _) = nearest(to: p, within: radius) else { return .none }
        guard case .planar(let n) = shapes[bestIndex] else { return .undecided }
        return abs(n.dot(p - positions[bestIndex])) <= planeTolerance ? .extension : .contradiction
    }
}

extension RegistrationCloud {
    /// One centroid per occupied voxel of edge `voxelSize`, in order of first occupation.
    static func voxelCentroids(_ points: [SIMD3<Float>], voxelSize: Float) -> [SIMD3<Float>] {
        voxelized(points, weights: nil, voxelSize: voxelSize).centroids
    }

    /// The points (each with its weight, 1 when `weights` is nil) summed per voxel of edge `voxelSize`.
    static func voxelized(_ points: [SIMD3<Float>], weights: [Int]?, voxelSize: Float) -> VoxelAccumulator {
        var grid = VoxelAccumulator(edge: voxelSize, capacity: min(points.count, 1 << 16))
        if let weights {
            for (p, w) in zip(points, weights) { grid.add(p, weight: w) }
        } else {
            for p in points { grid.add(p) }
        }
        return grid
    }

    /// PCA normals of the neighbours within `radius` (within `coarseRadiusFactor`·radius for sparse
    /// points), planarity at the fine scale (for ICP) and shape at either scale (for the trust test);
    /// a point without enough neighbours even then gets +y, is not planar and has an unknown shape.
    static func estimateNormals(_ points: [SIMD3<Float>], index: SpatialIndex, radius: Float)
        -> ([SIMD3<Float>], [Bool], [LocalShape])
    {
        var normals = [SIMD3<Float>](repeating: SIMD3(0, 1, 0), count: points.count)
        var planar = [Bool](repeating: false, count: points.count)
        var shapes = [LocalShape](repeating: .unknown, count: points.count)
        for i in 0..<points.count {
            let c = points[i]
            var n = 0
            var sum = SIMD3<Double>.zero
            var xx = 0.0, xy = 0.0, xz = 0.0, yy = 0.0, yz = 0.0, zz = 0.0
            var coarse = false
            for r in [radius, radius * coarseRadiusFactor] {
                coarse = r != radius
                n = 0
                sum = .zero
                xx = 0; xy = 0; xz = 0; yy = 0; yz = 0; zz = 0
                index.forEachNeighbor(of: c, radius: r) { j, _ in
                    let d = SIMD3<Double>(points[j] - c)
                    n += 1
                    sum += d
                    xx += d.x * d.x; xy += d.x * d.y; xz += d.x * d.z
                    yy += d.y * d.y; yz += d.y * d.z; zz += d.z * d.z
                }
                if n >= minimumNormalNeighbours { break }
            }
            guard n >= minimumNormalNeighbours else { continue }
            let m = sum / Double(n), w = Double(n)
            let cxx = xx / w - m.x * m.x, cxy = xy / w - m.x * m.y, cxz = xz / w - m.x * m.z
            let cyy = yy / w - m.y * m.y, cyz = yz / w - m.y * m.z, czz = zz / w - m.z * m.z
            guard
                let (v, e) = SmallMatrixMath.smallestEigenvector(xx: cxx, xy: cxy, xz: cxz, yy: cyy, yz: cyz, zz: czz)
            else { continue }
            normals[i] = SIMD3<Float>(v)
            let total = max(e.sum(), 1e-30)
            let isPlane = max(0, e.x) / total < planarityThreshold && e.y / total > planarityThreshold
            // ICP trusts only fine-scale normals; the trust test uses coarse ones too.
            planar[i] = isPlane && !coarse
            if isPlane {
                shapes[i] = .planar(normals[i])
            } else if e.z > elongationRatio * max(e.y, 1e-30),
                let (axis, _) = SmallMatrixMath.smallestEigenvector(
                    xx: -cxx, xy: -cxy, xz: -cxz, yy: -cyy, yz: -cyz, zz: -czz)
            {
                // The largest eigenvector of C is the smallest of −C.
                shapes[i] = .elongated(SIMD3<Float>(axis))
            } else {
                shapes[i] = .isotropic
            }
        }
        return (normals, planar, shapes)
    }
}
