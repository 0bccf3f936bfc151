import FathomCore
import FathomSimulator
import Testing

@testable import FathomSurfaces

/// Growth that claims whole index cells takes the same points as the plain point-by-point flood
/// (the reference), on crowded scenes where the object touches a floor, a wall and distractors.
@Suite struct CellClaimingTests {
    /// The growth's model, in the fitters' double precision, from the simulator's truth.
    static func model(_ truth: SyntheticPrimitive) -> SurfaceModel {
        switch truth {
        case let .plane(p, n): .plane(point: SIMD3<Double>(p), normal: SIMD3<Double>(n))
        case let .sphere(c, r): .sphere(center: SIMD3<Double>(c), radius: Double(r))
        case let .cylinder(p, a, r): .cylinder(point: SIMD3<Double>(p), axis: SIMD3<Double>(a), radius: Double(r))
        case let .cone(q, a, t): .cone(apex: SIMD3<Double>(q), axis: SIMD3<Double>(a), halfAngle: Double(t))
        case let .torus(c, a, big, small):
            .torus(center: SIMD3<Double>(c), axis: SIMD3<Double>(a), majorRadius: Double(big), minorRadius: Double(small))
        }
    }

    /// Symmetric difference of the two growths' inliers allowed, as a fraction of the reference's.
    static let agreement = 0.01

    /// Connection radii in index cells: within a cell (cells claimed one by one) and beyond it (claimed
    /// in 2 × 2 × 2 blocks, as for the demo's floor, whose local spacing makes it 1.35 cells).
    static let connectionCells: [Float] = [1, 1.5]

    @Test(arguments: SyntheticPrimitiveScene.Kind.allCases, connectionCells)
    func claimingTakesWhatThePointFloodTakes(kind: SyntheticPrimitiveScene.Kind, connectionCells: Float) throws {
        let noise: Float = 0.002
        let scene = SyntheticCrowdedScene(kind, totalPoints: 40_000, sensor: .lidar(noise: noise), seed: 21)
        let positions = scene.positions
        let index = SpatialIndex(positions: positions, cellsPerPoint: 4)
        let seed = positions[0]
        let truth = Self.model(scene.truth)
        let band = 3 * Double(noise)
        let start = index.neighbors(of: seed, radius: scene.seedRadius).sorted()
        var claiming = RegionGrower(
            positions: positions, index: index, band: band, connectionRadius: connectionCells * index.cellSize, seed: seed,
            reach: .infinity, excluded: [], normalRadius: 0)
        var reference = claiming
        reference.fastGrowth = false
        claiming.fastGrowth = true
        let a = claiming.grow(truth, from: start, initialReach: scene.seedRadius)
        let b = reference.grow(truth, from: start, initialReach: scene.seedRadius)
        let difference = Set(a.inliers).symmetricDifference(b.inliers).count
        print("\(kind): \(a.inliers.count) claimed, \(b.inliers.count) flooded, \(difference) differ")
        #expect(Double(difference) <= Self.agreement * Double(b.inliers.count),
                "\(kind): \(a.inliers.count) claimed vs \(b.inliers.count) flooded, \(difference) differ")
        // Both cover the object: most of its points (the first `objectCount`) within the band of the truth.
        let ev = truth.evaluator
        let objectInBand = (0..<scene.objectCount).filter { abs(ev.signedDistance(SIMD3<Double>(positions[$0]))) <= band }
        let taken = Set(a.inliers)
        let recall = Double(objectInBand.filter { taken.contains($0) }.count) / Double(max(objectInBand.count, 1))
        #expect(recall >= 0.95, "\(kind): recall \(recall)")
        // No duplicates, ascending.
        #expect(zip(a.inliers, a.inliers.dropFirst()).allSatisfy { $0 < $1 })
    }
}
