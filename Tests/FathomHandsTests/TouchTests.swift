import FathomCore
import FathomTestSupport
import Testing
@testable import FathomHands

@Suite struct TouchSurfaceTests {
    @Test func validation() {
        #expect(TouchSurface(center: .zero, axisU: SIMD3(1, 0, 0), axisV: SIMD3(1, 0, 0), halfSize: SIMD2(1, 1)) == nil)
        #expect(TouchSurface(center: .zero, axisU: SIMD3(2, 0, 0), axisV: SIMD3(0, 0, 1), halfSize: SIMD2(1, 1)) == nil)
        #expect(TouchSurface(center: .zero, axisU: SIMD3(1, 0, 0), axisV: SIMD3(0, 0, 1), halfSize: SIMD2(0, 1)) == nil)
        let s = TouchSurface.horizontal(center: SIMD3(1, 0.7, 2), sizeX: 1.2, sizeZ: 0.6)!
        #expect(s.normal == SIMD3(0, 1, 0))
        #expect(s.plane.offset == 0.7)
    }

    @Test func rayHitsOnlyWithinExtent() throws {
        let s = TouchSurface.horizontal(center: SIMD3(0, 0.7, 0), sizeX: 1.2, sizeZ: 0.6)!
        let down = try #require(Ray(origin: SIMD3(0.5, 1.7, 0.2), direction: SIMD3(0, -1, 0)))
        #expect(s.intersectionDistance(with: down) == 1.0)
        let outside = try #require(Ray(origin: SIMD3(0.7, 1.7, 0.2), direction: SIMD3(0, -1, 0)))
        #expect(s.intersectionDistance(with: outside) == nil)
        let up = try #require(Ray(origin: SIMD3(0, 0, 0), direction: SIMD3(0, -1, 0)))
        #expect(s.intersectionDistance(with: up) == nil)
        #expect(s.closestPoint(to: SIMD3(2, 5, 0.1)) == SIMD3(0.6, 0.7, 0.1))
    }

    @Test func nearestSurfaceWinsAndTheLiftFacesTheCamera() throws {
        let table = TouchSurface.horizontal(center: SIMD3(0, 0.7, 0), sizeX: 1, sizeZ: 1)!
        let floor = TouchSurface.horizontal(center: .zero, sizeX: 4, sizeZ: 4)!
        let scene = TouchScene(surfaces: [floor, table])
        let ray = try #require(Ray(origin: SIMD3(0.1, 1.5, 0), direction: SIMD3(0, -1, 0)))
        let hit = try #require(scene.hit(ray))
        #expect(hit.target == .surface(1))
        #expect(isClose(hit.position, SIMD3(0.1, 0.7, 0), tolerance: 1e-6))
        #expect(hit.liftDirection == SIMD3(0, 1, 0))
        // Past the table's edge the floor is hit.
        let beside = try #require(Ray(origin: SIMD3(0.8, 1.5, 0), direction: SIMD3(0, -1, 0)))
        #expect(scene.hit(beside)?.target == .surface(0))
        // From below the table, the lift points down, towards the camera.
        let under = try #require(Ray(origin: SIMD3(0.1, 0.3, 0), direction: SIMD3(0, 1, 0)))
        #expect(scene.hit(under)?.liftDirection == SIMD3(0, -1, 0))
        // Beyond the maximum distance nothing is hit.
        #expect(scene.hit(ray, configuration: TouchConfiguration(maximumDistance: 0.5)) == nil)
    }

    @Test func pointCloudIsHitWhenNoSurfaceIs() throws {
        // A 5 mm grid of points on the plane z = −1 (a wall in front of the camera).
        var points: [SIMD3<Float>] = []
        for i in -40...40 { for j in -40...40 { points.append(SIMD3(Float(i) * 0.005, Float(j) * 0.005, -1)) } }
        let scene = TouchScene(surfaces: [], cloud: PointCloud(unchecked: points))
        let ray = try #require(Ray(origin: SIMD3(0.05, 0.02, 0), direction: SIMD3(0.05, 0.02, -1)))
        let hit = try #require(scene.hit(ray))
        #expect(hit.target == .pointCloud)
        #expect(isClose(hit.position, SIMD3(0.1, 0.04, -1), tolerance: 0.01))
        #expect(isClose(hit.liftDirection, -ray.direction, tolerance: 1e-6))
        // A ray that passes beside the cloud hits nothing.
        let miss = try #require(Ray(origin: .zero, direction: SIMD3(1, 0, -0.2)))
        #expect(scene.hit(miss) == nil)
    }
}

@Suite struct OneEuroFilterTests {
    @Test func constantInputPassesThrough() {
        var f = OneEuroFilter()
        for k in 0..<30 { #expect(f.update(SIMD3(1, 2, 3), timestamp: Double(k) / 30) == SIMD3(1, 2, 3)) }
    }

    @Test func stepResponseIsMonotoneAndConverges() {
        var f = OneEuroFilter()
        _ = f.update(.zero, timestamp: 0)
        var last: Float = 0
        for k in 1...120 {
            let y = f.update(SIMD3(1, 0, 0), timestamp: Double(k) / 30).x
            #expect(y >= last && y <= 1)
            last = y
        }
        #expect(last > 0.999)
    }

    @Test func jitterIsReduced() {
        var g = SeededGenerator(seed: 3)
        var f = OneEuroFilter()
        var rawSum: Float = 0, smoothSum: Float = 0
        for k in 0..<300 {
            let x = SIMD3<Float>(Float(g.nextGaussian()) * 0.005, 0, 0)
            let y = f.update(x, timestamp: Double(k) / 30)
            if k >= 30 {
                rawSum += x.x * x.x
                smoothSum += y.x * y.x
            }
        }
        #expect(smoothSum < rawSum * 0.2)
    }

    @Test func fasterMotionLagsLessWithBeta() {
        func lag(beta: Double) -> Float {
            var f = OneEuroFilter(parameters: .init(minimumCutoff: 1, beta: beta))
            var y = SIMD3<Float>.zero
            for k in 0..<60 { y = f.update(SIMD3(Float(k) * 0.01, 0, 0), timestamp: Double(k) / 30) }
            return 0.59 - y.x
        }
        #expect(lag(beta: 50) < lag(beta: 0) * 0.5)
    }
}

@Suite struct TouchTrackerTests {
    let table = SimulatedTable()
    let tips: [SIMD3<Float>] = [SIMD3(0, 0, -0.1), SIMD3(0.08, 0, -0.05), SIMD3(-0.07, 0, -0.16), SIMD3(0.05, 0, -0.2)]

    func tracker() -> TouchTracker { TouchTracker(configuration: TouchConfiguration(displayOrientation: .right)) }

    @Test(arguments: [112, 224])
    func touchLandsWithinOneCentimetre(_ n: Int) throws {
        let detector = FingertipDetector(configuration: .init(orientation: .right))
        for tip in tips {
            let m = table.mask(tip: tip, size: n)
            let fingertip = try #require(detector.fingertip(in: m))
            var t = tracker()
            let update = t.update(fingertip: fingertip, camera: table.camera, scene: table.scene, timestamp: 0)
            let touch = try #require(update)
            #expect(touch.hit.target == .surface(0))
            // On the table, lifted 1 cm.
            #expect(abs(touch.position.y - 0.01) < 1e-5)
            let error = touch.position.distance(to: table.truth(tip))
            #expect(error < 0.01, "\(n) px mask, tip \(tip): \(error) m")
        }
    }

    @Test func uprightMaskGivesTheSameTouch() throws {
        // Vision run with `.right` returns the mask already upright: detect with `.up`, map with `.right`.
        let tip = tips[1]
        let sensorMask = table.mask(tip: tip, size: 112)
        let upright = ImageOrientation.right.displayed(sensorMask)
        let a = try #require(FingertipDetector(configuration: .init(orientation: .right)).fingertip(in: sensorMask))
        let b = try #require(FingertipDetector(configuration: .init(orientation: .up)).fingertip(in: upright))
        #expect(a.normalized == b.normalized)
        #expect(a.robustPixelCount == b.robustPixelCount)
    }

    @Test(arguments: [112, 224])
    func jitteredMasksStayWithinOneCentimetreWhenSmoothed(_ n: Int) throws {
        var g = SeededGenerator(seed: UInt64(n))
        let detector = FingertipDetector(configuration: .init(orientation: .right))
        let tip = tips[2]
        var t = tracker()
        var worstSmoothed: Float = 0
        for k in 0..<60 {
            let jitter = SIMD2(Float.random(in: -2...2, using: &g), Float.random(in: -2...2, using: &g))
            let fingertip = detector.fingertip(in: table.mask(tip: tip, size: n, jitter: jitter))
            let update = t.update(fingertip: fingertip, camera: table.camera, scene: table.scene, timestamp: Double(k) / 30)
            let touch = try #require(update)
            #expect(!touch.isHeld)
            if k >= 10 { worstSmoothed = max(worstSmoothed, touch.position.distance(to: table.truth(tip))) }
        }
        #expect(worstSmoothed < 0.01, "worst smoothed error \(worstSmoothed) m at \(n) px")
    }

    @Test func touchIsHeldThenLost() throws {
        let detector = FingertipDetector(configuration: .init(orientation: .right))
        let fingertip = try #require(detector.fingertip(in: table.mask(tip: tips[0], size: 112)))
        var t = tracker()
        let firstUpdate = t.update(fingertip: fingertip, camera: table.camera, scene: table.scene, timestamp: 1)
        let first = try #require(firstUpdate)
        let heldUpdate = t.update(fingertip: nil, camera: table.camera, scene: table.scene, timestamp: 1.2)
        let held = try #require(heldUpdate)
        #expect(held.isHeld && held.position == first.position)
        let lost = t.update(fingertip: nil, camera: table.camera, scene: table.scene, timestamp: 1.31)
        #expect(lost == nil)
        #expect(t.current == nil)
        // A fingertip that misses every surface does not start a touch.
        let sky = Fingertip(normalized: SIMD2(0.5, 0.5), pixel: .zero, robustPixelCount: 10)
        let away = PinholeCamera(intrinsics: .iPhoneWide1920x1440,
                                 worldFromCamera: .lookAt(eye: SIMD3(0, 0.3, 0), target: SIMD3(0, 1, -1))!)
        let missed = t.update(fingertip: sky, camera: away, scene: table.scene, timestamp: 2)
        #expect(missed == nil)
    }
}

@Suite struct CameraMappingTests {
    let camera = PinholeCamera(
        intrinsics: CameraIntrinsics(fx: 100, fy: 100, cx: 49.5, cy: 39.5, width: 100, height: 80)!,
        worldFromCamera: .identity)

    @Test func imageCentreLooksStraightAhead() {
        // Area-normalized (0.5, 0.5) is pixel (49.5, 39.5), the principal point here.
        let ray = camera.ray(throughAreaNormalized: SIMD2(0.5, 0.5))
        #expect(isClose(ray.direction, SIMD3(0, 0, -1), tolerance: 1e-6))
        // The centre of pixel (0, 0) is area-normalized (0.5/100, 0.5/80).
        let corner = camera.ray(throughAreaNormalized: SIMD2(0.005, 0.00625))
        #expect(isClose(corner.direction, camera.intrinsics.direction(u: 0, v: 0), tolerance: 1e-6))
    }

    @Test func areaNormalizedRoundTrip() throws {
        for p in [SIMD2<Float>(0.1, 0.9), SIMD2(0.73, 0.2), SIMD2(0.5, 0.5)] {
            let ray = camera.ray(throughAreaNormalized: p)
            let q = try #require(camera.areaNormalized(of: ray.point(at: 2)))
            #expect(abs(q.x - p.x) < 1e-5 && abs(q.y - p.y) < 1e-5)
        }
        #expect(camera.areaNormalized(of: SIMD3(0, 0, 1)) == nil)
    }

    @Test func fingertipToViewAndCamera() {
        let tip = Fingertip(normalized: SIMD2(0.25, 0.1), pixel: SIMD2(3, 4), robustPixelCount: 12)
        #expect(tip.viewPoint(width: 390, height: 844) == SIMD2(97.5, 84.4))
        // Shown `.right`, the displayed point (0.25, 0.1) is the stored point (0.1, 0.75).
        #expect(tip.cameraNormalized(displayOrientation: .right) == SIMD2(0.1, 0.75))
        #expect(tip.cameraNormalized(displayOrientation: .up) == tip.normalized)
    }
}
