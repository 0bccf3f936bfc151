import Foundation
import FathomCore

/// Properties of a point cloud measured from its points, from which registration settings follow
/// (`RegistrationConfiguration.adapted(source:target:mode:)`): how far apart its points are, how far
/// they scatter off the surfaces they sample, and how large it is.
///
/// Measured on at most `measuredPoints` points (a strided subset of larger clouds; the spacing is
/// scaled back to the whole cloud as for points on surfaces) and `sampledNeighbourhoods` query points
/// (which also give the extent).
public struct RegistrationCloudMeasurements: Sendable, Hashable {
    /// Finite points in the cloud.
    public var pointCount: Int
    /// Median distance from a point to its nearest neighbour, metres.
    public var spacing: Float
    /// Median root-mean-square distance of points to the plane fitted to their neighbourhood (within
    /// `noiseRadiusFactor × spacing`, planar neighbourhoods only), metres: the noise across surfaces,
    /// including what small curvature and clutter add. Falls back to `spacing / 4` when no neighbourhood
    /// is planar.
    public var noise: Float
    /// Diagonal of the box holding the middle 90 % of the points along each axis, metres.
    public var extent: Float

    /// Most points a measurement looks at (larger clouds are strided).
    public static let measuredPoints = 60_000
    /// Neighbourhoods examined for the spacing and the noise.
    public static let sampledNeighbourhoods = 1500
    /// The noise is measured in neighbourhoods of this many times the spacing.
    public static let noiseRadiusFactor: Float = 4
    /// Neighbourhoods need this many points for a plane fit.
    static let minimumPlaneNeighbours = 8
    /// A neighbourhood counts as planar when its middle eigenvalue is at least this fraction of the
    /// largest (a surface patch, not a line of points).
    static let planarSpreadRatio: Double = 0.15

    /// Creates measurements from known values (metres).
    public init(pointCount: Int, spacing: Float, noise: Float, extent: Float) {
        self.pointCount = pointCount
        self.spacing = spacing
        self.noise = noise
        self.extent = extent
    }

    /// Measures `positions` (non-finite points are ignored). An empty or single-point cloud measures
    /// zero spacing, noise and extent.
    /// - Complexity: O(n) for the subset and the index, plus O(`sampledNeighbourhoods` × neighbours).
    public init(measuring positions: [SIMD3<Float>]) {
        let finite = positions.filter { $0.isFinite }  // A closure: a key path here cost more than the whole measurement.
        pointCount = finite.count
        guard finite.count >= 2 else {
            spacing = 0; noise = 0; extent = 0
            return
        }
        let stride = max(1, (finite.count + Self.measuredPoints - 1) / Self.measuredPoints)
        let subset = stride == 1 ? finite : Swift.stride(from: 0, to: finite.count, by: stride).map { finite[$0] }
        let index = SpatialIndex(positions: subset)
        let queryStride = max(1, subset.count / Self.sampledNeighbourhoods)
        extent = Self.robustExtent(Swift.stride(from: 0, to: subset.count, by: queryStride).map { subset[$0] })
        var nearest: [Float] = []
        nearest.reserveCapacity(subset.count / queryStride + 1)
        for i in Swift.stride(from: 0, to: subset.count, by: queryStride) {
            if let n = index.nearest(to: subset[i], excluding: i), n.distance > 0 { nearest.append(n.distance) }
        }
        let subsetSpacing = Self.median(nearest) ?? 0
        // Points on surfaces: spacing grows with the square root of the thinning.
        spacing = subsetSpacing / Float(stride).squareRoot()
        let radius = Self.noiseRadiusFactor * subsetSpacing
        var residuals: [Float] = []
        for i in Swift.stride(from: 0, to: subset.count, by: queryStride) where radius > 0 {
            var n = 0
            var sum = SIMD3<Double>.zero
            var xx = 0.0, xy = 0.0, xz = 0.0, yy = 0.0, yz = 0.0, zz = 0.0
            let c = subset[i]
            index.forEachNeighbor(of: c, radius: radius) { j, _ in
                let d = SIMD3<Double>(subset[j] - c)
                n += 1
                sum += d
                xx += d.x * d.x; xy += d.x * d.y; xz += d.x * d.z
                yy += d.y * d.y; yz += d.y * d.z; zz += d.z * d.z
            }
            guard n >= Self.minimumPlaneNeighbours else { continue }
            let m = sum / Double(n), w = Double(n)
            guard
                let (_, e) = SmallMatrixMath.smallestEigenvector(
                    xx: xx / w - m.x * m.x, xy: xy / w - m.x * m.y, xz: xz / w - m.x * m.z,
                    yy: yy / w - m.y * m.y, yz: yz / w - m.y * m.z, zz: zz / w - m.z * m.z)
            else { continue }
            guard e.y >= Self.planarSpreadRatio * max(e.z, 1e-30) else { continue }
            residuals.append(Float(max(0, e.x).squareRoot()))
        }
        noise = Self.median(residuals) ?? spacing / 4
    }

    /// The median of `values`, `nil` when empty.
    static func median(_ values: [Float]) -> Float? {
        guard !values.isEmpty else { return nil }
        let s = values.sorted()
        return s[s.count / 2]
    }

    /// Diagonal of the 5th–95th percentile box, metres.
    static func robustExtent(_ points: [SIMD3<Float>]) -> Float {
        var size = SIMD3<Float>.zero
        for axis in 0..<3 {
            let v = points.map { $0[axis] }.sorted()
            size[axis] = v[v.count * 95 / 100] - v[v.count * 5 / 100]
        }
        return size.length
    }
}
