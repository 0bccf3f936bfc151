import FathomCore
import FathomSimulator
import Testing

@testable import FathomSurfaces

/// The same points in another order give the same answer with an order-free finder
/// (`SurfaceFinder.orderFree`): a search's result depends on the points' coordinates, not on their
/// order in the cloud (a fused cloud interleaves an object's points with
/// everything else; the simulator stores them first, in scan order).
@Suite struct OrderFreedomTests {
    /// Points of each crowded scene.
    static let pointCount = 10_000
    /// Permutations tried per scene besides the generator's order.
    static let permutations: [UInt64] = [11, 12, 13]
    /// Parameters (metres, or unit-vector components) agree to within this: float round-off of sums
    /// taken in another order, far below any noise level.
    static let parameterTolerance: Float = 1e-4

    /// The cloud's points in a seeded random order; `original[k]` is the generated index of point k.
    static func permuted(_ positions: [SIMD3<Float>], seed: UInt64) -> (positions: [SIMD3<Float>], original: [Int]) {
        var order = Array(positions.indices)
        var g = SeededGenerator(seed: seed)
        order.shuffle(using: &g)
        return (order.map { positions[$0] }, order)
    }

    /// A found surface's parameters, flattened (the plane's centre and corners are left out: they
    /// are the inliers' extent, checked through the inliers).
    static func parameters(_ s: FoundSurface) -> [Float] {
        switch s {
        case let .plane(p): return [p.normal.x, p.normal.y, p.normal.z, p.normal.dot(p.center)]
        case let .sphere(p): return [p.center.x, p.center.y, p.center.z, p.radius]
        case let .cylinder(p): return [p.axis.x, p.axis.y, p.axis.z, p.radius, p.bottom.x, p.bottom.y, p.bottom.z]
        case let .cone(p): return [p.axis.x, p.axis.y, p.axis.z, p.apex.x, p.apex.y, p.apex.z, p.halfAngle]
        case let .torus(p):
            return [p.axis.x, p.axis.y, p.axis.z, p.center.x, p.center.y, p.center.z, p.meanRadius, p.tubeRadius]
        }
    }

    /// Every type at 5 and 20 mm: the generator's order and three permutations give the same type,
    /// the same inliers (mapped back to the generated indices) and the same parameters.
    @Test(arguments: [SyntheticPrimitiveScene.Kind.plane, .sphere, .cylinder, .cone, .torus], [Float(0.005), 0.02])
    func permutedCloudsGiveTheSameSurface(kind: SyntheticPrimitiveScene.Kind, noise: Float) throws {
        let scene = SyntheticCrowdedScene(kind, totalPoints: Self.pointCount, sensor: .lidar(noise: noise), seed: 4_242)
        let type: SurfaceType = switch kind {
        case .plane: .plane
        case .sphere: .sphere
        case .cylinder: .cylinder
        case .cone: .cone
        case .torus: .torus
        }
        func search(_ positions: [SIMD3<Float>], seedIndex: Int) throws -> SurfaceSearchResult {
            let finder = try SurfaceFinder(positions: positions, orderFree: true)
            return try finder.find(SurfaceSearch(
                type: type, seed: .index(seedIndex), seedRadius: scene.seedRadius, accuracy: noise))
        }
        guard case let .found(reference) = try search(scene.positions, seedIndex: 0) else {
            Issue.record("\(kind) at \(noise) m not found in the generator's order")
            return
        }
        let referenceParameters = Self.parameters(reference)
        for seed in Self.permutations {
            let (positions, original) = Self.permuted(scene.positions, seed: seed)
            let seedIndex = original.firstIndex(of: 0)!
            guard case let .found(s) = try search(positions, seedIndex: seedIndex) else {
                Issue.record("\(kind) at \(noise) m not found in permutation \(seed)")
                continue
            }
            #expect(s.type == reference.type, "\(kind) at \(noise) m, permutation \(seed)")
            #expect(s.fit.inlierCount == reference.fit.inlierCount, "\(kind) at \(noise) m, permutation \(seed)")
            #expect(s.fit.inlierIndices.map { original[$0] }.sorted() == reference.fit.inlierIndices,
                    "\(kind) at \(noise) m, permutation \(seed): other inliers")
            let p = Self.parameters(s)
            #expect(p.count == referenceParameters.count)
            for (a, b) in zip(p, referenceParameters) {
                #expect(abs(a - b) <= Self.parameterTolerance * max(1, abs(b)),
                        "\(kind) at \(noise) m, permutation \(seed): \(p) vs \(referenceParameters)")
            }
        }
    }
}
