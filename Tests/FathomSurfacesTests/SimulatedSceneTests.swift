import FathomCore
import FathomSimulator
import FathomTestSupport
import Foundation
import Testing

@testable import FathomSurfaces

/// The demo scene's objects found in LiDAR-like fused clouds (ray-direction noise of 3–6 mm at 1–2 m,
/// 1 cm voxels, partial views, a floor under the ball and the cone, a wall behind the pipe, a table
/// under the ring), searched as the demo does: accuracy 5 mm, radial expansion 5, lateral extension
/// 10, no conversions.
@Suite struct SimulatedSceneTests {
    /// The LiDAR accuracy given to the finder, metres.
    static let accuracy: Float = 0.005
    /// Largest relative radius (or half-angle) error.
    static let radiusTolerance: Float = 0.03
    /// Largest relative error of the ring's 4 cm tube radius (its fit keeps a bias of about +3%: the
    /// tube's lower half is hidden and the table touches it along its bottom).
    static let tubeRadiusTolerance: Float = 0.05
    /// Largest axis error, degrees.
    static let axisToleranceDegrees: Float = 2
    /// Largest share of the ring's inliers that may be table-top points farther than half the inlier
    /// band from the true ring (table points where it touches the ring are on both surfaces).
    static let tableShare: Float = 0.04

    static let simulation = try! ScanSimulation(preset: .demo, seed: 7)

    /// A cloud around `target` seen from `viewpoints`, its finder, and the search from the cloud point
    /// nearest `seedAim`.
    static func search(
        _ type: SurfaceType, target: SIMD3<Float>, halfWidth: Float, viewpoints: [SIMD3<Float>],
        seedAim: SIMD3<Float>, seedRadius: Float, seed: UInt64
    ) throws -> (cloud: SimulatedLidarCloud, result: SurfaceSearchResult) {
        let cloud = SimulatedLidarCloud(
            scene: simulation.scene, target: target, halfWidth: halfWidth, viewpoints: viewpoints, seed: seed)
        let finder = try SurfaceFinder(positions: cloud.positions)
        let result = try finder.find(SurfaceSearch(
            type: type, seed: .point(seedAim), seedRadius: seedRadius, accuracy: accuracy, conversions: []))
        return (cloud, result)
    }

    @Test func ballOnTheFloorKeepsItsRadius() throws {
        guard case let .sphere(centre, radius)? = Self.simulation.scene.surface(named: "ball")?.primitive else {
            Issue.record("the demo scene has no ball")
            return
        }
        let (cloud, result) = try Self.search(
            .sphere, target: centre, halfWidth: 0.3,
            viewpoints: [SIMD3(0.5, 1.3, 2.2), SIMD3(2.2, 1.2, 2.0), SIMD3(1.3, 1.5, 2.6)],
            seedAim: centre + SIMD3(0, radius, 0), seedRadius: radius, seed: 1)
        guard case let .sphere(s)? = result.surface else {
            Issue.record("ball not found: \(String(describing: result.reason))")
            return
        }
        #expect(abs(s.radius - radius) / radius <= Self.radiusTolerance, "radius \(s.radius) m vs \(radius) m")
        #expect(s.center.distance(to: centre) <= Self.radiusTolerance * radius, "centre \(s.center) vs \(centre)")
        // Floor points taken although they lie off the true ball (the touching plane is dropped).
        let floorID = Self.simulation.scene.surfaces.first { $0.name == "floor" }?.id
        let band = 3 * Self.accuracy
        let taken = s.fit.inlierIndices.filter {
            cloud.surfaceIDs[$0] == floorID && abs(cloud.positions[$0].distance(to: centre) - radius) > band / 2
        }
        print("ball: radius \(s.radius) m, \(taken.count) of \(s.fit.inlierCount) inliers are floor points off the ball")
        #expect(Float(taken.count) <= Self.tableShare * Float(s.fit.inlierCount))
    }

    @Test func pipeBeforeTheWallKeepsItsRadius() throws {
        guard case let .cylinder(base, axis, radius, height, _)? = Self.simulation.scene.surface(named: "pipe")?.primitive
        else {
            Issue.record("the demo scene has no pipe")
            return
        }
        let middle = base + axis * (height / 2)
        let (_, result) = try Self.search(
            .cylinder, target: middle, halfWidth: 0.35,
            viewpoints: [SIMD3(3.4, 1.4, 2.0), SIMD3(3.6, 1.2, 1.2), SIMD3(3.6, 1.6, 2.8)],
            seedAim: middle + SIMD3(-radius, 0, 0), seedRadius: 3 * radius, seed: 2)
        guard case let .cylinder(c)? = result.surface else {
            Issue.record("pipe not found: \(String(describing: result.reason))")
            return
        }
        #expect(abs(c.radius - radius) / radius <= Self.radiusTolerance, "radius \(c.radius) m vs \(radius) m")
        #expect(angleDegrees(c.axis, axis, unsigned: true) <= Self.axisToleranceDegrees)
    }

    @Test func coneOnTheFloorKeepsItsAngle() throws {
        let truth = Self.simulation.scene.surface(named: "cone")?.primitive
        guard case let .cone(base, axis, bottomRadius, _, _, _)? = truth, let (apex, halfAngle) = truth?.coneApexAndHalfAngle
        else {
            Issue.record("the demo scene has no cone")
            return
        }
        let aimHeight: Float = 0.12
        let aimRadius = bottomRadius * (1 - aimHeight / apex.distance(to: base))
        let (_, result) = try Self.search(
            .cone, target: base + axis * 0.15, halfWidth: 0.3,
            viewpoints: [SIMD3(3.0, 1.3, 2.2), SIMD3(4.6, 1.3, 2.3), SIMD3(3.9, 1.5, 2.0)],
            seedAim: base + axis * aimHeight + SIMD3(0, 0, -aimRadius), seedRadius: bottomRadius, seed: 3)
        guard case let .cone(c)? = result.surface else {
            Issue.record("cone not found: \(String(describing: result.reason))")
            return
        }
        #expect(abs(c.halfAngle - halfAngle) / halfAngle <= Self.radiusTolerance, "half angle \(c.halfAngle) vs \(halfAngle)")
        #expect(angleDegrees(c.axis, axis, unsigned: true) <= Self.axisToleranceDegrees)
    }

    @Test func ringOnTheTableLeavesTheTableOut() throws {
        guard case let .torus(centre, axis, big, small)? = Self.simulation.scene.surface(named: "ring")?.primitive,
            let table = Self.simulation.scene.surface(named: "table")
        else {
            Issue.record("the demo scene has no ring on a table")
            return
        }
        let (cloud, result) = try Self.search(
            .torus, target: centre, halfWidth: 0.35,
            viewpoints: [SIMD3(2.3, 1.8, 1.1), SIMD3(1.4, 1.6, 2.3), SIMD3(3.2, 1.7, 2.7)],
            seedAim: centre + SIMD3(big, small, 0), seedRadius: big, seed: 4)
        guard case let .torus(t)? = result.surface else {
            Issue.record("ring not found: \(String(describing: result.reason))")
            return
        }
        #expect(abs(t.meanRadius - big) / big <= Self.radiusTolerance, "mean radius \(t.meanRadius) m vs \(big) m")
        #expect(abs(t.tubeRadius - small) / small <= Self.tubeRadiusTolerance, "tube radius \(t.tubeRadius) m vs \(small) m")
        #expect(angleDegrees(t.axis, axis, unsigned: true) <= Self.axisToleranceDegrees)
        // Table points taken although they lie off the true ring.
        let band = 3 * Self.accuracy
        let taken = t.fit.inlierIndices.filter { i in
            guard cloud.surfaceIDs[i] == table.id else { return false }
            let d = cloud.positions[i] - centre
            let h = d.dot(axis)
            let rho = (d - axis * h).length
            return abs(((rho - big) * (rho - big) + h * h).squareRoot() - small) > band / 2
        }
        #expect(Float(taken.count) <= Self.tableShare * Float(t.fit.inlierCount),
                "\(taken.count) of \(t.fit.inlierCount) inliers are table points off the ring")
    }
}
