import FathomCore
import FathomRegistration
import FathomTestSupport
import Testing

/// Settings derived from measured clouds: spacing and noise are measured right, sparse clouds get a
/// coarse voxel and no finer level, dense clouds a capped global level and a fine refinement.
@Suite struct AdaptiveRegistrationTests {
    /// A w × w metre floor patch sampled on a jittered grid of `spacing` metres, with Gaussian height
    /// noise `sigma`, in shuffled order.
    static func patch(width w: Float, spacing: Float, sigma: Float, seed: UInt64) -> [SIMD3<Float>] {
        var g = SeededGenerator(seed: seed)
        let n = Int(w / spacing)
        var points: [SIMD3<Float>] = []
        for i in 0..<n {
            for j in 0..<n {
                let jitter = SIMD2(Float.random(in: -0.1...0.1, using: &g), Float.random(in: -0.1...0.1, using: &g)) * spacing
                points.append(SIMD3(Float(i) * spacing + jitter.x, Float(g.nextGaussian()) * sigma, Float(j) * spacing + jitter.y))
            }
        }
        points.shuffle(using: &g)
        return points
    }

    @Test func spacingAndNoiseOfAKnownPatchAreMeasured() {
        let m = RegistrationCloudMeasurements(measuring: Self.patch(width: 4, spacing: 0.05, sigma: 0.004, seed: 1))
        #expect(m.pointCount == 80 * 80)
        // Nearest neighbours on a lightly jittered grid: just under the grid step.
        #expect(m.spacing > 0.04 && m.spacing < 0.055, "spacing \(m.spacing) m")
        // The plane-fit residual is the height noise.
        #expect(m.noise > 0.003 && m.noise < 0.0055, "noise \(m.noise) m")
        // 90 % of 4 m along x and z, about 0 in y.
        #expect(abs(m.extent - 0.9 * 4 * Float(2).squareRoot()) < 0.1, "extent \(m.extent) m")
    }

    @Test func largeCloudsAreMeasuredOnASubsetWithTheSpacingScaledBack() {
        // 90,000 points: measured on a strided subset; the spacing is scaled back for surfaces.
        let m = RegistrationCloudMeasurements(measuring: Self.patch(width: 3, spacing: 0.01, sigma: 0.001, seed: 2))
        #expect(m.pointCount == 90_000)
        #expect(m.spacing > 0.006 && m.spacing < 0.014, "spacing \(m.spacing) m")
    }

    @Test func degenerateCloudsMeasureZero() {
        let m = RegistrationCloudMeasurements(measuring: [SIMD3(0, 0, 0), SIMD3(.nan, 0, 0)])
        #expect(m.pointCount == 1 && m.spacing == 0 && m.noise == 0 && m.extent == 0)
        // Settings still come out valid.
        #expect(RegistrationConfiguration.adapted(source: m, target: m).problem == nil)
    }

    @Test func sparseCloudsGetACoarseVoxelAndNoFinerLevel() {
        let sparse = RegistrationCloudMeasurements(pointCount: 4000, spacing: 0.07, noise: 0.02, extent: 8)
        let c = RegistrationConfiguration.adapted(source: sparse, target: sparse)
        #expect(abs(c.voxelSize - 0.14) < 1e-5)
        // Every distance keeps its ratio to the voxel edge (the defaults' design).
        #expect(abs(c.descriptorRadius / c.voxelSize - 8) < 1e-4)
        #expect(c.inlierDistance >= 2.5 * 0.02 * Float(2).squareRoot())
        #expect(RegistrationConfiguration.fineStage(after: c, source: sparse, target: sparse) == nil)
    }

    @Test func denseCloudsAreCappedForTheSearchAndRefinedFiner() {
        let dense = RegistrationCloudMeasurements(pointCount: 600_000, spacing: 0.01, noise: 0.003, extent: 8)
        let c = RegistrationConfiguration.adapted(source: dense, target: dense)
        // The point budget, with the mean spacing twice the median neighbour distance:
        // 2 · 0.01 · √(600000 / 6000) = 0.2 m.
        #expect(abs(c.voxelSize - 0.2) < 1e-4)
        // The fine level's budget: 2 · 0.01 · √(600000 / 40000) ≈ 0.077 m, and its ICP reaches as far
        // as the search level's.
        let fine = RegistrationConfiguration.fineStage(after: c, source: dense, target: dense)
        #expect(fine != nil && abs(fine!.voxelSize - 0.0775) < 1e-3)
        #expect(fine!.icpStartDistance == c.icpStartDistance)
    }

    @Test func aDenseCloudIsRegisteredCoarseToFine() {
        // About 7,000 points a side (above the search level's ~6,000): measured, searched and refined.
        let scene = RegistrationFixtures.furnishedCorner(seed: 21, boxes: 4, densityScale: 8)
        let target = RegistrationFixtures.noisy(scene, sigma: 0.002, seed: 3)
        let targetFromSource = RegistrationFixtures.yawTransform(2.5, SIMD3(-1.2, 0.1, 3.4))
        let source = RegistrationFixtures.noisy(scene, sigma: 0.002, seed: 4).map(targetFromSource.inverse.apply(to:))
        let r = PointCloudRegistrar.registerAdaptively(
            source: PointCloud(unchecked: source), target: PointCloud(unchecked: target), seed: 2)
        #expect(r.isTrusted, "\(r.failure.map { "\($0)" } ?? "")")
        #expect(r.refinementVoxelSize <= r.voxelSize && r.voxelSize > 0)
        let metres = r.targetFromSource.translation.distance(to: targetFromSource.translation)
        let degrees = (r.targetFromSource.rotation.transposed * targetFromSource.rotation).rotationAngle * 180 / .pi
        #expect(metres < 0.005 && degrees < 0.1, "error \(metres) m, \(degrees)°")
    }

    @Test func scalingKeepsEveryRatio() {
        let c = RegistrationConfiguration().scaled(toVoxel: 0.15)
        let d = RegistrationConfiguration()
        #expect(abs(c.voxelSize - 0.15) < 1e-6)
        #expect(abs(c.inlierDistance - d.inlierDistance * 3) < 1e-5)
        #expect(abs(c.maximumRMSE - d.maximumRMSE * 3) < 1e-5)
        #expect(c.maximumKeypoints == d.maximumKeypoints && c.minimumFitness == d.minimumFitness)
    }
}
