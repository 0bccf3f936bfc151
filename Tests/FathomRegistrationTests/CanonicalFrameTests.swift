import FathomCore
import Testing

@testable import FathomRegistration

/// The canonical frame follows the data: a cloud given in another rigid frame has the same canonical
/// points, so registration answers do not depend on the frame a cloud comes in.
@Suite struct CanonicalFrameTests {
    /// Canonical points of the same cloud moved differently agree to rounding (metres).
    static let roundingTolerance: Float = 1e-4
    /// Answers for the same pair moved differently agree within this (metres, degrees): a fraction of
    /// the noise (4 mm) and well inside the accuracy bound (3 cm, 1°); only points on voxel boundaries
    /// fall differently.
    static let repeatedMetres: Float = 0.005
    static let repeatedDegrees: Float = 0.1

    /// A cloud without symmetry: an elongated, lopsided room corner with boxes.
    static let cloud = HalfTurnTests.room(layoutSeed: 5, sampleSeed: 6, density: 60, keep: 0...3.5, sigma: 0.004)

    /// The largest distance between the canonical points of `cloud` and those of `cloud` moved by `move`.
    static func disagreement(_ move: RigidTransform, mode: RegistrationMode) -> Float {
        let moved = cloud.map(move.apply(to:))
        let a = CanonicalFrame(of: cloud, mode: mode).canonicalFromCloud
        let b = CanonicalFrame(of: moved, mode: mode).canonicalFromCloud
        return zip(cloud, moved).map { a.apply(to: $0).distance(to: b.apply(to: $1)) }.max() ?? .infinity
    }

    @Test func aYawAndTranslationLeaveTheGravityAlignedFrameOnTheData() {
        for (angle, t) in [(Float(2.9), SIMD3<Float>(3, 0.4, -2)), (-1.3, SIMD3(-0.5, 0, 7)), (0.01, SIMD3(0, -1, 0))] {
            let move = RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: angle), translation: t)
            #expect(Self.disagreement(move, mode: .gravityAligned) < Self.roundingTolerance)
        }
    }

    @Test func anyRotationLeavesTheGeneralFrameOnTheData() {
        let move = RigidTransform(rotation: .rotation(axis: SIMD3(0.3, -1, 0.6), angle: 2.2), translation: SIMD3(1, 2, -3))
        #expect(Self.disagreement(move, mode: .general) < Self.roundingTolerance)
    }

    @Test func theGravityAlignedFrameTurnsAboutTheVerticalOnly() {
        let frame = CanonicalFrame(of: Self.cloud, mode: .gravityAligned).canonicalFromCloud
        #expect((frame.rotation * SIMD3(0, 1, 0)).distance(to: SIMD3(0, 1, 0)) < 1e-6)
        // The origin is the centroid.
        let centroid = Self.cloud.reduce(SIMD3<Float>.zero, +) / Float(Self.cloud.count)
        #expect(frame.apply(to: centroid).length < 1e-3)
    }

    @Test func emptyCloudsGetTheIdentity() {
        let frame = CanonicalFrame(of: [SIMD3(.nan, 0, 0)], mode: .general).canonicalFromCloud
        #expect(frame.translation == .zero && frame.rotation.rotationAngle == 0)
    }

    @Test func theSamePairMovedDifferentlyGetsTheSameAnswer() {
        // The half-turn room (dense, 40 % overlap): its session moved by two different rigid motions.
        let (source, target) = HalfTurnTests.pair(sessionLayoutSeed: 1)
        let truth = HalfTurnTests.targetFromSource
        var answers: [RigidTransform] = []
        for (angle, t) in [(Float(0.7), SIMD3<Float>(2, 0.3, -1)), (-2.4, SIMD3(-3, -0.2, 4))] {
            let move = RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: angle), translation: t)
            let moved = PointCloud(unchecked: source.positions.map(move.apply(to:)))
            let r = PointCloudRegistrar.registerAdaptively(source: moved, target: target, seed: 3)
            #expect(r.isTrusted, "\(r.failure.map { "\($0)" } ?? "")")
            answers.append(r.targetFromSource * move)
        }
        // Both answers, brought back to the unmoved session's frame, are the truth and agree with each other.
        for a in answers {
            #expect(a.translation.distance(to: truth.translation) < 0.03)
            #expect((a.rotation.transposed * truth.rotation).rotationAngle < 1 * .pi / 180)
        }
        #expect(answers[0].translation.distance(to: answers[1].translation) < Self.repeatedMetres)
        #expect((answers[0].rotation.transposed * answers[1].rotation).rotationAngle < Self.repeatedDegrees * .pi / 180)
    }
}
