import FathomCore
import FathomSimulator
import Foundation
import Testing

@testable import FathomSurfaces

/// Cones at 20 mm noise in crowded scenes (10 k points, the object a quarter of them): scenes of the
/// crowded-scene sweep in which the cone was missed.
@Suite struct NoisyConeTests {
    static let noise: Float = 0.02
    /// Found means the half angle within this fraction of the truth.
    static let halfAngleTolerance: Float = 0.1
    /// Found means the axis within this angle of the truth, degrees.
    static let axisToleranceDegrees: Float = 10

    /// The seed is a point the camera sees: scenes whose camera looks into the cone's opening (only the
    /// outside is sampled) once had their seed alone on the unseen side, with no object point near it.
    @Test(arguments: [UInt64(658_374), 1_600_935])
    func seedLiesOnTheVisibleSide(seed: UInt64) {
        let scene = SyntheticCrowdedScene(.cone, totalPoints: 10_000, sensor: .lidar(noise: Self.noise), seed: seed)
        let s = scene.positions[0]
        let r2 = scene.seedRadius * scene.seedRadius
        let near = scene.positions[1..<scene.objectCount].filter { $0.distanceSquared(to: s) <= r2 }.count
        // The object's 2500 points cover its visible side; the seed ball holds a good share of them.
        #expect(near >= 50, "\(near) object points within the seed radius")
    }

    /// Over a noisy seed ball a cone's apex and axis are barely constrained: these seeds grew a nearly
    /// straight cone through the wrong axis (half angle 2.6–4.3° against 16–27°), which the type
    /// decision then rightly reported as a cylinder. Candidates re-drawn from the grown region find
    /// the cone.
    @Test(arguments: [UInt64(1_182_019), 1_496_206, 2_019_851])
    func nearlyStraightConeIsReestimatedFromTheRegion(seed: UInt64) throws {
        let scene = SyntheticCrowdedScene(.cone, totalPoints: 10_000, sensor: .lidar(noise: Self.noise), seed: seed)
        _ = try Self.findCone(in: scene)
    }

    /// A 31° cone of 25 k points at 20 mm noise (100 k points, the crowded sweep's scene 2) grew right
    /// (half angle 32.4°, axis within 3°) but was rejected as flat: its plane left only 1.1% more
    /// squared residual, under the fixed 4% the flatness check asked for, although over 25 k points
    /// that is far beyond what the cone's three extra parameters buy (the information criterion).
    @Test func largeNoisyConeIsNotTakenForAPlane() throws {
        let scene = SyntheticCrowdedScene(.cone, totalPoints: 100_000, sensor: .lidar(noise: Self.noise), seed: 329_458)
        guard let cone = try Self.findCone(in: scene) else { return }
        // Most of the object, little else.
        let objectInliers = cone.fit.inlierIndices.filter { $0 < scene.objectCount }.count
        #expect(objectInliers >= scene.objectCount * 9 / 10, "\(objectInliers) of \(scene.objectCount) object points")
        #expect(cone.fit.inlierIndices.count - objectInliers <= scene.objectCount / 100)
    }

    /// The same scene under other draws (`randomSeed` 0x5EED + k × 7919): the answers differ (here
    /// k = 1: 39.8° with the axis 10° off, a miss; k = 3: 28.2°, 1.3° off; shuffled, cones of 4–83°
    /// with axes 25–75° off), and no rule that follows the data can prefer the truth, because at
    /// 20 mm the object's visible side does not determine its cone: each answer explains the
    /// object's points with a clipped squared residual (band 3 × the noise) below the true cone's,
    /// and holds the object. Measured, not fixed (docs/surface-finder.md, twelfth pass).
    @Test(arguments: [UInt64(1), 3])
    func largeNoisyConeAnswersFitTheObjectAsWellAsTheTruth(k: UInt64) throws {
        let scene = SyntheticCrowdedScene(.cone, totalPoints: 100_000, sensor: .lidar(noise: Self.noise), seed: 329_458)
        guard case let .cone(apex, axis, halfAngle) = scene.truth else { Issue.record("truth is not a cone"); return }
        let finder = try SurfaceFinder(positions: scene.positions)
        let search = SurfaceSearch(type: .cone, seed: .index(0), seedRadius: scene.seedRadius, accuracy: Self.noise,
                                   conversions: [], randomSeed: 0x5EED &+ k &* 7919)
        guard case let .cone(cone)? = try finder.find(search).surface else {
            Issue.record("no cone")
            return
        }
        let objectInliers = cone.fit.inlierIndices.filter { $0 < scene.objectCount }.count
        #expect(objectInliers >= scene.objectCount * 9 / 10, "\(objectInliers) of \(scene.objectCount) object points")
        #expect(cone.fit.inlierIndices.count - objectInliers <= scene.objectCount / 100)
        // Over every object point: the answer's clipped squared residual against the truth's.
        let clip = Double(Self.clipNoiseMultiple * Self.noise)
        func clipped(_ model: SurfaceModel) -> Double {
            let ev = model.evaluator
            return scene.positions[0..<scene.objectCount].reduce(0.0) { sum, p in
                let r = ev.signedDistance(SIMD3<Double>(p))
                return sum + min(r * r, clip * clip)
            }
        }
        let truth = clipped(.cone(apex: SIMD3<Double>(apex), axis: SIMD3<Double>(axis), halfAngle: Double(halfAngle)))
        let found = clipped(.cone(apex: SIMD3<Double>(cone.apex), axis: SIMD3<Double>(cone.axis), halfAngle: Double(cone.halfAngle)))
        #expect(found <= truth, "answer \(found) m² (\(cone.halfAngleDegrees)°) against the truth's \(truth) m²")
    }

    /// The clip of the clipped squared residual, in noise standard deviations (the inlier band).
    static let clipNoiseMultiple: Float = 3

    /// Searches the scene's cone from its seed (point 0) and checks its half angle and axis against the
    /// truth; the cone found, or nil (with the failure recorded) when another type or nothing came back.
    static func findCone(in scene: SyntheticCrowdedScene) throws -> ConeSurface? {
        guard case let .cone(_, axis, halfAngle) = scene.truth else { Issue.record("truth is not a cone"); return nil }
        let finder = try SurfaceFinder(positions: scene.positions)
        let search = SurfaceSearch(type: .cone, seed: .index(0), seedRadius: scene.seedRadius, accuracy: noise)
        let surface = try #require(try finder.find(search).surface)
        guard case let .cone(cone) = surface else { Issue.record("found a \(surface.type), not a cone"); return nil }
        let axisError = acos(min(1, abs(cone.axis.dot(axis)))) * 180 / .pi
        #expect(abs(cone.halfAngle - halfAngle) <= halfAngleTolerance * halfAngle,
                "half angle \(cone.halfAngleDegrees)° vs \(halfAngle * 180 / .pi)°")
        #expect(axisError <= axisToleranceDegrees, "axis off by \(axisError)°")
        return cone
    }
}
