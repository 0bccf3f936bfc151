import FathomCore
import Foundation

extension RegistrationCloud {
    /// Largest tilt of a wall's normal from the horizontal, and of a floor's from the vertical, radians (10°).
    static let structureTilt: Float = 10 * .pi / 180
    /// The points of one direction of vertical planes lie within this of its mean direction, radians (3°).
    static let planeDirectionTolerance: Float = 3 * .pi / 180
    /// Smallest seen area of a vertical plane, m² (the points it needs follow from the voxel size).
    static let minimumVerticalPlaneArea: Float = 0.2
    /// Most vertical planes kept per direction (those with the most points).
    static let maximumPlanesPerDirection = 8
    /// Most directions of vertical planes looked for.
    static let maximumPlaneDirections = 6
    /// Most bins of the height histogram (a cloud taller than this many bins is cut at the top).
    static let maximumHeightBins = 100_000
    /// Bins of the direction histogram over a half turn (1° each).
    static let directionBins = 180

    /// Indices of the points whose neighbourhood is a plane standing upright (normal within
    /// `structureTilt` of the horizontal): walls, cupboard fronts.
    var verticalSurfaceIndices: [Int] {
        let s = sin(Self.structureTilt)
        return shapes.indices.filter { i in
            if case .planar(let n) = shapes[i] { return abs(n.y) <= s }
            return false
        }
    }

    /// The vertical planes of this (gravity-aligned) cloud: its upright planar points grouped by
    /// direction (the most populous first, up to `maximumPlaneDirections`), each direction split by
    /// offset into planes one voxel thick with at least `minimumVerticalPlaneArea` of points (up to
    /// `maximumPlanesPerDirection` each).
    func verticalPlanes() -> [VerticalPlane] {
        let voxel = configuration.voxelSize
        let minimum = max(1, Int(Self.minimumVerticalPlaneArea / (voxel * voxel)))
        let upright = verticalSurfaceIndices
        let angles = upright.map { i -> Float in
            let a = atan2(normals[i].z, normals[i].x)
            return a < 0 ? a + .pi : min(a, .pi.nextDown)
        }
        let bins = Self.directionBins
        let window = Int((Self.planeDirectionTolerance / .pi * Float(bins)).rounded(.up))
        var unused = [Bool](repeating: true, count: upright.count)
        var planes: [VerticalPlane] = []
        for _ in 0..<Self.maximumPlaneDirections {
            var histogram = [Int](repeating: 0, count: bins)
            for k in upright.indices where unused[k] { histogram[min(bins - 1, Int(angles[k] / .pi * Float(bins)))] += 1 }
            var best = 0, bestCount = 0
            for b in 0..<bins {
                var count = 0
                for d in -window...window { count += histogram[(b + d + bins) % bins] }
                if count > bestCount { (best, bestCount) = (b, count) }
            }
            guard bestCount >= minimum else { break }
            let centre = (Float(best) + 0.5) / Float(bins) * .pi
            var members: [SIMD3<Float>] = []
            var doubled = SIMD2<Float>.zero
            for k in upright.indices where unused[k] {
                var d = angles[k] - centre
                d -= (d / .pi).rounded() * .pi
                guard abs(d) <= Self.planeDirectionTolerance else { continue }
                unused[k] = false
                members.append(positions[upright[k]])
                doubled += SIMD2(cos(2 * angles[k]), sin(2 * angles[k]))
            }
            let alpha = atan2(doubled.y, doubled.x) / 2
            planes += Self.planes(along: SIMD3(cos(alpha), 0, sin(alpha)), of: members, thickness: voxel, minimum: minimum)
        }
        return planes
    }

    /// The planes of normal `normal` among `points`: repeatedly the slab `thickness` thick holding
    /// the most points, while it holds at least `minimum`.
    static func planes(along normal: SIMD3<Float>, of points: [SIMD3<Float>], thickness: Float, minimum: Int) -> [VerticalPlane] {
        var offsets = points.map { normal.dot($0) }.sorted()
        var planes: [VerticalPlane] = []
        while planes.count < maximumPlanesPerDirection {
            var best = 0, bestCount = 0, end = 0
            for start in offsets.indices {
                end = max(end, start)
                while end < offsets.count && offsets[end] - offsets[start] <= thickness { end += 1 }
                if end - start > bestCount { (best, bestCount) = (start, end - start) }
            }
            guard bestCount >= minimum else { break }
            let slab = offsets[best..<(best + bestCount)]
            planes.append(VerticalPlane(normal: normal, offset: slab.reduce(0, +) / Float(bestCount), pointCount: bestCount))
            offsets.removeSubrange(best..<(best + bestCount))
        }
        return planes
    }

    /// Indices of the points whose neighbourhood is a level plane (normal within `structureTilt` of
    /// the vertical): floors, ceilings, table tops.
    var horizontalSurfaceIndices: [Int] {
        let c = cos(Self.structureTilt)
        return shapes.indices.filter { i in
            if case .planar(let n) = shapes[i] { return abs(n.y) >= c }
            return false
        }
    }

    /// Heights of this cloud's horizontal surfaces (`horizontalSurfaceIndices`) counted in bins of
    /// `bin` metres: the lowest bin's height and the counts.
    func horizontalSurfaceHeights(bin: Float) -> (lowest: Float, counts: [Int]) {
        let heights = horizontalSurfaceIndices.map { positions[$0].y }
        guard let low = heights.min(), let high = heights.max() else { return (0, []) }
        var counts = [Int](repeating: 0, count: Int(min((high - low) / bin, Float(Self.maximumHeightBins))) + 1)
        for h in heights { counts[min(counts.count - 1, Int((h - low) / bin))] += 1 }
        return (low, counts)
    }

    /// This cloud's footprint (`WallFootprint`) on cells of the voxel size; with `floorBelow` (metres,
    /// this cloud's frame) only level points below that height (the floor) mark cells open.
    func footprint(floorBelow: Float? = nil) -> WallFootprint {
        let level = horizontalSurfaceIndices.map { positions[$0] }
        return WallFootprint(
            walls: verticalSurfaceIndices.map { positions[$0] },
            floors: floorBelow.map { top in level.filter { $0.y < top } } ?? level, cell: configuration.voxelSize)
    }
}
