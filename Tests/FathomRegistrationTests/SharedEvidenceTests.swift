import FathomCore
import Testing

@testable import FathomRegistration

/// The shared-space evidence of the trust verdict: on the adaptive path, a fitness counts only when
/// measured over at least `PointCloudRegistrar.minimumSharedCells` cells both clouds saw.
@Suite struct SharedEvidenceTests {
    @Test func theThresholdIsTheSampleSizeOfAProportionKnownToATenth() {
        // (1.96 / (2 × 0.1))² = 96.04: 97 cells.
        #expect(PointCloudRegistrar.minimumSharedCells == 97)
    }

    @Test func sharedCellsAreTheTargetCellsHoldingMovedSourcePoints() {
        // A 1 × 1 m floor patch at y = 0.01, one point per 5 cm voxel; cells of 0.25 m: 4 × 4 × 1 = 16.
        let patch = SharedSpaceTests.floorPatch(x0: 0, columns: 20)
        let registrar = PointCloudRegistrar()
        let s = registrar.prepare(PointCloud(unchecked: patch))
        let t = registrar.prepare(PointCloud(unchecked: patch))
        let same = registrar.sharedEvidence(.identity, source: s, target: t)
        #expect(same.fitness == 1 && same.sharedCells == 16)
        // Moved half a metre along x: the source covers the last two columns of cells, 2 × 4 = 8.
        let half = registrar.sharedEvidence(RigidTransform(translation: SIMD3(0.5, 0, 0)), source: s, target: t)
        #expect(half.sharedCells == 8)
        // Moved 3 m away: no shared cell.
        #expect(registrar.sharedEvidence(RigidTransform(translation: SIMD3(3, 0, 0)), source: s, target: t).sharedCells == 0)
    }

    @Test func aFitnessOverTooFewCellsIsNotTrusted() {
        // A result passing every other check (hand-made quality: 100 inliers, RMSE 1 cm, pinned).
        var registrar = PointCloudRegistrar()
        let q = PointCloudRegistrar.Quality(inliers: 100, covered: 100, rmse: 0.01, constraint: 0.3)
        func verdict(_ cells: Int) -> RegistrationResult {
            registrar.verdict(
                .identity, quality: q, fitness: 0.7, sharedCells: cells, runnerUpRatio: 0, icpIterations: 1, sourcePointCount: 100)
        }
        // Fixed settings do not ask for it.
        #expect(verdict(10).isTrusted)
        registrar.requiresSharedEvidence = true
        #expect(verdict(97).isTrusted && verdict(97).sharedCells == 97)
        let few = verdict(96)
        #expect(!few.isTrusted)
        #expect(few.failure == .uncertainFitness(0.7, sharedCells: 96))
    }

    /// Registers a simulator fixture pair with the defaults only.
    static func register(_ id: String, mode: RegistrationMode) throws -> RegistrationResult {
        let source = try ValidationCaseTests.readPLY("simulator/\(id)-source.ply")
        let target = try ValidationCaseTests.readPLY("simulator/\(id)-target.ply")
        return PointCloudRegistrar.registerAdaptively(source: source, target: target, mode: mode)
    }

    @Test func aShortSessionInAnotherRoomIsNotTrusted() throws {
        // A 20 s session in another room of the same primitives lands on the map's walls and floor:
        // the fitness passes the minimum, over about 60 cells (trusted before this check).
        let r = try Self.register("sparse-20002-wrong", mode: .gravityAligned)
        #expect(r.isFound && !r.isTrusted)
        #expect(r.fitness >= RegistrationConfiguration().minimumFitness)
        #expect(r.sharedCells > 0 && r.sharedCells < PointCloudRegistrar.minimumSharedCells)
        guard case .uncertainFitness? = r.failure else {
            Issue.record("expected too little shared space, got \(r.failure.map { "\($0)" } ?? "trusted")")
            return
        }
    }

    @Test func aShortTiltedSessionTurnedOverIsNotTrusted() throws {
        // 6-DoF: the answer turns the session over (12.7 m from the truth at its origin), fitness ≥ 0.55.
        let r = try Self.register("general-20009", mode: .general)
        // The truth's translation (targetFromSource at the session's origin), metres.
        let truthTranslation = SIMD3<Float>(-3.7528303, -0.2525612, -2.4689407)
        #expect(r.isFound && !r.isTrusted)
        if r.targetFromSource.translation.distance(to: truthTranslation) > 0.03 {
            // Wrong (as on the release build): refused for too little shared space, not trusted.
            #expect(r.sharedCells < PointCloudRegistrar.minimumSharedCells)
        }
    }
}
