import FathomCore
import FathomSimulator
import Testing

@testable import FathomSurfaces

/// With the orientation test on, growth whose queries reach only the patch radius
/// (`RegionGrower.testedConnectionRadius`) takes the same points as the plain flood whose queries
/// reach the whole connection radius (the reference), on crowded scenes where the object touches a
/// floor, a wall and distractors.
@Suite struct TestedGrowthTests {
    /// Symmetric difference of the two growths' inliers allowed, as a fraction of the reference's. Wider
    /// than without the test (`CellClaimingTests.agreement`): a covered point takes the test of the
    /// point that covered it, and which point that is follows the flood's order, so points whose
    /// neighbourhood is at the test's limit (the band's edge, next to a touching surface) flip.
    static let agreement = 0.02
    /// The share of the object's in-band points the two may take differently.
    static let recallTolerance = 0.005
    /// Points off the object the fast path may take beyond the reference's, as a fraction of its inliers.
    static let foreignTolerance = 0.001

    @Test(arguments: SyntheticPrimitiveScene.Kind.allCases)
    func patchRadiusQueriesTakeWhatTheWideFloodTakes(kind: SyntheticPrimitiveScene.Kind) throws {
        let noise: Float = 0.005
        let scene = SyntheticCrowdedScene(kind, totalPoints: 40_000, sensor: .lidar(noise: noise), seed: 23)
        let positions = scene.positions
        let index = SpatialIndex(positions: positions, cellsPerPoint: 4)
        let seed = positions[0]
        let truth = CellClaimingTests.model(scene.truth)
        let band = 3 * Double(noise)
        // The patch radius of a search (1.5 bands), and a connection radius beyond it, as where the
        // index's cells are coarse.
        let normalRadius = Float(1.5 * band)
        let start = index.neighbors(of: seed, radius: scene.seedRadius).sorted()
        var fast = RegionGrower(
            positions: positions, index: index, band: band, connectionRadius: 1.5 * normalRadius, seed: seed,
            reach: .infinity, excluded: [], normalRadius: normalRadius)
        var reference = fast
        reference.fastGrowth = false
        fast.fastGrowth = true
        // The fast path's queries are narrower, and its covered points as far from their searcher.
        #expect(fast.testedConnectionRadius < fast.connectionRadius)
        #expect(fast.testedConnectionRadius >= fast.connectionRadius * RegionGrower.coveredFractionTested
            / RegionGrower.coveredFraction)
        let a = fast.grow(truth, from: start, initialReach: scene.seedRadius)
        let b = reference.grow(truth, from: start, initialReach: scene.seedRadius)
        let difference = Set(a.inliers).symmetricDifference(b.inliers).count
        #expect(Double(difference) <= Self.agreement * Double(b.inliers.count),
                "\(kind): \(a.inliers.count) fast vs \(b.inliers.count) reference, \(difference) differ")
        // Both cover the object alike: the object's points (the first `objectCount`) within the band of
        // the truth, and the points off it.
        let ev = truth.evaluator
        let objectInBand = (0..<scene.objectCount).filter { abs(ev.signedDistance(SIMD3<Double>(positions[$0]))) <= band }
        func recall(_ inliers: [Int]) -> Double {
            let taken = Set(inliers)
            return Double(objectInBand.filter { taken.contains($0) }.count) / Double(max(objectInBand.count, 1))
        }
        let (fastRecall, referenceRecall) = (recall(a.inliers), recall(b.inliers))
        #expect(fastRecall >= 0.95, "\(kind): recall \(fastRecall)")
        #expect(abs(fastRecall - referenceRecall) <= Self.recallTolerance,
                "\(kind): recall \(fastRecall) fast vs \(referenceRecall) reference")
        let foreign = a.inliers.filter { $0 >= scene.objectCount }.count
        let referenceForeign = b.inliers.filter { $0 >= scene.objectCount }.count
        #expect(Double(foreign - referenceForeign) <= Self.foreignTolerance * Double(b.inliers.count),
                "\(kind): \(foreign) points off the object fast vs \(referenceForeign) reference")
    }
}
