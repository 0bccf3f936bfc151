import FathomCore
import FathomSimulator
import Foundation
import Testing

@testable import FathomSurfaces

/// Smart conversions decided by the Bayesian information criterion, on crowded scenes (the object a
/// quarter of the cloud, same-type distractors, ground, wall, outliers).
@Suite struct TypeDecisionTests {
    static func search(_ type: SurfaceType, _ scene: SyntheticCrowdedScene, accuracy: Float) -> SurfaceSearch {
        SurfaceSearch(type: type, seed: .index(0), seedRadius: scene.seedRadius, accuracy: accuracy)
    }

    @Test func crowdedSceneHasItsShares() {
        let scene = SyntheticCrowdedScene(.torus, totalPoints: 4000, sensor: .lidar(noise: 0.001), seed: 1)
        #expect(scene.positions.count == 4000)
        #expect(scene.objectCount == 1000)
        guard case let .torus(c, a, big, small) = scene.truth else { Issue.record("truth is not a torus"); return }
        // Every object point lies on the torus (within 5 σ) and faces the viewpoint.
        var worst: Float = 0
        for p in scene.positions[0..<scene.objectCount] {
            let d = p - c
            let h = d.dot(a)
            let radial = (d - a * h).length
            let tube = ((radial - big) * (radial - big) + h * h).squareRoot()
            worst = max(worst, abs(tube - small))
        }
        #expect(worst < 0.005)
    }

    /// A torus or cone that the points support stays what was asked for, and the result says that the
    /// information criterion decided (the requested type's criterion is the lowest).
    @Test(arguments: [SyntheticPrimitiveScene.Kind.torus, .cone])
    func requestedTypeStaysWhenThePointsAreOne(kind: SyntheticPrimitiveScene.Kind) throws {
        let type: SurfaceType = kind == .torus ? .torus : .cone
        for (seed, noise) in [(UInt64(2), Float(0.005)), (3, 0.02)] {
            let scene = SyntheticCrowdedScene(kind, totalPoints: 4000, sensor: .lidar(noise: noise), seed: seed)
            let finder = try SurfaceFinder(positions: scene.positions)
            let surface = try #require(try finder.find(Self.search(type, scene, accuracy: noise)).surface)
            #expect(surface.type == type, "\(kind) σ \(noise): \(surface.type)")
            let decision = try #require(surface.fit.typeDecision)
            #expect(decision.test == .bayesianInformationCriterion)
            #expect(decision.requested == type)
            let requested = try #require(decision.candidates.last?.criterion)
            for rival in decision.candidates.dropLast() {
                #expect((rival.criterion ?? .infinity) > requested, "\(rival.type) \(String(describing: rival.criterion)) vs \(requested)")
            }
        }
    }

    /// A sphere asked for as a torus, and a cylinder asked for as a cone, come back as what they are:
    /// the simpler model explains the points as well, with fewer parameters.
    @Test func simplerTypeWinsWhenItExplainsThePointsAsWell() throws {
        for (kind, asked, expected) in [(SyntheticPrimitiveScene.Kind.sphere, SurfaceType.torus, SurfaceType.sphere),
                                        (.cylinder, .cone, .cylinder)] {
            let scene = SyntheticCrowdedScene(kind, totalPoints: 4000, sensor: .lidar(noise: 0.005), seed: 5)
            let finder = try SurfaceFinder(positions: scene.positions)
            let surface = try #require(try finder.find(Self.search(asked, scene, accuracy: 0.005)).surface)
            #expect(surface.type == expected, "\(asked) on a \(kind): \(surface.type)")
            let decision = try #require(surface.fit.typeDecision)
            #expect(decision.requested == asked)
            if decision.test == .bayesianInformationCriterion {
                let chosen = try #require(decision.candidates.first { $0.type == expected }?.criterion)
                #expect(chosen <= (decision.candidates.last?.criterion ?? .infinity))
            }
        }
    }

    /// The criterion by hand: Σ min(r², clip²)/σ² + k ln n for a sphere through known points.
    @Test func criterionMatchesHandComputation() throws {
        // Four points at distances 0, 0.001, 0.002 and 0.05 (clipped to 0.003) from the unit sphere.
        let points: [SIMD3<Float>] = [SIMD3(1, 0, 0), SIMD3(0, 1.001, 0), SIMD3(0, 0, 0.998), SIMD3(1.05, 0, 0)]
        let finder = try SurfaceFinder(positions: points)
        let bic = finder.informationCriterion(.sphere(center: .zero, radius: 1), [0, 1, 2, 3], sigma: 0.001, clip: 0.003)
        let expected = (0 + 1 + 4 + 9) + 4 * log(4.0)
        #expect(abs(bic - expected) < 0.01, "\(bic) vs \(expected)")
    }

    /// The flatness check by hand: curvature is supported when n · ln(flat / curved) > Δk · ln n.
    @Test func curvatureSupportMatchesHandComputation() {
        // 25 000 points, a plane leaving 1.1% more: 25 000 · ln 1.011 = 273 > 3 · ln 25 000 = 30.4.
        #expect(SurfaceFinder.curvatureSupported(flat: 1.011, curved: 1, pointCount: 25_000, extraParameters: 3))
        // 100 points, the same ratio: 1.09 < 3 · ln 100 = 13.8; 15% more is needed (100 · ln 1.15 = 14.0).
        #expect(!SurfaceFinder.curvatureSupported(flat: 1.011, curved: 1, pointCount: 100, extraParameters: 3))
        #expect(!SurfaceFinder.curvatureSupported(flat: 1.13, curved: 1, pointCount: 100, extraParameters: 3))
        #expect(SurfaceFinder.curvatureSupported(flat: 1.15, curved: 1, pointCount: 100, extraParameters: 3))
        // A sphere (one parameter more than a plane) over 1000 points: 1000 · ln 1.007 = 6.98 ≥ ln 1000 = 6.91.
        #expect(SurfaceFinder.curvatureSupported(flat: 1.007, curved: 1, pointCount: 1000, extraParameters: 1))
        #expect(!SurfaceFinder.curvatureSupported(flat: 1.006, curved: 1, pointCount: 1000, extraParameters: 1))
        // A curved model that fits worse than the plane is never supported.
        #expect(!SurfaceFinder.curvatureSupported(flat: 1, curved: 1.2, pointCount: 1_000_000, extraParameters: 4))
    }
}
