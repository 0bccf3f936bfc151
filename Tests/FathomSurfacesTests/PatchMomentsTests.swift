import FathomCore
import Testing

@testable import FathomSurfaces

/// The orientation test's patch moments, summed in single precision, match the covariance of the
/// same offsets computed in double precision, for a noisy tilted patch of the size the growth uses.
@Suite struct PatchMomentsTests {
    /// Agreement allowed, as a fraction of the largest principal variance (single-precision sums of
    /// a few hundred offsets of a few centimetres).
    static let relativeTolerance = 1e-5
    /// The sampling error allowed on the noise variance of 300 points, as a fraction of it.
    static let samplingTolerance = 0.15

    @Test func singlePrecisionSumsMatchTheDoublePrecisionCovariance() throws {
        var g = SeededGenerator(seed: 3)
        // A patch of radius 2.25 cm (a 5 mm search's) on a plane tilted 30° about x, 5 mm noise along
        // its normal, centred 4 m from the origin as in a room-sized cloud.
        let centre = SIMD3<Float>(3.1, 1.7, -2.2)
        let u = SIMD3<Float>(1, 0, 0), v = SIMD3<Float>(0, 0.866_025_4, 0.5)  // cos 30°, sin 30°
        let normal = u.cross(v)
        var offsets: [SIMD3<Float>] = []
        while offsets.count < 300 {
            let a = Float.random(in: -0.0225...0.0225, using: &g), b = Float.random(in: -0.0225...0.0225, using: &g)
            guard a * a + b * b <= 0.0225 * 0.0225 else { continue }
            let p = centre + u * a + v * b + normal * Float.random(in: -0.0087...0.0087, using: &g)
            offsets.append(p - centre)
        }
        var moments = RegionGrower.PatchMoments()
        for d in offsets { moments.add(d) }
        let patch = moments.patch()
        let diagonal = try #require(patch.diagonal)
        // The covariance of the same offsets in double precision.
        let q = offsets.map { SIMD3<Double>($0) }
        let mean = q.reduce(.zero, +) / Double(q.count)
        func covariance(_ i: Int, _ j: Int) -> Double {
            q.reduce(0.0) { $0 + ($1[i] - mean[i]) * ($1[j] - mean[j]) } / Double(q.count)
        }
        let expectedDiagonal = SIMD3(covariance(0, 0), covariance(1, 1), covariance(2, 2))
        let expectedOff = SIMD3(covariance(0, 1), covariance(0, 2), covariance(1, 2))
        let scale = expectedDiagonal.max()
        func largest(_ e: SIMD3<Double>) -> Double { max(abs(e.x), abs(e.y), abs(e.z)) }
        #expect(largest(diagonal - expectedDiagonal) <= Self.relativeTolerance * scale)
        #expect(largest(patch.offDiagonal - expectedOff) <= Self.relativeTolerance * scale)
        // The smallest principal variance is the noise across the patch: a uniform ±8.7 mm spread
        // has variance 8.7² / 3 mm² (within the sampling error of 300 points).
        let noiseVariance = 0.0087 * 0.0087 / 3
        #expect(abs(patch.smallestVariance - noiseVariance) <= Self.samplingTolerance * noiseVariance)
    }
}
