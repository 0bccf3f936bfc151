import FathomCore
import Foundation
import Testing

@testable import FathomSurfaces

/// A ball resting on a floor, both seen with 5 mm noise: near the contact the floor tilts only a
/// little from the ball, so single noisy patches cannot keep it out; the touching plane is dropped
/// as a whole.
@Suite struct TouchingPlaneTests {
    static let radius: Float = 0.12
    static let noise: Float = 0.005

    /// Points on the upper 3/4 of a ball at (0, r, 0) (the underside is hidden) and on a 1.2 m floor
    /// around it, 8 mm apart on average, with Gaussian noise along the normals; `isFloor` per point.
    static func ballOnFloor(seed: UInt64) -> (positions: [SIMD3<Float>], isFloor: [Bool]) {
        var g = SeededGenerator(seed: seed)
        var positions: [SIMD3<Float>] = [], isFloor: [Bool] = []
        let centre = SIMD3<Float>(0, radius, 0)
        let ballArea = 4 * Float.pi * radius * radius * 0.75
        for _ in 0..<Int(ballArea / (0.008 * 0.008)) {
            let y = Float.random(in: -0.5...1, using: &g), phi = Float.random(in: 0..<(2 * .pi), using: &g)
            let s = (1 - y * y).squareRoot()
            let n = SIMD3(s * cos(phi), y, s * sin(phi))
            positions.append(centre + n * (radius + Float(g.nextGaussian()) * noise))
            isFloor.append(false)
        }
        for _ in 0..<Int(1.44 / (0.008 * 0.008)) {
            let x = Float.random(in: -0.6...0.6, using: &g), z = Float.random(in: -0.6...0.6, using: &g)
            positions.append(SIMD3(x, Float(g.nextGaussian()) * noise, z))
            isFloor.append(true)
        }
        return (positions, isFloor)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func floorUnderTheBallIsLeftOut(seed: UInt64) throws {
        let (positions, isFloor) = Self.ballOnFloor(seed: seed)
        let finder = try SurfaceFinder(positions: positions)
        let result = try finder.find(SurfaceSearch(
            type: .sphere, seed: .point(SIMD3(0, 2 * Self.radius, 0)), seedRadius: Self.radius,
            accuracy: Self.noise, conversions: []))
        guard case let .sphere(s)? = result.surface else {
            Issue.record("ball not found: \(String(describing: result.reason))")
            return
        }
        let floor = s.fit.inlierIndices.filter { isFloor[$0] && positions[$0].y < Self.noise * 3 }.count
        print("seed \(seed): radius \(s.radius), \(floor) floor points of \(s.fit.inlierCount)")
        #expect(abs(s.radius - Self.radius) / Self.radius <= 0.02)
        #expect(floor * 100 <= s.fit.inlierCount)
    }

    /// The plane test itself, on a region that took a ring of floor points: given the true ball as
    /// the model and the ball's points plus the floor within the band as inliers, the floor points that
    /// face up are dropped and nearly all of the ball's points stay.
    @Test func touchingPlaneDropsTheFloorRing() throws {
        let (positions, isFloor) = Self.ballOnFloor(seed: 4)
        let model = SurfaceModel.sphere(center: SIMD3(0, Double(Self.radius), 0), radius: Double(Self.radius))
        let band = 3 * Double(Self.noise)
        let ev = model.evaluator
        let inliers = positions.indices.filter { abs(ev.signedDistance(SIMD3<Double>(positions[$0]))) <= band }
        let ring = inliers.filter { isFloor[$0] }
        #expect(ring.count > 20)
        let grower = RegionGrower(
            positions: positions, index: SpatialIndex(positions: positions, cellsPerPoint: 4), band: band,
            connectionRadius: 0.03, seed: SIMD3(0, 2 * Self.radius, 0), reach: .infinity, excluded: [],
            normalRadius: Float(1.5 * band))
        var g = SeededGenerator(seed: 1)
        let kept = try #require(grower.withoutTouchingPlane(model, inliers, generator: &g))
        let floorKept = kept.filter { isFloor[$0] }.count
        let ballKept = kept.filter { !isFloor[$0] }.count, ball = inliers.count - ring.count
        print("ring \(ring.count) floor points: \(floorKept) kept; ball \(ballKept) of \(ball) kept")
        #expect(floorKept * 2 <= ring.count)
        #expect(ballKept * 100 >= ball * 97)
    }
}
