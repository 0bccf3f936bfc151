import FathomCore
import FathomSimulator
import Testing

@testable import FathomSurfaces

/// Spheres at 20 mm noise whose seed cap is about as flat as the noise (the crowded sweep's shuffled
/// misses: a 0.21 m sphere seen through a 0.10 m seed ball has 28 mm of sagitta). The seed ball's
/// candidates were spheres of metres that grew over the object and were then refused as degenerate
/// (radius far beyond the extent, or a plane explaining the region as well), in every draw. The
/// region they grew over is the whole visible side: candidates drawn from it and refined on it (not
/// on the flat seed cap) find the sphere.
@Suite struct FlatSeedCapTests {
    static let noise: Float = 0.02
    /// Found means the radius within this fraction of the truth (the sweep's tolerance is 10%; the
    /// found spheres are within 1%)…
    static let radiusTolerance: Float = 0.03
    /// …and the centre within this fraction of the radius.
    static let centreTolerance: Float = 0.05
    /// The inliers hold at least this share of the object's points…
    static let minimumObjectShare = 0.9
    /// …and at most this many other points per object point.
    static let maximumForeignShare = 0.01

    struct Case: CustomTestStringConvertible, Sendable {
        /// Points in the scene.
        let size: Int
        /// The sweep's scene number (`surfaces/crowded`, shuffled, 20 mm).
        let scene: UInt64
        /// The search's `randomSeed` is `0x5EED + k × 7919`.
        let k: UInt64
        let orderFree: Bool
        var testDescription: String { "\(size) points, scene \(scene), k \(k), order-free \(orderFree)" }
    }

    static let cases: [Case] = [
        Case(size: 10_000, scene: 8, k: 0, orderFree: false),
        Case(size: 10_000, scene: 8, k: 0, orderFree: true),
        Case(size: 100_000, scene: 7, k: 0, orderFree: false),
        Case(size: 100_000, scene: 7, k: 1, orderFree: false),
        Case(size: 100_000, scene: 7, k: 2, orderFree: false),
        Case(size: 100_000, scene: 7, k: 0, orderFree: true),
    ]

    @Test(arguments: cases)
    func sphereIsFoundFromItsRegion(_ c: Case) throws {
        // The sweep's scene and its shuffled order (`SurfaceCrowdedSweep.ordered`).
        let scene = SyntheticCrowdedScene(.sphere, totalPoints: c.size, sensor: .lidar(noise: Self.noise),
                                          seed: c.scene &* 104_729 &+ UInt64(Self.noise * 1e6) &+ UInt64(c.size))
        var order = Array(scene.positions.indices)
        var generator = SeededGenerator(seed: c.scene &* 104_729 &+ UInt64(c.size))
        order.shuffle(using: &generator)
        let positions = order.map { scene.positions[$0] }
        let seedIndex = try #require(order.firstIndex(of: 0))
        guard case let .sphere(centre, radius) = scene.truth else {
            Issue.record("truth is not a sphere")
            return
        }
        let finder = try SurfaceFinder(positions: positions, orderFree: c.orderFree)
        let search = SurfaceSearch(type: .sphere, seed: .index(seedIndex), seedRadius: scene.seedRadius,
                                   accuracy: Self.noise, randomSeed: 0x5EED &+ c.k &* 7919)
        let result = try finder.find(search)
        guard case let .sphere(sphere)? = result.surface else {
            Issue.record("no sphere: \(result)")
            return
        }
        #expect(abs(sphere.radius - radius) <= Self.radiusTolerance * radius, "radius \(sphere.radius) vs \(radius)")
        #expect(sphere.center.distance(to: centre) <= Self.centreTolerance * radius,
                "centre \(sphere.center) vs \(centre)")
        let objectInliers = sphere.fit.inlierIndices.filter { order[$0] < scene.objectCount }.count
        #expect(Double(objectInliers) >= Self.minimumObjectShare * Double(scene.objectCount),
                "\(objectInliers) of \(scene.objectCount) object points")
        #expect(Double(sphere.fit.inlierIndices.count - objectInliers) <= Self.maximumForeignShare * Double(scene.objectCount))
    }
}
