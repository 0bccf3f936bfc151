import Foundation
import FathomCore

extension PointCloudRegistrar {
    /// The inlier fraction over the space both clouds saw, 0…1: for each direction (source moved onto
    /// the target, and the target moved back onto the source), the fraction of that cloud's points in
    /// cells (edge `coverageRadius`) the other cloud also holds points in whose nearest point of the
    /// other cloud lies within `inlierDistance`; the mean of the two.
    ///
    /// Symmetric, and undilated: a cloud that saw much the other did not is judged on the part both
    /// saw, not on everything within a few cells of the other's points (a session twice the map's
    /// size scores as the map's half of the pair does), while a wrong alignment, whose points land in
    /// the other's occupied cells but beside its surfaces, scores low in both directions. A direction
    /// with no point in a shared cell counts 0.
    func sharedFitness(_ targetFromSource: RigidTransform, source: RegistrationCloud, target: RegistrationCloud) -> Float {
        sharedEvidence(targetFromSource, source: source, target: target).fitness
    }

    /// `sharedFitness` and the evidence it rests on: the number of distinct cells (edge
    /// `coverageRadius`) of the target holding moved source points, the places both clouds saw. Points
    /// of one cell lie on the same few surfaces, so their inlier states go together: the shared cells,
    /// not the points, are the independent observations of the fitness (`minimumSharedCells`).
    func sharedEvidence(_ targetFromSource: RigidTransform, source: RegistrationCloud, target: RegistrationCloud)
        -> (fitness: Float, sharedCells: Int)
    {
        var cells: Set<SIMD3<Int32>>? = []
        let forward = sharedInlierFraction(of: source, movedBy: targetFromSource, onto: target, sharedCells: &cells)
        let backward = sharedInlierFraction(of: target, movedBy: targetFromSource.inverse, onto: source)
        return ((forward + backward) / 2, cells?.count ?? 0)
    }

    /// Of the points of `cloud` (moved by `transform`) in cells `other` holds points in, the fraction
    /// with a point of `other` within `inlierDistance` (0 when none is in such a cell).
    func sharedInlierFraction(of cloud: RegistrationCloud, movedBy transform: RigidTransform, onto other: RegistrationCloud)
        -> Float
    {
        var none: Set<SIMD3<Int32>>? = nil
        return sharedInlierFraction(of: cloud, movedBy: transform, onto: other, sharedCells: &none)
    }

    /// The fraction, collecting the shared cells when `sharedCells` is not `nil`.
    private func sharedInlierFraction(
        of cloud: RegistrationCloud, movedBy transform: RigidTransform, onto other: RegistrationCloud,
        sharedCells: inout Set<SIMD3<Int32>>?
    ) -> Float {
        var shared = 0, inliers = 0
        let inverseEdge = 1 / other.configuration.coverageRadius
        for p in cloud.positions {
            let q = transform.apply(to: p)
            let cell = RegistrationCloud.cell(q, inverseEdge: inverseEdge)
            guard other.occupiedCells.contains(cell) else { continue }
            shared += 1
            sharedCells?.insert(cell)
            if other.nearest(to: q, within: configuration.inlierDistance) != nil { inliers += 1 }
        }
        return shared > 0 ? Float(inliers) / Float(shared) : 0
    }

    /// Cells both clouds must share for a trusted result when `requiresSharedEvidence` is set (the
    /// adaptive path): the fitness is a proportion measured over the shared cells, and to know it within
    /// ±`fitnessPrecision` at 95 % confidence, whatever its value, takes (1.96 / (2 × 0.1))² ≈ 96.04,
    /// so 97 cells. Points of one cell lie on the same few surfaces and go together; the cells are the
    /// independent observations. ±0.1 is the margin between the trusted minimum (0.55) and what right
    /// answers score (0.60–0.73 on the validation set, the real split and the simulator alike).
    public static let minimumSharedCells = Int(
        ((fitnessConfidenceScore / (2 * fitnessPrecision)) * (fitnessConfidenceScore / (2 * fitnessPrecision))).rounded(.up))
    /// The half-width of the fitness's confidence interval a trusted result needs (`minimumSharedCells`).
    public static let fitnessPrecision: Float = 0.1
    /// The standard score of a two-sided 95 % confidence interval (`minimumSharedCells`).
    public static let fitnessConfidenceScore: Float = 1.96

    /// The support (`Quality.support`: inliers weighed by their fit) of the best answer of `found` that
    /// is not `winner` (of support `winnerSupport`): its rivals (refined answers after ICP, the others
    /// as verified), the `rivalsRefined` with most support refined by ICP first (on at most
    /// `rivalICPPoints` source points, until converged or the winner's answer, at most
    /// `rivalRefinementPasses` passes) unless they have less than `rivalRefinementFloor` of the
    /// winner's. A rival that ICP takes onto the winner is the same answer seen from a worse start (a
    /// slide along the data that the fit resolves), not a rival; one that stays apart counts with its
    /// support after refinement. Without `refiningRivals`, every rival counts as the search left it (a
    /// cheaper figure for results whose verdict it does not decide).
    ///
    /// Support rather than inliers (issue 15, seventh session): on sparse, noisy clouds a rival a few
    /// degrees and decimetres off still finds a point within the inlier distance for most points, only
    /// farther away; counting them as equals made right answers on real landmarks ambiguous at random
    /// (the same real pair moved three ways: 7 of 30 refused, rivals at 0.81–0.89 of the inliers).
    func runnerUpSupport(
        of winner: RigidTransform, winnerSupport: Float, in found: Search, source: RegistrationCloud, target: RegistrationCloud,
        refiningRivals: Bool = true
    ) -> Float {
        var rivals = found.refined.filter { !isSameAnswer($0.transform, winner) }.map { ($0.transform, $0.quality.support) }
        rivals += found.others.filter { !isSameAnswer($0.transform, winner) }.map { ($0.transform, $0.support) }
        rivals.sort { $0.1 > $1.1 }
        var runnerUp: Float = 0
        for (k, (transform, support)) in rivals.enumerated() {
            guard refiningRivals, k < Self.rivalsRefined, support >= winnerSupport * Self.rivalRefinementFloor else {
                runnerUp = max(runnerUp, support)
                break
            }
            let refined = refinedRival(transform, of: winner, source: source, target: target)
            guard !isSameAnswer(refined, winner) else { continue }
            runnerUp = max(runnerUp, evaluate(refined, source: source, target: target, countingCoverage: false).support)
        }
        return runnerUp
    }

    /// A rival answer refined by ICP as the runner-up check refines it: passes on at most
    /// `rivalICPPoints` source points, each stopped once within reach of `winner` (it would converge
    /// there). A pass that ends at the iteration limit has not converged (on the real split, rivals
    /// creep along a row of desks towards the winner for more than one pass), so the next one runs,
    /// up to `rivalRefinementPasses`, until the rival converges or is the winner's answer
    /// (`isSameAnswer`: no rival then).
    func refinedRival(
        _ rival: RigidTransform, of winner: RigidTransform, source: RegistrationCloud, target: RegistrationCloud
    ) -> RigidTransform {
        var refined = rival
        for _ in 0..<Self.rivalRefinementPasses {
            let (next, iterations) = refine(
                refined, source: source, target: target, maximumPoints: Self.rivalICPPoints, stoppingNear: winner)
            refined = next
            if iterations < configuration.icpIterations || isSameAnswer(refined, winner) { break }
        }
        return refined
    }

    /// Rivals of the winner refined by ICP before the runner-up is measured (`runnerUpInliers`).
    static let rivalsRefined = refinedAfterVerification
    /// Rivals with fewer inliers than this fraction of the winner's are not refined: ICP would have to
    /// raise them by 60 % to reach `maximumRunnerUpRatio` (0.8); on the real split and the simulator it
    /// raised rivals by 3–16 %.
    static let rivalRefinementFloor: Float = 0.5
    /// Source points a rival's ICP runs on, at most: as many as the search's own ICP (on half as many,
    /// a rival on the real split stopped short of the winner it reached with these).
    static let rivalICPPoints = maximumICPPoints
    /// ICP passes (of `icpIterations` each) a rival is refined in at most, the next one only while
    /// the last ended at the iteration limit, neither converged nor the winner's answer (`isSameAnswer`):
    /// a rival still moving is not yet an optimum of its own. On the real split a rival 3.6° and 0.28 m
    /// from the winner after one pass was 2.0° and 0.16 m from it (the same answer) after two.
    static let rivalRefinementPasses = 3
}
