import Foundation
import FathomCore

/// Aligns a source point cloud to a target point cloud: finds `targetFromSource` without an initial
/// guess, then refines it.
///
/// Global alignment by descriptor correspondences and robust sampling (two correspondences fix a
/// yaw and a translation in the gravity-aligned mode; three fix a general rigid transform), the best
/// hypotheses verified on the whole cloud and refined by point-to-plane ICP (constrained to yaw and
/// translation in the gravity-aligned mode). Randomness comes from the generator passed in, so
/// results are reproducible from a seed.
///
/// The method follows the RANSAC-on-features pipeline of Rusu et al., "Fast Point Feature
/// Histograms (FPFH) for 3D registration" (ICRA 2009), and point-to-plane ICP of Chen & Medioni
/// (1992), with gravity-aware descriptors and a 2-point minimal set when gravity is known.
public struct PointCloudRegistrar: Sendable {
    /// The settings.
    public let configuration: RegistrationConfiguration
    /// Whether a trusted result needs `minimumSharedCells` cells both clouds saw (the adaptive path,
    /// whose inlier distances and RMSE bound follow the data, sets it; fixed settings, whose absolute
    /// RMSE bound rejects wrong rooms on the relocalizer's sweep, do not).
    var requiresSharedEvidence = false

    /// Clouds with fewer downsampled points than this are not registered.
    public static let minimumPointCount = 10
    /// Hypotheses closer than this in angle (radians) and `pairTolerance` in translation are merged.
    static let duplicateAngle: Float = 0.05
    /// Hypotheses ICP-refined after the coarse verification of `hypothesesRefined` candidates.
    static let refinedAfterVerification = 3
    /// Most source points used by ICP (evenly strided).
    static let maximumICPPoints = 1500

    /// Creates a registrar; the configuration must be valid (`configuration.problem == nil`).
    public init(configuration: RegistrationConfiguration = RegistrationConfiguration()) {
        precondition(configuration.problem == nil, "invalid registration configuration: \(configuration.problem!)")
        self.configuration = configuration
    }

    /// Prepares a cloud (downsampling, normals, descriptors) for use as a target or a source.
    public func prepare(_ cloud: PointCloud) -> RegistrationCloud {
        RegistrationCloud(cloud, configuration: configuration)
    }

    /// Registers `source` to `target` with a generator seeded by `seed`.
    public func register(source: PointCloud, target: PointCloud, seed: UInt64 = 0) -> RegistrationResult {
        var g = SeededGenerator(seed: seed)
        return register(source: prepareSource(source), target: prepare(target), using: &g)
    }

    /// Registers `source` to a prepared target.
    public func register<G: RandomNumberGenerator>(
        source: PointCloud, target: RegistrationCloud, using generator: inout G
    ) -> RegistrationResult {
        register(source: prepareSource(source), target: target, using: &generator)
    }

    /// Prepares a source: descriptors only at about `sourceDescriptorFactor × maximumKeypoints`
    /// evenly strided points, since only keypoints are matched.
    func prepareSource(_ cloud: PointCloud) -> RegistrationCloud {
        RegistrationCloud(
            positions: cloud.positions, configuration: configuration,
            descriptorLimit: configuration.maximumKeypoints * Self.sourceDescriptorFactor)
    }

    /// Source points described per keypoint wanted (slack for points without neighbours).
    static let sourceDescriptorFactor = 2

    /// Registers a prepared source to a prepared target; both must have been prepared with this
    /// registrar's configuration.
    public func register<G: RandomNumberGenerator>(
        source: RegistrationCloud, target: RegistrationCloud, using generator: inout G
    ) -> RegistrationResult {
        if let refusal = refusal(source: source, target: target) { return refusal }
        // A hypothesis within reach of an answer already refined would converge there: not refined again.
        switch search(source: source, target: target, using: &generator, skippingConverged: true) {
        case .notFound(let result):
            return result
        case .found(let found):
            let best = found.refined[0]
            // Settled as the fine level settles its winner: ICP on `maximumICPPoints` stops in shallow
            // optima centimetres apart on sparse, noisy clouds; ICP at the inlier distance on all the
            // points (up to `settlingICPPoints`) takes it on to the optimum of the data.
            var settle = configuration
            settle.icpStartDistance = configuration.inlierDistance
            let (transform, settling) = PointCloudRegistrar(configuration: settle)
                .refine(best.transform, source: source, target: target, maximumPoints: Self.settlingICPPoints)
            let quality = evaluate(transform, source: source, target: target)
            let (fitness, sharedCells) = sharedEvidence(transform, source: source, target: target)
            func judged(refiningRivals: Bool) -> RegistrationResult {
                let runnerUp = runnerUpSupport(
                    of: best.transform, winnerSupport: best.quality.support, in: found, source: source, target: target,
                    refiningRivals: refiningRivals)
                return verdict(
                    transform, quality: quality, fitness: fitness, sharedCells: sharedCells,
                    runnerUpRatio: best.quality.support > 0 ? runnerUp / best.quality.support : 1,
                    icpIterations: best.iterations + settling, sourcePointCount: source.count)
            }
            // The runner-up is checked last: its rivals are refined by ICP (the costliest part of a
            // verdict) only when every other check passes and it decides. Otherwise the result reports
            // the rivals as the search left them.
            let preliminary = judged(refiningRivals: false)
            guard preliminary.isTrusted || preliminary.failure.map(Self.isRunnerUpFailure) == true else { return preliminary }
            return judged(refiningRivals: true)
        }
    }

    /// Whether `failure` is the runner-up's (`RegistrationFailure.ambiguous`).
    static func isRunnerUpFailure(_ failure: RegistrationFailure) -> Bool {
        if case .ambiguous = failure { return true }
        return false
    }

    /// What the global search ended with: answers, or a result saying why there are none.
    enum SearchOutcome {
        case found(Search)
        case notFound(RegistrationResult)
    }

    /// The global search's answers: the hypotheses refined by ICP (most inliers first) and the other
    /// verified ones with their inliers before refinement.
    struct Search {
        var refined: [(transform: RigidTransform, iterations: Int, quality: Quality)]
        var others: [(transform: RigidTransform, inliers: Int, support: Float)]
    }

    /// Matches descriptors, samples hypotheses, verifies them on the whole source and refines the best
    /// `refining` by ICP (their quality counting contradictions when given the target's `enclosure`);
    /// a result saying why when nothing was found. ICP runs on at most `icpPoints` source points; with
    /// `skippingConverged`, hypotheses within reach of an answer already refined are not refined again
    /// (they count as others at their verified inliers).
    func search<G: RandomNumberGenerator>(
        source: RegistrationCloud, target: RegistrationCloud, using generator: inout G,
        refining: Int = refinedAfterVerification, enclosure: OccupancyGrid? = nil, icpPoints: Int = maximumICPPoints,
        skippingConverged: Bool = false
    ) -> SearchOutcome {
        let correspondences = matchDescriptors(source: source, target: target, using: &generator)
        guard correspondences.count >= (configuration.mode == .gravityAligned ? 2 : 3) else {
            return .notFound(.notFound(.noCorrespondences, sourcePointCount: source.count))
        }
        let hypotheses = sampleHypotheses(
            source: source, target: target, correspondences: correspondences, using: &generator)
        guard !hypotheses.isEmpty else {
            return .notFound(.notFound(
                .noConsistentHypothesis, sourcePointCount: source.count,
                samplingIterations: configuration.samplingIterations))
        }
        // Coarse verification on the whole cloud, then ICP on the best few.
        let coarse = hypotheses.map { h in
            let q = evaluate(h, source: source, target: target, countingCoverage: false)
            return (transform: h, inliers: q.inliers, support: q.support)
        }
            .sorted { $0.inliers > $1.inliers }
        var refined: [(transform: RigidTransform, iterations: Int, quality: Quality)] = []
        var others = Array(coarse.dropFirst(refining))
        for (h, inliers, support) in coarse.prefix(refining) {
            // A hypothesis that starts where an answer already converged would converge there again.
            if skippingConverged && refined.contains(where: { isWithinReach(h, of: $0.transform) }) {
                others.append((h, inliers, support))
                continue
            }
            let (t, iterations) = refine(h, source: source, target: target, maximumPoints: icpPoints)
            refined.append((t, iterations, evaluate(t, source: source, target: target, enclosure: enclosure, countingCoverage: false)))
        }
        refined.sort { $0.quality.inliers > $1.quality.inliers }
        return .found(Search(refined: refined, others: others))
    }

    /// The result for `transform` with quality `q` and `fitness` (`sharedFitness`; both measured with
    /// these settings), a runner-up scoring `runnerUpRatio` of the winner and, where a finer level
    /// judged it, the winner's contradiction rate there: the figures and the trust verdict. With
    /// `requiresSharedEvidence`, the fitness must have been measured over at least `minimumSharedCells`
    /// of the `sharedCells` both clouds saw (`sharedEvidence`).
    func verdict(
        _ transform: RigidTransform, quality q: Quality, fitness: Float, sharedCells: Int? = nil, runnerUpRatio: Float,
        contradictionRate: Float? = nil, icpIterations iterations: Int, sourcePointCount: Int
    ) -> RegistrationResult {
        let overlap = Float(q.covered) / Float(max(1, sourcePointCount))
        // Checked in this order; `.ambiguous` therefore means that everything else passed (the
        // runner-up, the costliest figure, is measured in full only then; see `register`).
        var failure: RegistrationFailure? = nil
        if overlap < configuration.minimumOverlap {
            failure = .lowOverlap(overlap)
        } else if q.inliers < configuration.minimumInlierCount {
            failure = .fewInliers(q.inliers)
        } else if q.rmse > configuration.maximumRMSE {
            failure = .highRMSE(q.rmse)
        } else if q.constraint < configuration.minimumConstraint {
            failure = .degenerate(q.constraint)
        } else if let rate = contradictionRate, rate > configuration.maximumContradictionRate {
            failure = .contradicted(rate)
        } else if fitness < configuration.minimumFitness {
            failure = .lowFitness(fitness)
        } else if requiresSharedEvidence, let cells = sharedCells, cells < Self.minimumSharedCells {
            failure = .uncertainFitness(fitness, sharedCells: cells)
        } else if runnerUpRatio > configuration.maximumRunnerUpRatio {
            failure = .ambiguous(runnerUpRatio)
        }
        var result = RegistrationResult(
            targetFromSource: transform, isFound: true, fitness: fitness, overlap: overlap, inlierRMSE: q.rmse, inlierCount: q.inliers,
            sourcePointCount: sourcePointCount, isTrusted: failure == nil,
            samplingIterations: configuration.samplingIterations, icpIterations: iterations, failure: failure)
        result.runnerUpRatio = runnerUpRatio
        result.constraint = q.constraint
        result.contradictionRate = contradictionRate ?? 0
        result.voxelSize = configuration.voxelSize
        result.refinementVoxelSize = configuration.voxelSize
        result.inlierDistance = configuration.inlierDistance
        result.sharedCells = sharedCells ?? 0
        return result
    }

    /// Whether two transforms are the same answer: within `icpStartDistance` and `answerAngle` of each
    /// other (ICP from one would reach the other).
    func isSameAnswer(_ a: RigidTransform, _ b: RigidTransform) -> Bool {
        (a.rotation.transposed * b.rotation).rotationAngle < Self.answerAngle
            && a.translation.distance(to: b.translation) < configuration.icpStartDistance * 2
    }

    /// Hypotheses closer than this in angle (radians) count as one answer (`isSameAnswer`).
    static let answerAngle: Float = 0.1

    /// Whether ICP started from `hypothesis` would converge to `answer` (a converged transform): within
    /// `duplicateAngle` and `inlierDistance` of it, where its pairs are those of the answer.
    func isWithinReach(_ hypothesis: RigidTransform, of answer: RigidTransform) -> Bool {
        (hypothesis.rotation.transposed * answer.rotation).rotationAngle < Self.duplicateAngle
            && hypothesis.translation.distance(to: answer.translation) < configuration.inlierDistance
    }

    /// Inliers, points in the mapped space and the inliers' RMSE (metres).
    struct Quality {
        var inliers: Int
        var covered: Int
        var rmse: Float
        /// Smallest eigenvalue of the inliers' mean constraint matrix (see `minimumConstraint`).
        var constraint: Float
        /// Source points within `coverageRadius` of a target point that are neither inliers nor on the
        /// plane of their nearest target point (counted only when asked for; see `evaluate`).
        var contradictions = 0
        /// Source points within `coverageRadius` of a target point that are not inliers but lie on
        /// the plane of their nearest target point: the target's surfaces continued (counted with
        /// the contradictions).
        var extensions = 0
        /// The inliers weighed by how well they fit, Σ (1 − d²/r²) over the inliers (d a point's distance
        /// to its nearest target point, r `inlierDistance`): the truncated quadratic score of MSAC (Torr
        /// & Zisserman, "MLESAC", CVIU 2000) in units of inliers — a perfect fit scores its inlier count,
        /// points spread evenly over the inlier ball 0.4 each. The runner-up check compares answers by it
        /// (`runnerUpSupport`).
        var support: Float = 0

        /// Contradictions among the points near the target's surfaces (0…1).
        var contradictionRate: Float {
            let near = inliers + contradictions + extensions
            return near > 0 ? Float(contradictions) / Float(near) : 0
        }

        /// The inliers discounted by the contradictions, `inliers × (1 − rate / maximumRate)`: an
        /// answer at the trusted limit of contradictions scores 0.
        func support(maximumContradictionRate: Float) -> Float {
            Float(inliers) * (1 - contradictionRate / maximumContradictionRate)
        }
    }

    /// Counts the source points whose nearest target point lies within `inlierDistance` after
    /// `transform` (inliers, and their RMSE) and those landing in the target's mapped space; given the
    /// target's `enclosure`, also the other points as contradictions (off the plane of the nearest
    /// target point within `coverageRadius` when that one is planar, or far from every target point
    /// but inside what the target enclosed) or extensions (on that plane; see `Quality`); points whose
    /// nearest target point is not planar count as neither. `stride` > 1 looks at every
    /// `stride`-th source point. Without `countingCoverage` the points in the mapped space are not
    /// looked up (`covered` is then the inliers): for rankings, which use the inliers and contradictions
    /// only (a set lookup per point, 3 % of a dense registration).
    func evaluate(
        _ transform: RigidTransform, source: RegistrationCloud, target: RegistrationCloud, enclosure: OccupancyGrid? = nil,
        stride: Int = 1, countingCoverage: Bool = true
    ) -> Quality {
        let r = configuration.inlierDistance
        var inliers = 0, covered = 0, contradictions = 0, extensions = 0
        var sum: Double = 0
        var support: Double = 0
        let inverseR2 = 1 / Double(r * r)
        var xx = 0.0, xy = 0.0, xz = 0.0, yy = 0.0, yz = 0.0, zz = 0.0
        for k in Swift.stride(from: 0, to: source.count, by: max(1, stride)) {
            let q = transform.apply(to: source.positions[k])
            if countingCoverage && target.covers(q) { covered += 1 }
            guard let (bestIndex, best) = target.nearest(to: q, within: r) else {
                if let enclosure {
                    // No occupied cell around: no target point within the coverage radius either.
                    let contact: RegistrationCloud.Contact =
                        enclosure.cell >= configuration.coverageRadius && !enclosure.hasPoints(around: q)
                        ? .none : target.contact(of: q, within: configuration.coverageRadius, planeTolerance: r)
                    switch contact {
                    case .contradiction: contradictions += 1
                    case .extension: extensions += 1
                    case .undecided: break
                    case .none: if enclosure.enclosesHorizontally(q) { contradictions += 1 }
                    }
                }
                continue
            }
            inliers += 1
            sum += Double(best)
            support += 1 - Double(best) * inverseR2
            switch target.shapes[bestIndex] {
            case .unknown:
                break
            case .planar(let normal):
                let n = SIMD3<Double>(normal)
                xx += n.x * n.x; xy += n.x * n.y; xz += n.x * n.z
                yy += n.y * n.y; yz += n.y * n.z; zz += n.z * n.z
            case .elongated(let axis):
                // (I − a·aᵀ) / 2: pins the two directions across the axis.
                let a = SIMD3<Double>(axis)
                xx += (1 - a.x * a.x) / 2; xy -= a.x * a.y / 2; xz -= a.x * a.z / 2
                yy += (1 - a.y * a.y) / 2; yz -= a.y * a.z / 2; zz += (1 - a.z * a.z) / 2
            case .isotropic:
                xx += 1.0 / 3; yy += 1.0 / 3; zz += 1.0 / 3
            }
        }
        var constraint: Float = 0
        if inliers > 0, let (_, e) = SmallMatrixMath.smallestEigenvector(
            xx: xx, xy: xy, xz: xz, yy: yy, yz: yz, zz: zz)
        {
            constraint = Float(max(0, e.x) / Double(inliers))
        }
        return Quality(
            inliers: inliers, covered: max(covered, inliers),
            rmse: inliers > 0 ? Float((sum / Double(inliers)).squareRoot()) : 0, constraint: constraint,
            contradictions: contradictions, extensions: extensions, support: Float(support))
    }
}
