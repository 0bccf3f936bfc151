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
        let band = 3 * Double(noise)
        // The patch radius of a search (1.5 bands), and a connection radius beyond it, as where the
        // index's cells are coarse.
        let normalRadius = Float(1.5 * band)
        let run = GrowthComparison(
            kind, noise: noise, seed: 23, connectionRadius: { _ in 1.5 * normalRadius }, normalRadius: normalRadius)
        let fast = run.fastGrower
        // The fast path's queries are narrower, and its covered points as far from their searcher.
        #expect(fast.testedConnectionRadius < fast.connectionRadius)
        #expect(fast.testedConnectionRadius >= fast.connectionRadius * RegionGrower.coveredFractionTested
            / RegionGrower.coveredFraction)
        let (a, b, difference) = (run.fast, run.reference, run.difference)
        // Under the orientation test no block is claimed: every taken point is tested on its own patch
        // or covered by a tested point (claimed as one patch, a block let the demo's ring grow 1–2
        // points of tube radius fatter; docs/surface-finder.md, "Tried and dropped").
        #expect(a.claimed.isEmpty && b.claimed.isEmpty)
        #expect(Double(difference) <= Self.agreement * Double(b.inliers.count),
                "\(kind): \(a.inliers.count) fast vs \(b.inliers.count) reference, \(difference) differ")
        // Both cover the object alike: the object's points (the first `objectCount`) within the band of
        // the truth, and the points off it.
        let (fastRecall, referenceRecall) = (run.recall(a.inliers), run.recall(b.inliers))
        #expect(fastRecall >= 0.95, "\(kind): recall \(fastRecall)")
        #expect(abs(fastRecall - referenceRecall) <= Self.recallTolerance,
                "\(kind): recall \(fastRecall) fast vs \(referenceRecall) reference")
        let (foreign, referenceForeign) = (run.foreign(a.inliers), run.foreign(b.inliers))
        #expect(Double(foreign - referenceForeign) <= Self.foreignTolerance * Double(b.inliers.count),
                "\(kind): \(foreign) points off the object fast vs \(referenceForeign) reference")
    }
}
