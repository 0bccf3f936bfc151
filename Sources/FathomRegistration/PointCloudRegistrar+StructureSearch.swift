import FathomCore
import Foundation

extension PointCloudRegistrar {
    /// Hypotheses of the structure search kept after scoring in plan (the best distinct ones), each
    /// refined by ICP and judged in 3-D.
    static let structureHypothesesKept = 16
    /// Source wall points each placement is scored on in plan, at most (evenly strided).
    static let footprintScoringPoints = 400
    /// Two planes fix a translation together when their normals are at least this far from parallel, radians (30°).
    static let minimumPlanePairAngle: Float = 30 * .pi / 180
    /// Vertical offsets tried: the best distinct peaks of the correlation of the two clouds' floor and
    /// ceiling heights.
    static let verticalOffsetsTried = 2

    /// Registers `source` to `target` from their structure rather than from descriptors: for rooms,
    /// whose walls give few distinctive points but long planes. Gravity-aligned clouds only (the
    /// placement is a turn about the vertical and a translation).
    ///
    /// Each cloud's vertical planes (walls, cupboard fronts) give the hypotheses: a turn for every
    /// pair of plane directions (both ways round), then a horizontal translation for every two
    /// non-parallel source planes laid on two target planes of their directions; the placements whose
    /// source walls land best on the target's walls seen from above, less those standing in its open
    /// floor (`WallFootprint`), are kept and lifted by the vertical offset at which the clouds'
    /// horizontal surfaces (floors, ceilings) agree best. Each is refined by ICP and ranked by its
    /// inliers discounted by its free-space contradiction rate (the larger of the two clouds'
    /// fractions of upright points standing where the other saw open floor, against
    /// `maximumContradictionRate`); the winner is judged by `register`'s gates, with that rate as its
    /// contradiction rate and the best distinct other answer as its runner-up.
    /// - Precondition: both clouds were prepared with this registrar's configuration, whose mode is
    ///   `.gravityAligned`.
    /// - Returns: the result (its `failure` says why nothing was found: too few points, or no two
    ///   non-parallel vertical planes or horizontal surfaces to pair).
    /// - Complexity: O(turns × plane pairs² × `footprintScoringPoints`) for the hypotheses, then as ICP.
    public func registerByStructure(source: RegistrationCloud, target: RegistrationCloud) -> RegistrationResult {
        precondition(configuration.mode == .gravityAligned, "the structure search needs gravity-aligned clouds")
        if let refusal = refusal(source: source, target: target) { return refusal }
        let answers = structureAnswers(source: source, target: target)
        guard let best = answers.first else { return .notFound(.noConsistentHypothesis, sourcePointCount: source.count) }
        let runnerUp = answers.dropFirst().filter { !isSameAnswer($0.targetFromSource, best.targetFromSource) }.map(\.support).max() ?? 0
        let quality = Quality(
            inliers: best.inlierCount, covered: best.coveredCount, rmse: best.inlierRMSE, constraint: best.constraint)
        return verdict(
            best.targetFromSource, quality: quality,
            fitness: sharedFitness(best.targetFromSource, source: source, target: target),
            runnerUpRatio: best.support > 0 ? max(0, runnerUp) / best.support : 1,
            contradictionRate: best.contradictionRate, icpIterations: best.icpIterations, sourcePointCount: source.count)
    }

    /// Every refined answer of the structure search (see `registerByStructure`), best support first,
    /// without a verdict: for a caller that judges the answers itself (the floor-plan merge judges them
    /// by what both scans saw). Empty when the clouds give no hypothesis.
    /// - Precondition: both clouds were prepared with this registrar's configuration, whose mode is
    ///   `.gravityAligned`, and both hold at least `minimumPointCount` points.
    ///
    /// With `obstacleBand` (heights in the target's frame, metres: the band where a walk meets walls
    /// and furniture, above the floor), the contradiction rate counts only upright points within the
    /// band, and only on cells where the other cloud saw level surface *below* the band (its floor):
    /// a floor seen under a door's lintel or beside a wall top does not contradict the lintel or the
    /// other side's wall top (a ray to the floor passes beneath them), and a box top is not open floor.
    /// Without it, every upright point counts against every level surface (floors, ceilings, tops).
    public func structureAnswers(
        source: RegistrationCloud, target: RegistrationCloud, obstacleBand: ClosedRange<Float>? = nil
    ) -> [StructureAnswer] {
        precondition(configuration.mode == .gravityAligned, "the structure search needs gravity-aligned clouds")
        let hypotheses = structureHypotheses(source: source, target: target)
        guard !hypotheses.isEmpty else { return [] }
        // Every start refined (those within reach of one refined already once); each answer judged by
        // its inliers discounted by its free-space contradictions: upright points of either cloud
        // standing where the other saw open floor (a half-turned room lays its walls on the other's but
        // its furniture and partitions across the other's floor).
        var sourceUpright = source.verticalSurfaceIndices.map { source.positions[$0] }
        var targetUpright = target.verticalSurfaceIndices.map { target.positions[$0] }
        let targetFootprint: WallFootprint
        if let band = obstacleBand {
            targetUpright = targetUpright.filter { band.contains($0.y) }
            targetFootprint = target.footprint(floorBelow: band.lowerBound)
        } else {
            targetFootprint = target.footprint()
        }
        let sourceFootprint = obstacleBand == nil ? source.footprint() : nil
        let allSourceUpright = sourceUpright
        let limit = configuration.maximumContradictionRate
        var answers: [StructureAnswer] = []
        var starts: [RigidTransform] = []
        for h in hypotheses where !starts.contains(where: { isWithinReach(h, of: $0) }) {
            starts.append(h)
            let (t, iterations) = refine(h, source: source, target: target)
            let q = evaluate(t, source: source, target: target)
            let backFootprint: WallFootprint
            if let band = obstacleBand {
                // The band in the source's frame follows the answer's lift.
                let lift = t.translation.y
                sourceUpright = allSourceUpright.filter { band.contains($0.y + lift) }
                backFootprint = source.footprint(floorBelow: band.lowerBound - lift)
            } else {
                backFootprint = sourceFootprint!
            }
            let rate = max(
                targetFootprint.openFraction(of: sourceUpright, movedBy: t),
                backFootprint.openFraction(of: targetUpright, movedBy: t.inverse))
            answers.append(
                StructureAnswer(
                    targetFromSource: t, inlierCount: q.inliers, coveredCount: q.covered, inlierRMSE: q.rmse, constraint: q.constraint,
                    contradictionRate: rate, support: Float(q.inliers) * (1 - rate / limit), icpIterations: iterations))
        }
        answers.sort { $0.support > $1.support }
        return answers
    }

    /// The figures of `answer` (found by `structureAnswers` for these clouds) as a result with the
    /// registrar's verdict on them, the runner-up not judged (ratio 0): for a caller that chose the
    /// answer by its own judgement and reports the figures.
    public func structureResult(for answer: StructureAnswer, source: RegistrationCloud, target: RegistrationCloud)
        -> RegistrationResult
    {
        let quality = Quality(
            inliers: answer.inlierCount, covered: answer.coveredCount, rmse: answer.inlierRMSE, constraint: answer.constraint)
        return verdict(
            answer.targetFromSource, quality: quality,
            fitness: sharedFitness(answer.targetFromSource, source: source, target: target), runnerUpRatio: 0,
            contradictionRate: answer.contradictionRate, icpIterations: answer.icpIterations, sourcePointCount: source.count)
    }

    /// Whether two structure answers are the same placement (`isSameAnswer`: ICP from one would reach
    /// the other).
    public func isSameStructureAnswer(_ a: StructureAnswer, _ b: StructureAnswer) -> Bool {
        isSameAnswer(a.targetFromSource, b.targetFromSource)
    }

    /// The result refusing to register clouds with fewer than `minimumPointCount` points, or nil when
    /// both have enough.
    /// - Precondition: both clouds were prepared with this registrar's configuration.
    func refusal(source: RegistrationCloud, target: RegistrationCloud) -> RegistrationResult? {
        precondition(
            source.configuration == configuration && target.configuration == configuration,
            "clouds must be prepared with the registrar's configuration")
        guard source.count < Self.minimumPointCount || target.count < Self.minimumPointCount else { return nil }
        return .notFound(
            .tooFewPoints(source: source.count, target: target.count, minimum: Self.minimumPointCount),
            sourcePointCount: source.count)
    }

    /// The placements the clouds' structure suggests (see `registerByStructure`), best first: the
    /// `structureHypothesesKept` best distinct turns and horizontal translations by their footprint
    /// score (source wall points on the target's walls, less those in its open floor), each lifted by
    /// the vertical offset tried that gives it the most inliers.
    func structureHypotheses(source: RegistrationCloud, target: RegistrationCloud) -> [RigidTransform] {
        let sourcePlanes = source.verticalPlanes(), targetPlanes = target.verticalPlanes()
        let lifts = Self.verticalOffsets(
            source: source.horizontalSurfaceHeights(bin: configuration.voxelSize),
            target: target.horizontalSurfaceHeights(bin: configuration.voxelSize), bin: configuration.voxelSize)
        guard !sourcePlanes.isEmpty, !targetPlanes.isEmpty, !lifts.isEmpty else { return [] }
        let footprint = target.footprint()
        let upright = source.verticalSurfaceIndices
        let scored = Swift.stride(from: 0, to: upright.count, by: max(1, upright.count / Self.footprintScoringPoints))
            .map { source.positions[upright[$0]] }
        let parallel = RegistrationCloud.planeDirectionTolerance * 2
        let crossing = cos(Self.minimumPlanePairAngle)
        var top: [(transform: RigidTransform, score: Int)] = []
        for yaw in Self.turns(from: sourcePlanes, to: targetPlanes) {
            let turn = RigidTransform(rotation: Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: yaw))
            let turned = sourcePlanes.map { $0.moved(by: turn) }
            let partners = turned.map { s in targetPlanes.filter { s.isParallel(to: $0, tolerance: parallel) } }
            for i in turned.indices where !partners[i].isEmpty {
                for j in (i + 1)..<turned.count where !partners[j].isEmpty && abs(turned[i].normal.dot(turned[j].normal)) <= crossing {
                    for a in partners[i] {
                        for b in partners[j] {
                            guard let t = Self.translation(laying: turned[i], on: a, and: turned[j], on: b) else { continue }
                            let placement = RigidTransform(rotation: turn.rotation, translation: t)
                            var score = 0
                            for p in scored {
                                switch footprint.mark(at: placement.apply(to: p)) {
                                case .wall: score += 1
                                case .open: score -= 1
                                case .unseen: break
                                }
                            }
                            keep(placement, score: score, in: &top)
                        }
                    }
                }
            }
        }
        let stride = max(1, source.count / Self.footprintScoringPoints)
        return top.map { h in
            let lifted = lifts.map {
                RigidTransform(rotation: h.transform.rotation, translation: h.transform.translation + SIMD3(0, $0, 0))
            }
            return lifted.max { evaluate($0, source: source, target: target, stride: stride).inliers
                < evaluate($1, source: source, target: target, stride: stride).inliers }!
        }
    }

    /// Inserts `placement` into `top` (best score first, at most `structureHypothesesKept`, no two
    /// duplicates: the better of two stays).
    private func keep(_ placement: RigidTransform, score: Int, in top: inout [(transform: RigidTransform, score: Int)]) {
        guard top.count < Self.structureHypothesesKept || score > top[top.count - 1].score else { return }
        if let dup = top.firstIndex(where: { isDuplicate($0.transform, placement) }) {
            guard score > top[dup].score else { return }
            top.remove(at: dup)
        } else if top.count == Self.structureHypothesesKept {
            top.removeLast()
        }
        let at = top.firstIndex { $0.score < score } ?? top.count
        top.insert((placement, score), at: at)
    }

    /// The turns about +y (radians) taking a direction of the source's planes onto one of the
    /// target's, both ways round; nearly equal turns once.
    static func turns(from source: [VerticalPlane], to target: [VerticalPlane]) -> [Float] {
        func directions(_ planes: [VerticalPlane]) -> [SIMD3<Float>] {
            var out: [SIMD3<Float>] = []
            for p in planes where !out.contains(where: { abs($0.dot(p.normal)) >= cos(duplicateAngle) }) { out.append(p.normal) }
            return out
        }
        var turns: [Float] = []
        for s in directions(source) {
            for t in directions(target) {
                // R_y(θ) turns the plan angle atan2(z, x) by −θ.
                let base = atan2(s.z, s.x) - atan2(t.z, t.x)
                for yaw in [base, base + .pi] {
                    let wrapped = yaw.remainder(dividingBy: 2 * .pi)
                    if !turns.contains(where: { abs(($0 - wrapped).remainder(dividingBy: 2 * .pi)) < duplicateAngle }) { turns.append(wrapped) }
                }
            }
        }
        return turns
    }

    /// The horizontal translation laying source plane `s` on target plane `a` and `u` on `b` (the
    /// source planes already turned), or nil when the two are too near parallel to fix one.
    static func translation(laying s: VerticalPlane, on a: VerticalPlane, and u: VerticalPlane, on b: VerticalPlane)
        -> SIMD3<Float>?
    {
        // n · t = target offset (signed as n) − source offset, for both planes.
        let r1 = (s.normal.dot(a.normal) >= 0 ? a.offset : -a.offset) - s.offset
        let r2 = (u.normal.dot(b.normal) >= 0 ? b.offset : -b.offset) - u.offset
        let det = s.normal.x * u.normal.z - s.normal.z * u.normal.x
        guard abs(det) > 1e-3 else { return nil }
        return SIMD3((r1 * u.normal.z - r2 * s.normal.z) / det, 0, (s.normal.x * r2 - u.normal.x * r1) / det)
    }

    /// The lifts (metres, added to source heights) at which the two clouds' horizontal-surface height
    /// counts agree best: the `verticalOffsetsTried` highest distinct peaks of their correlation,
    /// each refined between bins by a parabola.
    static func verticalOffsets(source: (lowest: Float, counts: [Int]), target: (lowest: Float, counts: [Int]), bin: Float)
        -> [Float]
    {
        let hs = source.counts, ht = target.counts
        guard !hs.isEmpty, !ht.isEmpty else { return [] }
        // Shift k: source bin i meets target bin i + k.
        let shifts = Array(-(hs.count - 1)...(ht.count - 1))
        let correlation = shifts.map { k in
            var sum = 0.0
            for i in hs.indices where i + k >= 0 && i + k < ht.count { sum += Double(hs[i]) * Double(ht[i + k]) }
            return sum
        }
        var peaks: [(shift: Float, value: Double)] = []
        for m in correlation.indices {
            let left = m > 0 ? correlation[m - 1] : 0, right = m + 1 < correlation.count ? correlation[m + 1] : 0
            guard correlation[m] > 0, correlation[m] >= left, correlation[m] > right else { continue }
            let curvature = left - 2 * correlation[m] + right
            let offset = curvature < 0 ? 0.5 * (left - right) / curvature : 0
            peaks.append((Float(shifts[m]) + Float(offset), correlation[m]))
        }
        peaks.sort { $0.value > $1.value }
        return peaks.prefix(verticalOffsetsTried).map { target.lowest - source.lowest + $0.shift * bin }
    }
}
