import FathomRegistration
import FathomCore
import FathomTestSupport
import Testing

@Suite struct RegistrationTests {
    /// The defaults with fewer keypoints and samples, so that debug builds stay fast.
    static func fast(_ mode: RegistrationMode = .gravityAligned) -> RegistrationConfiguration {
        var c = RegistrationConfiguration(mode: mode)
        c.maximumKeypoints = 120
        c.samplingIterations = 1000
        return c
    }

    /// Registers `source` to `target` and returns the result.
    func register(_ source: [SIMD3<Float>], _ target: [SIMD3<Float>], mode: RegistrationMode = .gravityAligned,
                  seed: UInt64 = 1) -> RegistrationResult {
        let registrar = PointCloudRegistrar(configuration: Self.fast(mode))
        return registrar.register(
            source: PointCloud(unchecked: source), target: PointCloud(unchecked: target), seed: seed)
    }

    /// Translation (metres) and angle (degrees) between two transforms.
    func error(_ a: RigidTransform, _ b: RigidTransform) -> (metres: Float, degrees: Float) {
        (a.translation.distance(to: b.translation), (a.rotation.transposed * b.rotation).rotationAngle * 180 / .pi)
    }

    @Test func gravityAlignedRecoversAKnownYawAndTranslationExactly() {
        let target = RegistrationFixtures.furnishedCorner(seed: 11)
        let targetFromSource = RegistrationFixtures.yawTransform(2.2, SIMD3(1.3, -0.4, -2.1))
        // Non-finite points (a bad PLY row) are ignored.
        let source = target.map(targetFromSource.inverse.apply(to:)) + [SIMD3(.nan, 0, 0), SIMD3(0, .infinity, 0)]
        let r = register(source, target)
        #expect(r.isFound && r.isTrusted && r.failure == nil)
        let e = error(r.targetFromSource, targetFromSource)
        #expect(e.metres < 2e-3, "translation error \(e.metres) m")
        #expect(e.degrees < 0.05, "yaw error \(e.degrees)°")
        #expect(r.fitness > 0.99)
        // Voxel centroids of the two clouds differ (the grids are not aligned): millimetres.
        #expect(r.inlierRMSE < 0.012)
        #expect(r.inlierCount > 500)
        // Gravity-aligned: the result is a pure yaw.
        #expect((r.targetFromSource.rotation * SIMD3(0, 1, 0)).distance(to: SIMD3(0, 1, 0)) < 1e-5)
    }

    @Test func gravityAlignedToleratesNoiseAndPartialOverlap() {
        let scene = RegistrationFixtures.furnishedCorner(seed: 12)
        let target = RegistrationFixtures.noisy(RegistrationFixtures.subset(scene, fraction: 0.8, seed: 1), sigma: 0.004, seed: 2)
        let targetFromSource = RegistrationFixtures.yawTransform(-0.9, SIMD3(-3, 0.2, 0.7))
        // The source sees 60% of the points, two thirds of them the same as the target's.
        let seen = RegistrationFixtures.subset(scene, fraction: 0.6, seed: 3).filter { $0.x < 3.2 }
        let source = RegistrationFixtures.noisy(seen, sigma: 0.004, seed: 4).map(targetFromSource.inverse.apply(to:))
        let r = register(source, target)
        #expect(r.isTrusted, "\(r.failure.map { "\($0)" } ?? "")")
        let e = error(r.targetFromSource, targetFromSource)
        #expect(e.metres < 0.01, "translation error \(e.metres) m")
        #expect(e.degrees < 0.3, "yaw error \(e.degrees)°")
        #expect(r.inlierRMSE > 0.002 && r.inlierRMSE < 0.02)
    }

    @Test func generalModeRecoversATiltedTransform() {
        let target = RegistrationFixtures.furnishedCorner(seed: 13)
        let rotation = Matrix3x3.rotation(axis: SIMD3(0.3, 1, -0.5), angle: 1.1)
        let targetFromSource = RigidTransform(rotation: rotation, translation: SIMD3(0.5, 1.5, -1))
        let source = RegistrationFixtures.noisy(target, sigma: 0.002, seed: 5).map(targetFromSource.inverse.apply(to:))
        let r = register(source, target, mode: .general)
        #expect(r.isTrusted, "\(r.failure.map { "\($0)" } ?? "")")
        let e = error(r.targetFromSource, targetFromSource)
        #expect(e.metres < 0.01, "translation error \(e.metres) m")
        #expect(e.degrees < 0.3, "rotation error \(e.degrees)°")
    }

    @Test func aDifferentRoomIsNotTrusted() {
        let target = RegistrationFixtures.furnishedCorner(seed: 14)
        // Other boxes, no walls: nothing pins it to the target's corner.
        let other = RegistrationFixtures.furnishedCorner(seed: 99, boxes: 5, walls: 0)
        let source = other.map(RegistrationFixtures.yawTransform(0.7, SIMD3(1, 0, 1)).apply(to:))
        let r = register(source, target)
        #expect(!r.isTrusted)
        #expect(r.failure != nil)
    }

    @Test func aFloorAndOneWallAreDegenerate() {
        // Only a floor and one wall, no boxes: the alignment can slide along the wall.
        let target = RegistrationFixtures.furnishedCorner(seed: 15, boxes: 0, walls: 1)
        let source = RegistrationFixtures.subset(target, fraction: 0.7, seed: 6)
        let r = register(source, target)
        #expect(!r.isTrusted)
        if case .degenerate(let c)? = r.failure {
            #expect(c < 0.03)
        } else if let failure = r.failure {
            #expect(failure.transformWasFound == false || r.fitness < 0.75, "unexpected failure \(failure)")
        }
    }

    @Test func tooFewPointsFindNothing() {
        let r = register([SIMD3(0, 0, 0), SIMD3(1, 0, 0)], RegistrationFixtures.furnishedCorner(seed: 16))
        #expect(!r.isFound && !r.isTrusted)
        #expect(r.targetFromSource == .identity)
        guard case .tooFewPoints(let source, let target, let minimum)? = r.failure else {
            Issue.record("expected tooFewPoints, got \(String(describing: r.failure))")
            return
        }
        #expect(source == 2 && target > 100 && minimum == PointCloudRegistrar.minimumPointCount)
    }

    @Test func equalSeedsGiveEqualResults() {
        let target = RegistrationFixtures.furnishedCorner(seed: 17, boxes: 2)
        let source = RegistrationFixtures.noisy(target, sigma: 0.003, seed: 7)
            .map(RegistrationFixtures.yawTransform(1, SIMD3(0.5, 0, 0.5)).apply(to:))
        let a = register(source, target, seed: 42), b = register(source, target, seed: 42)
        #expect(a == b)
    }

    @Test func invalidConfigurationsAreDescribed() {
        var c = RegistrationConfiguration()
        #expect(c.problem == nil)
        c.voxelSize = 0
        #expect(c.problem?.contains("voxelSize") == true)
        c = RegistrationConfiguration()
        c.minimumFitness = 1.5
        #expect(c.problem?.contains("minimumFitness") == true)
    }
}
