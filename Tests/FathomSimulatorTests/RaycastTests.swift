import FathomTestSupport
import Foundation
import Testing

@testable import FathomSimulator

struct RaycastTests {
    /// A big room with one object at (5, 1, 5).
    static func scene(_ shape: PrimitiveShape, rotation: YawPitchRoll = .zero) throws -> SimulatedScene {
        try SimulatedScene(
            SceneDescription(
                rooms: [RoomDescription(polygon: [SIMD2(0, 0), SIMD2(0, 10), SIMD2(10, 10), SIMD2(10, 0)], height: 4)],
                objects: [ObjectDescription(name: "o", shape: shape, position: SIMD3(5, 1, 5), rotation: rotation)]))
    }

    func ray(_ o: SIMD3<Float>, _ d: SIMD3<Float>) -> Ray { Ray(origin: o, direction: d)! }

    @Test func sphereHitsOutsideAndInside() throws {
        let s = try Self.scene(.sphere(radius: 0.5))
        let hit = try #require(s.raycast(ray(SIMD3(5, 1, 8), SIMD3(0, 0, -1))))
        #expect(abs(hit.distance - 2.5) < 1e-5)
        #expect(hit.kind == .sphere)
        #expect(isClose(hit.normal, SIMD3(0, 0, 1), tolerance: 1e-5))
        // From inside: exits at the far side, normal facing the ray.
        let inside = try #require(s.raycast(ray(SIMD3(5, 1, 5), SIMD3(1, 0, 0))))
        #expect(abs(inside.distance - 0.5) < 1e-5)
        #expect(inside.normal.dot(SIMD3(1, 0, 0)) < -0.999)
        // Grazing: a ray 0.5 m off-centre touches; 0.501 m misses the sphere (hits the wall).
        let miss = try #require(s.raycast(ray(SIMD3(5.501, 1, 8), SIMD3(0, 0, -1))))
        #expect(miss.kind == .wall)
        #expect(abs(miss.distance - 8) < 1e-4)
    }

    @Test func boxFacesAndRotatedBox() throws {
        let s = try Self.scene(.box(size: SIMD3(1, 0.4, 2)))
        let top = try #require(s.raycast(ray(SIMD3(5.3, 3, 5.7), SIMD3(0, -1, 0))))
        #expect(abs(top.distance - 1.8) < 1e-5)
        #expect(isClose(top.normal, SIMD3(0, 1, 0), tolerance: 1e-6))
        let side = try #require(s.raycast(ray(SIMD3(1, 1, 5.9), SIMD3(1, 0, 0))))
        #expect(abs(side.distance - 3.5) < 1e-5)
        // Yaw 90°: the 2 m extent now lies along x.
        let r = try Self.scene(.box(size: SIMD3(1, 0.4, 2)), rotation: YawPitchRoll(yaw: 90))
        let hit = try #require(r.raycast(ray(SIMD3(1, 1, 5), SIMD3(1, 0, 0))))
        #expect(abs(hit.distance - 3) < 1e-4)
    }

    @Test func cappedCylinderSideAndCaps() throws {
        let s = try Self.scene(.cylinder(radius: 0.3, height: 1, capped: true))  // y from 1 to 2
        let side = try #require(s.raycast(ray(SIMD3(5, 1.5, 8), SIMD3(0, 0, -1))))
        #expect(abs(side.distance - 2.7) < 1e-5)
        let cap = try #require(s.raycast(ray(SIMD3(5.1, 3.5, 5.1), SIMD3(0, -1, 0))))
        #expect(abs(cap.distance - 1.5) < 1e-5)
        #expect(cap.normal.y > 0.999)
        // Uncapped: the ray down the axis passes through to the floor.
        let open = try Self.scene(.cylinder(radius: 0.3, height: 1, capped: false))
        let down = try #require(open.raycast(ray(SIMD3(5.1, 3.5, 5.1), SIMD3(0, -1, 0))))
        #expect(down.kind == .floor)
        // Horizontal pipe (pitch 90°: axis along +z from z = 5 to 6).
        let pipe = try Self.scene(.cylinder(radius: 0.3, height: 1, capped: true), rotation: YawPitchRoll(pitch: 90))
        let top = try #require(pipe.raycast(ray(SIMD3(5, 3, 5.5), SIMD3(0, -1, 0))))
        #expect(abs(top.distance - 1.7) < 1e-5)
    }

    @Test func coneSideApexAndFrustum() throws {
        // Cone r 0.5 at y = 1, apex at y = 2; half-angle atan(0.5).
        let s = try Self.scene(.cone(bottomRadius: 0.5, topRadius: 0, height: 1, capped: true))
        let side = try #require(s.raycast(ray(SIMD3(5, 1.5, 8), SIMD3(0, 0, -1))))
        #expect(abs(side.distance - (3 - 0.25)) < 1e-5)
        let n = side.normal
        #expect(abs(n.dot(SIMD3(0, 1, 2).normalized!) - 1) < 1e-4)
        let apex = try #require(s.raycast(ray(SIMD3(5, 3.5, 5), SIMD3(0, -1, 0))))
        #expect(abs(apex.distance - 1.5) < 1e-4)
        // Frustum: radius 0.5 → 0.25; at y = 1.5 the radius is 0.375.
        let f = try Self.scene(.cone(bottomRadius: 0.5, topRadius: 0.25, height: 1, capped: true))
        let fs = try #require(f.raycast(ray(SIMD3(8, 1.5, 5), SIMD3(-1, 0, 0))))
        #expect(abs(fs.distance - (3 - 0.375)) < 1e-5)
        let topCap = try #require(f.raycast(ray(SIMD3(5.2, 3.5, 5), SIMD3(0, -1, 0))))
        #expect(abs(topCap.distance - 1.5) < 1e-5)
        // Inside the top-cap radius the ray goes through the cap; just outside it hits the side.
        let truth = try #require(f.surface(named: "o")).primitive
        let (apexPoint, halfAngle) = try #require(truth.coneApexAndHalfAngle)
        #expect(isClose(apexPoint, SIMD3(5, 3, 5), tolerance: 1e-5))
        #expect(abs(halfAngle - atanf(0.25)) < 1e-6)
    }

    /// Brute-force first root of the torus implicit function along a ray.
    static func bruteForceTorus(_ o: SIMD3<Float>, _ d: SIMD3<Float>, big: Float, small: Float) -> Float? {
        let od = SIMD3<Double>(o)
        let dd = SIMD3<Double>(d)
        func f(_ t: Double) -> Double {
            let p = od + dd * t - SIMD3(5, 1, 5)
            let q = (p.x * p.x + p.z * p.z).squareRoot() - Double(big)
            return (q * q + p.y * p.y).squareRoot() - Double(small)
        }
        let step = 2e-4
        // The origins lie 1.5 m from the centre; the torus fits in a 0.4 m sphere.
        var t = 1.0
        var prev = f(t)
        while t < 2.0 {
            t += step
            let cur = f(t)
            if (cur < 0) != (prev < 0) {
                var lo = t - step
                var hi = t
                for _ in 0..<60 {
                    let m = (lo + hi) / 2
                    if (f(m) < 0) == (prev < 0) { lo = m } else { hi = m }
                }
                return Float((lo + hi) / 2)
            }
            prev = cur
        }
        return nil
    }

    @Test func torusMatchesBruteForceFromManyDirections() throws {
        let big: Float = 0.3
        let small: Float = 0.08
        let geometry = PrimitiveGeometry(
            shape: .torus(majorRadius: big, minorRadius: small),
            worldFromLocal: RigidTransform(translation: SIMD3(5, 1, 5)))
        var g = SeededGenerator(seed: 7)
        var hits = 0
        for k in 0..<200 {
            // Rays from 1.5 m away aimed at random points near the torus (some inside the hole).
            let dir0 = g.nextUnitVector()
            let origin = SIMD3<Float>(5, 1, 5) + dir0 * 1.5
            let target = SIMD3<Float>(5, 1, 5) + g.nextUnitVector() * Float.random(in: 0...0.4, using: &g)
            let d = (target - origin).normalized!
            let expected = Self.bruteForceTorus(origin, d, big: big, small: small)
            let got = geometry.intersect(origin, d, tMin: 1e-5, tMax: 100)?.t
            switch (expected, got) {
            case (let e?, let t?):
                hits += 1
                #expect(abs(e - t) < 1e-4, "ray \(k): \(t) vs brute force \(e)")
            case (nil, nil): break
            case (let e, let t):
                // Disagreement allowed only for near-tangent rays (the brute force step is 0.2 mm).
                let grazing = e.map { abs(Self.torusSD(origin + d * $0 - SIMD3(5, 1, 5), big, small)) } ?? 0
                Issue.record("ray \(k): brute force \(String(describing: e)) vs \(String(describing: t)) \(grazing)")
            }
        }
        #expect(hits > 60)
        // A ray from inside the tube exits.
        let inside = try #require(geometry.intersect(SIMD3(5.3, 1, 5), SIMD3(1, 0, 0), tMin: 1e-5, tMax: 10))
        #expect(abs(inside.t - small) < 1e-5)
        // Straight down through the hole misses; down through the tube hits its top.
        #expect(geometry.intersect(SIMD3(5, 3, 5), SIMD3(0, -1, 0), tMin: 1e-5, tMax: 10) == nil)
        let top = try #require(geometry.intersect(SIMD3(5.3, 3, 5), SIMD3(0, -1, 0), tMin: 1e-5, tMax: 10))
        #expect(abs(top.t - (2 - small)) < 1e-5)
        #expect(isClose(top.localNormal, SIMD3(0, 1, 0), tolerance: 1e-4))
    }

    static func torusSD(_ p: SIMD3<Float>, _ big: Float, _ small: Float) -> Float {
        PrimitiveGeometry.torusSignedDistance(p, big, small)
    }

    @Test func raysFromInsideClosedPrimitivesExit() throws {
        // Box 1 × 0.4 × 2 centred at (5, 1, 5): from the centre along +z the far face is 1 m away.
        let box = try Self.scene(.box(size: SIMD3(1, 0.4, 2)))
        let b = try #require(box.raycast(ray(SIMD3(5, 1, 5), SIMD3(0, 0, 1))))
        #expect(abs(b.distance - 1) < 1e-5 && b.kind == .box && b.normal.z < -0.999)
        // Capped cylinder r 0.3, y 1…2: from inside, up to the top cap and sideways to the wall.
        let cyl = try Self.scene(.cylinder(radius: 0.3, height: 1, capped: true))
        let up = try #require(cyl.raycast(ray(SIMD3(5, 1.5, 5), SIMD3(0, 1, 0))))
        #expect(abs(up.distance - 0.5) < 1e-5 && up.normal.y < -0.999)
        let side = try #require(cyl.raycast(ray(SIMD3(5.1, 1.5, 5), SIMD3(1, 0, 0))))
        #expect(abs(side.distance - 0.2) < 1e-5)
        // Cone r 0.5 at y = 1 to the apex at y = 2: from (5, 1.2, 5) along +x the side is at r = 0.4.
        let cone = try Self.scene(.cone(bottomRadius: 0.5, topRadius: 0, height: 1, capped: true))
        let c = try #require(cone.raycast(ray(SIMD3(5, 1.2, 5), SIMD3(1, 0, 0))))
        #expect(abs(c.distance - 0.4) < 1e-5 && c.kind == .cone)
        // Grazing the box edge-on along its top face plane misses nothing it should not: a ray at
        // y = 1.2 + 1e-3 passes above the box and reaches the wall.
        let above = try #require(box.raycast(ray(SIMD3(1, 1.201, 5), SIMD3(1, 0, 0))))
        #expect(above.kind == .wall && abs(above.distance - 9) < 1e-4)
    }

    @Test func distancesToNearestSurface() throws {
        let s = try Self.scene(.sphere(radius: 0.5))
        #expect(abs(s.distanceToNearestSurface(SIMD3(5, 1, 5.8)) - 0.3) < 1e-5)
        #expect(abs(s.distanceToNearestSurface(SIMD3(5, 1, 5.2)) - 0.3) < 1e-5)
        #expect(abs(s.distanceToNearestSurface(SIMD3(1, 0.2, 1)) - 0.2) < 1e-5)  // floor
        #expect(abs(s.distanceToNearestSurface(SIMD3(0.1, 2, 3)) - 0.1) < 1e-5)  // wall x = 0
        let c = try Self.scene(.cone(bottomRadius: 0.5, topRadius: 0, height: 1, capped: true))
        // A point on the axis above the apex.
        #expect(abs(c.distanceToNearestSurface(SIMD3(5, 2.2, 5)) - 0.2) < 1e-5)
        let t = try Self.scene(.torus(majorRadius: 0.3, minorRadius: 0.08))
        #expect(abs(t.distanceToNearestSurface(SIMD3(5, 1.2, 5.3)) - 0.12) < 1e-5)
        let b = try Self.scene(.box(size: SIMD3(1, 1, 1)))
        #expect(abs(b.distanceToNearestSurface(SIMD3(5, 1.1, 5)) - 0.4) < 1e-5)  // inside, nearest face y = 1.5
    }

    @Test func doorwayConnectsNeighbouringRooms() throws {
        let scene = try SimulatedScene(ScenePreset.apartment.description)
        // Living → bedroom door in the wall x = 3 at z 4.1…5.0; bedroom wall at x = 3.1.
        let through = try #require(scene.raycast(Ray(origin: SIMD3(1, 1, 4.55), direction: SIMD3(1, 0, 0))!))
        #expect(through.point.x > 5.5, "the ray should cross the doorway into the bedroom, hit \(through.point)")
        // Beside the door the wall blocks at x = 3.
        let blocked = try #require(scene.raycast(Ray(origin: SIMD3(1, 1, 3.6), direction: SIMD3(1, 0, 0))!))
        #expect(abs(blocked.distance - 2) < 1e-4)
        #expect(blocked.kind == .wall)
        // Above the door (top 2.05 m) the wall blocks too.
        let above = try #require(scene.raycast(Ray(origin: SIMD3(1, 2.3, 4.55), direction: SIMD3(1, 0, 0))!))
        #expect(abs(above.distance - 2) < 1e-4)
        // Down onto the threshold between the rooms: the reveal's floor piece.
        let sill = try #require(scene.raycast(Ray(origin: SIMD3(3.05, 1, 4.55), direction: SIMD3(0, -1, 0))!))
        #expect(sill.kind == .floor)
        #expect(abs(sill.distance - 1) < 1e-5)
        // The 45° wall.
        let diag = try #require(scene.raycast(Ray(origin: SIMD3(4.5, 1, 4.5), direction: SIMD3(1, 0, 1).normalized!)!))
        #expect(abs(diag.point.x + diag.point.z - 11) < 1e-4)
        #expect(abs(abs(diag.normal.x) - 0.7071) < 1e-3)
    }
}
