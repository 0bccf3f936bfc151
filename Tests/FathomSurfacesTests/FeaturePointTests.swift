import FathomCore
import FathomSimulator
import Testing

@testable import FathomSurfaces

/// Sparse ARKit-style feature points (needle noise, 15% spurious): the floor, ball and cylinder are
/// found with radius errors within 5%.
@Suite struct FeaturePointTests {
    @Test(arguments: [UInt64(1), 2])
    func findsFloorBallAndCylinder(seed: UInt64) throws {
        let scene = SyntheticFeaturePointScene(seed: seed)
        let finder = try SurfaceFinder(positions: scene.positions)
        func find(_ type: SurfaceType, _ seed: Int, _ radius: Float) throws -> FoundSurface? {
            try finder.find(SurfaceSearch(type: type, seed: .index(seed), seedRadius: radius, accuracy: 0.01)).surface
        }
        guard case let .plane(floor)? = try find(.plane, scene.floor.lowerBound, 0.4) else {
            Issue.record("floor not found")
            return
        }
        #expect(abs(floor.normal.y) > 0.999)
        guard case let .sphere(ball)? = try find(.sphere, scene.ball.lowerBound, 0.2) else {
            Issue.record("ball not found")
            return
        }
        #expect(abs(ball.radius - SyntheticFeaturePointScene.ballRadius) <= 0.05 * SyntheticFeaturePointScene.ballRadius)
        guard case let .cylinder(cylinder)? = try find(.cylinder, scene.cylinder.lowerBound, 0.12) else {
            Issue.record("cylinder not found")
            return
        }
        #expect(abs(cylinder.radius - SyntheticFeaturePointScene.cylinderRadius) <= 0.05 * SyntheticFeaturePointScene.cylinderRadius)
        #expect(abs(cylinder.axis.y) > 0.99)
    }
}
