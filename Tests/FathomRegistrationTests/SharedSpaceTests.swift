import FathomCore
import FathomTestSupport
import Testing

@testable import FathomRegistration

/// The trust verdict's fitness over the space both clouds saw, and the runner-up that counts only
/// answers ICP does not take onto the winner.
@Suite struct SharedSpaceTests {
    /// Grid spacing of the hand-made floor patches, metres (the defaults' voxel edge: one point per voxel).
    static let spacing: Float = 0.05

    /// Points of the floor (y = 0.01) at voxel centres, x from `x0` for `columns` columns, z over 1 m.
    static func floorPatch(x0: Float, columns: Int) -> [SIMD3<Float>] {
        (0..<columns).flatMap { i in
            (0..<20).map { k in SIMD3(x0 + spacing * (Float(i) + 0.5), 0.01, spacing * (Float(k) + 0.5)) }
        }
    }

    /// The target: a 1 × 1 m floor patch. The source: the same patch and a strip beyond it (x 1.0–1.2 m)
    /// that lies in the target's dilated mapped space (one 0.25 m cell past its last occupied cell) but
    /// in no cell the target holds points in, 5 cm from the nearest target point (beyond the 4 cm inlier
    /// distance).
    static let target = floorPatch(x0: 0, columns: 20)
    static let source = floorPatch(x0: 0, columns: 20) + floorPatch(x0: 1.0, columns: 4)

    @Test func fitnessCountsOnlyTheSpaceBothCloudsSaw() {
        let registrar = PointCloudRegistrar()
        let s = registrar.prepare(PointCloud(unchecked: Self.source))
        let t = registrar.prepare(PointCloud(unchecked: Self.target))
        #expect(s.count == 480 && t.count == 400)
        // Hand-computed: the 400 shared points are inliers both ways; the strip is outside the shared
        // cells. The dilated mapped space would count the strip: 400 inliers of 480 covered points.
        #expect(registrar.sharedInlierFraction(of: s, movedBy: .identity, onto: t) == 1)
        #expect(registrar.sharedInlierFraction(of: t, movedBy: .identity, onto: s) == 1)
        #expect(registrar.sharedFitness(.identity, source: s, target: t) == 1)
        let q = registrar.evaluate(.identity, source: s, target: t)
        #expect(q.inliers == 400 && q.covered == 480)
        // Lifted 10 cm (still in the same cells, off the floor): nothing is an inlier either way.
        let lifted = RigidTransform(translation: SIMD3(0, 0.1, 0))
        #expect(registrar.sharedFitness(lifted, source: s, target: t) == 0)
        // Moved 3 m away: no shared cell in either direction.
        let away = RigidTransform(translation: SIMD3(3, 0, 0))
        #expect(registrar.sharedFitness(away, source: s, target: t) == 0)
    }

    @Test func aSessionThatSawTwiceTheMapIsTrusted() {
        // The map saw the corner up to x = 2 m; the session saw the whole 4 m corner.
        let scene = RegistrationFixtures.furnishedCorner(seed: 21, densityScale: 4)
        let targetFromSource = RegistrationFixtures.yawTransform(1.1, SIMD3(0.8, 0.1, -1.7))
        let target = RegistrationFixtures.noisy(scene.filter { $0.x < 2 }, sigma: 0.003, seed: 1)
        let source = RegistrationFixtures.noisy(scene, sigma: 0.003, seed: 2).map(targetFromSource.inverse.apply(to:))
        var configuration = RegistrationConfiguration()
        configuration.maximumKeypoints = 120
        configuration.samplingIterations = 1000
        let r = PointCloudRegistrar(configuration: configuration).register(
            source: PointCloud(unchecked: source), target: PointCloud(unchecked: target), seed: 3)
        #expect(r.isTrusted, "\(r.failure.map { "\($0)" } ?? "")")
        #expect(r.targetFromSource.translation.distance(to: targetFromSource.translation) < 0.01)
        #expect((r.targetFromSource.rotation.transposed * targetFromSource.rotation).rotationAngle < 0.005)
        #expect(r.fitness > 0.9, "shared fitness \(r.fitness)")
    }

    @Test func supportWeighsEachInlierByItsFit() {
        // A lattice 1 m apart (each point alone in its voxel and far from the others), moved by half the
        // inlier distance: every point is an inlier at d = r / 2 and scores 1 − 1/4; moved by r / 10, 0.99.
        var lattice: [SIMD3<Float>] = []
        for x in 0..<5 { for y in 0..<3 { for z in 0..<4 { lattice.append(SIMD3(Float(x), Float(y), Float(z))) } } }
        let registrar = PointCloudRegistrar(configuration: RegistrationConfiguration())
        let cloud = RegistrationCloud(positions: lattice, configuration: registrar.configuration)
        let r = registrar.configuration.inlierDistance
        for (fraction, expected) in [(Float(0.5), Float(0.75)), (0.1, 0.99)] {
            let q = registrar.evaluate(RigidTransform(translation: SIMD3(0, fraction * r, 0)), source: cloud, target: cloud)
            #expect(q.inliers == lattice.count)
            #expect(abs(q.support - expected * Float(lattice.count)) < 1e-3 * Float(lattice.count), "\(q.support)")
        }
        // Beyond the inlier distance: no inliers, no support.
        let off = registrar.evaluate(RigidTransform(translation: SIMD3(0, 1.5 * r, 0)), source: cloud, target: cloud)
        #expect(off.inliers == 0 && off.support == 0)
    }

    @Test func aRivalThatICPTakesOntoTheWinnerIsNoRunnerUp() {
        let (registrar, s, t, truth) = Self.furnishedCornerPair()
        let winner = registrar.evaluate(truth, source: s, target: t)
        // Turned 7° about the middle of the corner: beyond `isSameAnswer`, within ICP's reach of the truth.
        let middle = SIMD3<Float>(2, 0, 2)
        let turn = Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: 0.12)
        let near = RigidTransform(rotation: turn, translation: middle - turn * middle) * truth
        #expect(!registrar.isSameAnswer(near, truth))
        let found = PointCloudRegistrar.Search(
            refined: [(truth, 0, winner)], others: [(near, winner.inliers * 9 / 10, winner.support * 0.9)])
        #expect(registrar.runnerUpSupport(of: truth, winnerSupport: winner.support, in: found, source: s, target: t) == 0)
        // 1.5 m along the floor: beyond ICP's reach, the floor still half shared; it counts with its
        // inliers after ICP.
        let far = RigidTransform(translation: SIMD3(1.5, 0, 0)) * truth
        let refinedFar = registrar.refinedRival(far, of: truth, source: s, target: t)
        #expect(!registrar.isSameAnswer(refinedFar, truth))
        let farQuality = registrar.evaluate(refinedFar, source: s, target: t)
        let farInliers = farQuality.inliers
        let withFar = PointCloudRegistrar.Search(
            refined: [(truth, 0, winner)], others: [(near, winner.inliers, winner.support), (far, winner.inliers * 6 / 10, winner.support * 0.6)])
        #expect(registrar.runnerUpSupport(of: truth, winnerSupport: winner.support, in: withFar, source: s, target: t) == farQuality.support)
        #expect(farInliers > 0 && farInliers < winner.inliers)
        // Support weighs each inlier by its fit (1 − d²/r² each): at most the inlier count.
        #expect(farQuality.support <= Float(farInliers) && farQuality.support > 0)
        // Below `rivalRefinementFloor` of the winner's inliers a rival is not refined: it counts as verified.
        let weak = PointCloudRegistrar.Search(refined: [(truth, 0, winner)], others: [(far, winner.inliers / 4, winner.support / 4)])
        #expect(registrar.runnerUpSupport(of: truth, winnerSupport: winner.support, in: weak, source: s, target: t) == winner.support / 4)
    }

    @Test func aRivalStillMovingAfterOnePassIsRefinedOn() {
        let (registrar, s, t, truth) = Self.furnishedCornerPair()
        let winner = registrar.evaluate(truth, source: s, target: t)
        // Turned 11.5° about the middle of the corner and 0.3 m along the floor: one pass of ICP ends at
        // its iteration limit still apart from the truth; the passes after it take it there.
        let middle = SIMD3<Float>(2, 0, 2)
        let turn = Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: 0.2)
        let rival = RigidTransform(translation: SIMD3(0.3, 0, 0)) * RigidTransform(rotation: turn, translation: middle - turn * middle) * truth
        let (onePass, iterations) = registrar.refine(
            rival, source: s, target: t, maximumPoints: PointCloudRegistrar.rivalICPPoints, stoppingNear: truth)
        #expect(iterations == registrar.configuration.icpIterations)
        #expect(!registrar.isSameAnswer(onePass, truth))
        let onePassInliers = registrar.evaluate(onePass, source: s, target: t).inliers
        #expect(onePassInliers > winner.inliers / 5, "one pass leaves a rival of \(onePassInliers) inliers")
        let found = PointCloudRegistrar.Search(refined: [(truth, 0, winner)], others: [(rival, winner.inliers * 9 / 10, winner.support * 0.9)])
        #expect(registrar.runnerUpSupport(of: truth, winnerSupport: winner.support, in: found, source: s, target: t) == 0)
    }

    /// A furnished corner (seed 22, 4× density) seen from the truth's source frame and as the target,
    /// both prepared by a default registrar.
    static func furnishedCornerPair() -> (PointCloudRegistrar, RegistrationCloud, RegistrationCloud, RigidTransform) {
        let scene = RegistrationFixtures.furnishedCorner(seed: 22, densityScale: 4)
        let truth = RegistrationFixtures.yawTransform(-0.6, SIMD3(1.2, 0, 0.4))
        let registrar = PointCloudRegistrar()
        let source = registrar.prepare(PointCloud(unchecked: scene.map(truth.inverse.apply(to:))))
        let target = registrar.prepare(PointCloud(unchecked: scene))
        return (registrar, source, target, truth)
    }
}
