import FathomCore
import FathomSimulator

@testable import FathomSurfaces

/// One crowded scene grown twice from the same seed and start: by the fast path (`fastGrowth`) and by
/// the plain point-by-point flood (the reference), for the suites that check the two take the same
/// points.
struct GrowthComparison {
    /// The simulated scene; its first `objectCount` points are the object's.
    let scene: SyntheticCrowdedScene
    /// The fast grower as configured, before growing (for checks of its derived radii).
    let fastGrower: RegionGrower
    /// What the fast path took.
    let fast: (model: SurfaceModel, inliers: [Int], nearMisses: Int, claimed: [Int])
    /// What the reference flood took.
    let reference: (model: SurfaceModel, inliers: [Int], nearMisses: Int, claimed: [Int])
    /// The object's points within the band of the true surface.
    let objectInBand: [Int]

    /// Grows `kind`'s 40 k-point crowded scene at `noise` (metres) with a band of 3 × noise.
    /// - Parameters:
    ///   - connectionRadius: the growth's connection radius (metres) for the scene's index.
    ///   - normalRadius: the orientation test's patch radius (metres; 0 turns the test off).
    init(
        _ kind: SyntheticPrimitiveScene.Kind, noise: Float, seed: UInt64,
        connectionRadius: (SpatialIndex) -> Float, normalRadius: Float
    ) {
        scene = SyntheticCrowdedScene(kind, totalPoints: 40_000, sensor: .lidar(noise: noise), seed: seed)
        let positions = scene.positions
        let index = SpatialIndex(positions: positions, cellsPerPoint: 4)
        let start = positions[0]
        let truth = Self.model(scene.truth)
        let band = 3 * Double(noise)
        let startIndices = index.neighbors(of: start, radius: scene.seedRadius).sorted()
        var grower = RegionGrower(
            positions: positions, index: index, band: band, connectionRadius: connectionRadius(index), seed: start,
            reach: .infinity, excluded: [], normalRadius: normalRadius)
        var referenceGrower = grower
        referenceGrower.fastGrowth = false
        grower.fastGrowth = true
        fastGrower = grower
        fast = grower.grow(truth, from: startIndices, initialReach: scene.seedRadius)
        reference = referenceGrower.grow(truth, from: startIndices, initialReach: scene.seedRadius)
        let ev = truth.evaluator
        objectInBand = (0..<scene.objectCount).filter { abs(ev.signedDistance(SIMD3<Double>(positions[$0]))) <= band }
    }

    /// Points taken by one growth and not the other.
    var difference: Int { Set(fast.inliers).symmetricDifference(reference.inliers).count }

    /// The share of the object's in-band points among `inliers`.
    func recall(_ inliers: [Int]) -> Double {
        let taken = Set(inliers)
        return Double(objectInBand.filter { taken.contains($0) }.count) / Double(max(objectInBand.count, 1))
    }

    /// Points off the object among `inliers`.
    func foreign(_ inliers: [Int]) -> Int { inliers.filter { $0 >= scene.objectCount }.count }

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
}
