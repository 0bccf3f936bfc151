import FathomSimulator
import Testing

@testable import FathomSurfaces

/// Growth that claims whole index cells takes the same points as the plain point-by-point flood
/// (the reference), on crowded scenes where the object touches a floor, a wall and distractors.
@Suite struct CellClaimingTests {
    /// Symmetric difference of the two growths' inliers allowed, as a fraction of the reference's.
    static let agreement = 0.01
    /// The share of the claiming growth's inliers at least taken with claimed blocks.
    static let minimumClaimedShare = 0.5

    /// Connection radii in index cells: within a cell (cells claimed one by one) and beyond it (claimed
    /// in 2 × 2 × 2 blocks, as for the demo's floor, whose local spacing makes it 1.35 cells).
    static let connectionCells: [Float] = [1, 1.5]

    @Test(arguments: SyntheticPrimitiveScene.Kind.allCases, connectionCells)
    func claimingTakesWhatThePointFloodTakes(kind: SyntheticPrimitiveScene.Kind, connectionCells: Float) throws {
        let run = GrowthComparison(
            kind, noise: 0.002, seed: 21, connectionRadius: { connectionCells * $0.cellSize }, normalRadius: 0)
        let (a, b, difference) = (run.fast, run.reference, run.difference)
        #expect(Double(a.claimed.count) >= Self.minimumClaimedShare * Double(a.inliers.count),
                "\(kind): \(a.claimed.count) of \(a.inliers.count) inliers claimed")
        #expect(b.claimed.isEmpty)
        #expect(Double(difference) <= Self.agreement * Double(b.inliers.count),
                "\(kind): \(a.inliers.count) claimed vs \(b.inliers.count) flooded, \(difference) differ")
        // Both cover the object: most of its points (the first `objectCount`) within the band of the truth.
        let recall = run.recall(a.inliers)
        #expect(recall >= 0.95, "\(kind): recall \(recall)")
        // No duplicates, ascending.
        #expect(zip(a.inliers, a.inliers.dropFirst()).allSatisfy { $0 < $1 })
    }
}
