import Foundation
import FathomCore

extension PointCloudRegistrar {
    /// Registers `source` to `target` with settings that follow from the clouds themselves, coarse to
    /// fine: both are measured (`RegistrationCloudMeasurements`: spacing, noise, extent) and searched at
    /// `RegistrationConfiguration.adapted(source:target:mode:)`. Where the data are dense enough for a
    /// finer level (`RegistrationConfiguration.fineStage(after:source:target:)`), every distinct answer
    /// of the search is refined there and the fine evidence decides between them
    /// (`registerCoarseToFine`); sparse clouds are judged at the search level alone.
    /// - Parameters:
    ///   - source: the cloud to move (any density; non-finite points are ignored).
    ///   - target: the fixed cloud.
    ///   - mode: the transforms searched (default gravity-aligned: yaw and translation).
    ///   - seed: seeds the random sampling.
    ///
    /// Both clouds are registered in their `CanonicalFrame` (centroid and principal horizontal
    /// direction), so the voxel grids sample the data the same way whatever frame each cloud was given
    /// in: the same pair moved differently gets the same answer, moved with it. Sparse clouds in the
    /// 6-DoF mode (no finer level, `.general`) are registered in the frames given: there the canonical
    /// frames' three principal directions did not help the simulator's pairs (6 of 30 right answers
    /// trusted against 7; docs/relocalization.md). Sparse gravity-aligned clouds are registered in
    /// canonical frames since issue 15's seventh session: in the frames given, the same real pair moved
    /// three ways got yaws up to 0.6° apart and verdicts that differed (docs/relocalization.md).
    public static func registerAdaptively(
        source: PointCloud, target: PointCloud, mode: RegistrationMode = .gravityAligned, seed: UInt64 = 0
    ) -> RegistrationResult {
        let ms = RegistrationCloudMeasurements(measuring: source.positions)
        let mt = RegistrationCloudMeasurements(measuring: target.positions)
        var registrar = PointCloudRegistrar(configuration: .adapted(source: ms, target: mt, mode: mode))
        // Inlier distances and the RMSE bound follow the data here: the fitness must rest on enough of
        // the space both clouds saw.
        registrar.requiresSharedEvidence = true
        let fine = RegistrationConfiguration.fineStage(after: registrar.configuration, source: ms, target: mt)
        // 6-DoF sparse clouds stay in the frames given (see the documentation above).
        guard fine != nil || mode == .gravityAligned else { return registrar.register(source: source, target: target, seed: seed) }
        let canonicalFromSource = CanonicalFrame(of: source.positions, mode: mode).canonicalFromCloud
        let canonicalFromTarget = CanonicalFrame(of: target.positions, mode: mode).canonicalFromCloud
        let canonicalSource = PointCloud(unchecked: source.positions.map(canonicalFromSource.apply(to:)))
        let canonicalTarget = PointCloud(unchecked: target.positions.map(canonicalFromTarget.apply(to:)))
        var result =
            fine.map { registrar.registerCoarseToFine(source: canonicalSource, target: canonicalTarget, fine: $0, seed: seed) }
            ?? registrar.register(source: canonicalSource, target: canonicalTarget, seed: seed)
        guard result.isFound else { return result }
        result.targetFromSource = canonicalFromTarget.inverse * result.targetFromSource * canonicalFromSource
        return result
    }

    /// With a fine level, the search keeps and refines this many times `hypothesesRefined` answers:
    /// the fine evidence can afford to judge more of them, and a symmetric room's turned versions
    /// would otherwise crowd out the true one.
    static let fineStageHypothesisFactor = 2
    /// Distinct answers of the search refined and judged at the fine level, at most (those with the
    /// most inliers discounted by contradictions at the search level).
    static let fineStageAnswers = 4
    /// Source points the fine level judges each answer on, at most (evenly strided).
    static let maximumFineEvaluationPoints = 20_000
    /// With a fine level, the search level's ICP runs on at most this many source points: it only has
    /// to bring its answers within the fine ICP's reach, which refines them on `maximumICPPoints`.
    static let searchICPPointsBeforeFineLevel = maximumICPPoints / 2
    /// The winner is settled by ICP at the inlier distance on at most this many source points (the
    /// fine level's, see `registerCoarseToFine`; without one, the search level's, see `register`).
    static let settlingICPPoints = maximumICPPoints * 4

    /// Searches at these settings, then refines every distinct answer of the search by ICP at the
    /// finer settings `fine` and ranks them there by their inliers discounted by their contradictions
    /// (`maximumContradictionRate`): points landing beside the target's surfaces rather than on them
    /// or beyond them. A half-turned rectangular room explains more wall points than the true,
    /// partial overlap, but puts its furniture where the target saw something else.
    ///
    /// The verdict: overlap, inliers, RMSE, constraint and fitness of the winner at the search level
    /// (where they are calibrated), its contradiction rate at the fine level, and the runner-up's
    /// discounted inliers as a fraction of the winner's (`runnerUpRatio`). The transform is the fine one.
    func registerCoarseToFine(source: PointCloud, target: PointCloud, fine: RegistrationConfiguration, seed: UInt64)
        -> RegistrationResult
    {
        // One pass over each full cloud: the fine level's voxels, from which the search level's follow.
        let fineSource = RegistrationCloud.voxelized(source.positions, weights: nil, voxelSize: fine.voxelSize)
        let fineTarget = RegistrationCloud.voxelized(target.positions, weights: nil, voxelSize: fine.voxelSize)
        let s = RegistrationCloud(
            centroids: RegistrationCloud.voxelized(fineSource.centroids, weights: fineSource.weights, voxelSize: configuration.voxelSize)
                .centroids,
            configuration: configuration, descriptorLimit: configuration.maximumKeypoints * Self.sourceDescriptorFactor)
        let t = RegistrationCloud(
            centroids: RegistrationCloud.voxelized(fineTarget.centroids, weights: fineTarget.weights, voxelSize: configuration.voxelSize)
                .centroids,
            configuration: configuration, descriptorLimit: nil)
        guard s.count >= Self.minimumPointCount, t.count >= Self.minimumPointCount else {
            return .notFound(
                .tooFewPoints(source: s.count, target: t.count, minimum: Self.minimumPointCount), sourcePointCount: s.count)
        }
        var g = SeededGenerator(seed: seed)
        let found: Search
        // More answers are kept for the fine level to judge. The search level's RMSE is that of the
        // voxel sampling here (about half the inlier distance), not of the noise: only the bound of no
        // alignment at all applies, and the fine contradiction rate judges the fit.
        var c = configuration
        c.hypothesesRefined *= Self.fineStageHypothesisFactor
        c.maximumRMSE = max(c.maximumRMSE, c.inlierDistance * RegistrationConfiguration.maximumRelativeRMSE)
        var judge = PointCloudRegistrar(configuration: c)
        judge.requiresSharedEvidence = requiresSharedEvidence
        let coarseEnclosure = OccupancyGrid(t.positions, cell: c.coverageRadius)
        switch judge.search(
            source: s, target: t, using: &g, refining: c.hypothesesRefined, enclosure: coarseEnclosure,
            icpPoints: Self.searchICPPointsBeforeFineLevel, skippingConverged: true)
        {
        case .notFound(let result): return result
        case .found(let f): found = f
        }
        let refiner = PointCloudRegistrar(configuration: fine)
        let fs = RegistrationCloud(centroids: fineSource.centroids, configuration: fine, descriptorLimit: 0, normals: false)
        let ft = RegistrationCloud(centroids: fineTarget.centroids, configuration: fine, descriptorLimit: 0)
        let stride = max(1, fs.count / Self.maximumFineEvaluationPoints)
        let enclosure = OccupancyGrid(ft.positions, cell: fine.coverageRadius)
        let limit = fine.maximumContradictionRate
        var answers: [(transform: RigidTransform, iterations: Int, support: Float, rate: Float)] = []
        // The distinct answers best supported at the search level go on to the fine level.
        var candidates: [(transform: RigidTransform, iterations: Int, quality: Quality)] = []
        for r in found.refined.sorted(by: { $0.quality.support(maximumContradictionRate: limit) > $1.quality.support(maximumContradictionRate: limit) })
        where candidates.count < Self.fineStageAnswers && !candidates.contains(where: { isSameAnswer($0.transform, r.transform) }) {
            candidates.append(r)
        }
        for r in candidates {
            let (transform, iterations) = refiner.refine(r.transform, source: fs, target: ft)
            let q = refiner.evaluate(transform, source: fs, target: ft, enclosure: enclosure, stride: stride, countingCoverage: false)
            answers.append((transform, r.iterations + iterations, q.support(maximumContradictionRate: limit), q.contradictionRate))
        }
        answers.sort { $0.support > $1.support }
        let winner = answers[0]
        let runnerUp = answers.dropFirst().filter { !isSameAnswer($0.transform, winner.transform) }.map(\.support).max() ?? 0
        let runnerUpRatio = winner.support > 0 ? max(0, runnerUp) / winner.support : 1
        // ICP on `maximumICPPoints` has shallow local optima a few millimetres and tenths of a degree
        // apart, and which one an answer settles in depends on where its search answer started. ICP at
        // the inlier distance on `settlingICPPoints` takes the winner on to the optimum of the data,
        // which does not depend on the start (nor on the frame the clouds came in).
        var settle = fine
        settle.icpStartDistance = fine.inlierDistance
        let (transform, settling) = PointCloudRegistrar(configuration: settle)
            .refine(winner.transform, source: fs, target: ft, maximumPoints: Self.settlingICPPoints)
        let (fitness, sharedCells) = judge.sharedEvidence(transform, source: s, target: t)
        var result = judge.verdict(
            transform, quality: evaluate(transform, source: s, target: t),
            fitness: fitness, sharedCells: sharedCells, runnerUpRatio: runnerUpRatio,
            contradictionRate: winner.rate, icpIterations: winner.iterations + settling, sourcePointCount: s.count)
        result.refinementVoxelSize = fine.voxelSize
        return result
    }

    /// `result` refined by ICP at the finer settings `configuration` (same mode): its transform is
    /// replaced when the refinement keeps at least as many inliers at the fine level, and
    /// `refinementVoxelSize` records the level. Results that were not found are returned unchanged.
    public func refinedFurther(
        _ result: RegistrationResult, source: PointCloud, target: PointCloud, configuration fine: RegistrationConfiguration
    ) -> RegistrationResult {
        guard result.isFound, fine.mode == configuration.mode, fine.problem == nil else { return result }
        let refiner = PointCloudRegistrar(configuration: fine)
        let s = RegistrationCloud(positions: source.positions, configuration: fine, descriptorLimit: 0, normals: false)
        let t = RegistrationCloud(positions: target.positions, configuration: fine, descriptorLimit: 0)
        guard s.count >= Self.minimumPointCount, t.count >= Self.minimumPointCount else { return result }
        let before = refiner.evaluate(result.targetFromSource, source: s, target: t)
        let (transform, iterations) = refiner.refine(result.targetFromSource, source: s, target: t)
        let after = refiner.evaluate(transform, source: s, target: t)
        guard after.inliers >= before.inliers else { return result }
        var out = result
        out.targetFromSource = transform
        out.icpIterations += iterations
        out.refinementVoxelSize = fine.voxelSize
        return out
    }
}

