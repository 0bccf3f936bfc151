import FathomCore
import FathomTestSupport
import Testing
@testable import FathomSensing

@Suite struct DepthCloudBuilderTests {
    static let planeNormal = SIMD3<Float>(0.2, 0.1, 1).normalized!
    static let planeOffset: Float = -1.2

    @Test func tiltedPlanePointsLieOnThePlane() throws {
        let cam = SensingFixtures.camera()
        let depth = SensingFixtures.planeDepth(camera: cam, normal: Self.planeNormal, offset: Self.planeOffset)
        let cloud = try DepthCloudBuilder(configuration: .init(maximumDistance: 100))
            .cloud(depth: SensingFixtures.depthFrame(depth), color: nil, camera: cam)
        #expect(cloud.statistics.keptCount == 256 * 192)
        #expect(cloud.points.count == 256 * 192)
        #expect(!cloud.points.hasColors)
        #expect(cloud.points.confidences.allSatisfy { $0 == 2 })
        let worst = cloud.points.positions.map { abs(Self.planeNormal.dot($0) - Self.planeOffset) }.max()!
        #expect(worst < 1e-4)
        // Pixel (0, 0) must map back to itself through the scaled intrinsics.
        let k = cam.intrinsics.scaled(toWidth: 256, height: 192)
        let back = k.project(cam.worldFromCamera!.inverse.apply(to: cloud.points.positions[0]))!
        #expect(isClose(back.pixel.x, 0, tolerance: 1e-2) && isClose(back.pixel.y, 0, tolerance: 1e-2))
    }

    @Test func frontoParallelPlaneAtKnownDistance() throws {
        let cam = CameraFrame(frameNumber: 3, timestamp: 0, cameraTransform: RigidTransform.identity.matrix,
                              intrinsics: SensingFixtures.intrinsics)
        let depth = DepthMap(width: 256, height: 192, repeating: 1.5)
        let cloud = try DepthCloudBuilder().cloud(depth: SensingFixtures.depthFrame(depth), color: nil, camera: cam)
        #expect(cloud.frameNumber == 0)
        #expect(cloud.points.positions.allSatisfy { isClose($0.z, -1.5, tolerance: 1e-6) })
        // Principal point of the depth map: cx = 959.5·256/1920 = 127.933…, so pixel 128 is just right of it.
        let p = cloud.points.positions[96 * 256 + 128]
        let cx: Float = 959.5 * 256 / 1920, fx: Float = 1450 * 256 / 1920
        let expectedX: Float = (128 - cx) * 1.5 / fx
        #expect(isClose(p.x, expectedX, tolerance: 1e-5))
    }

    @Test func filtersAndCountsBadSamples() throws {
        let cam = SensingFixtures.camera()
        var depth = DepthMap(width: 4, height: 2, repeating: 2)
        depth.pixels = [2, .nan, -1, 0, 0.05, 7, 2, .infinity]
        let conf = ConfidenceMap(width: 4, height: 2, pixels: [2, 2, 2, 2, 2, 2, 0, 2])!
        let frame = DepthFrame(frameNumber: 1, timestamp: 0, depth: depth, confidence: conf)
        let cloud = try DepthCloudBuilder().cloud(depth: frame, color: nil, camera: cam)
        #expect(cloud.statistics == DepthCloudStatistics(
            sampleCount: 8, invalidCount: 4, lowConfidenceCount: 1, outOfRangeCount: 2, keptCount: 1))
        let low = try DepthCloudBuilder(configuration: .init(minimumConfidence: .low, minimumDistance: 0))
            .cloud(depth: frame, color: nil, camera: cam)
        #expect(low.statistics.keptCount == 3)   // 2, 0.05, the low-confidence 2; 7 is beyond 5 m
    }

    @Test func coloursComeFromTheMatchingImagePixel() throws {
        let cam = SensingFixtures.camera()
        let depth = SensingFixtures.planeDepth(camera: cam, normal: Self.planeNormal, offset: Self.planeOffset)
        let rgb = SensingFixtures.twoColorImage(width: 512, height: 384, left: RGB8(r: 200, g: 30, b: 40),
                                                right: RGB8(r: 20, g: 60, b: 220))
        let ycbcr = YCbCrImage(rgb: rgb)!
        let builder = DepthCloudBuilder(configuration: .init(maximumDistance: 100))
        let cloud = try builder.cloud(depth: SensingFixtures.depthFrame(depth), color: .ycbcr(ycbcr), camera: cam)
        #expect(cloud.statistics.isColored)
        #expect(cloud.points.colors.count == cloud.points.count)
        // Depth pixel (u, v) ↔ image pixel (2u, 2v).
        for (u, v) in [(0, 0), (100, 50), (127, 191), (128, 0), (255, 191)] {
            let expected = RGB8(unit: ycbcr.rgb(x: 2 * u, y: 2 * v)), got = cloud.points.colors[v * 256 + u]
            #expect(abs(Int(got.r) - Int(expected.r)) <= 1 && abs(Int(got.g) - Int(expected.g)) <= 1
                && abs(Int(got.b) - Int(expected.b)) <= 1)
        }
        let left = cloud.points.colors[10 * 256 + 10], right = cloud.points.colors[10 * 256 + 250]
        #expect(Int(left.r) > 180 && Int(left.b) < 70)
        #expect(Int(right.b) > 200 && Int(right.r) < 50)
        // An RGB image is read as is.
        let plain = try builder.cloud(depth: SensingFixtures.depthFrame(depth), color: .rgb(rgb), camera: cam)
        #expect(plain.points.colors[10 * 256 + 10] == RGB8(r: 200, g: 30, b: 40))
    }

    @Test func fastPathMatchesReference() throws {
        let cam = SensingFixtures.camera()
        var depth = SensingFixtures.planeDepth(camera: cam, normal: Self.planeNormal, offset: Self.planeOffset)
        var g = SeededGenerator(seed: 7)
        var conf = ConfidenceMap(width: 256, height: 192, repeating: 2)
        for i in 0..<depth.count {
            if Int.random(in: 0..<10, using: &g) == 0 { depth.pixels[i] = [Float.nan, 0, -2][i % 3] }
            conf.pixels[i] = UInt8.random(in: 0...2, using: &g)
        }
        let frame = DepthFrame(frameNumber: 4, timestamp: 0, depth: depth, confidence: conf)
        // A textured image at another size and at the depth map's own size (the paired-chroma path).
        for (iw, ih) in [(320, 240), (256, 192)] {
        var rgb = RGBImage(width: iw, height: ih, repeating: .black)
        for y in 0..<ih { for x in 0..<iw { rgb[x, y] = RGB8(r: UInt8((x * 7) & 255), g: UInt8((y * 5) & 255), b: UInt8((x ^ y) & 255)) } }
        let image = ColorImage.ycbcr(YCbCrImage(rgb: rgb)!)
        for level in ConfidenceLevel.allCases {
            let b = DepthCloudBuilder(configuration: .init(minimumConfidence: level, minimumDistance: 0.5, maximumDistance: 3))
            let fast = try b.cloud(depth: frame, color: image, camera: cam)
            let slow = try b.referenceCloud(depth: frame, color: image, camera: cam)
            #expect(fast.statistics == slow.statistics)
            // Colours: integer tables (fast) vs float conversion (reference), within one level.
            #expect(zip(fast.points.colors, slow.points.colors).allSatisfy { a, b in
                abs(Int(a.r) - Int(b.r)) <= 1 && abs(Int(a.g) - Int(b.g)) <= 1 && abs(Int(a.b) - Int(b.b)) <= 1
            })
            #expect(fast.points.confidences == slow.points.confidences)
            #expect(zip(fast.points.positions, slow.points.positions).allSatisfy { isClose($0, $1, tolerance: 1e-4) })
        }
        }
    }

    @Test func badFramesThrowTypedErrors() {
        let builder = DepthCloudBuilder()
        var nanPose = SensingFixtures.camera(frame: 9)
        nanPose.cameraTransform.columns.3.x = .nan
        let depth = SensingFixtures.depthFrame(DepthMap(width: 8, height: 6, repeating: 1), frame: 9)
        #expect(throws: DepthCloudError.invalidPose(frameNumber: 9)) {
            try builder.cloud(depth: depth, color: nil, camera: nanPose)
        }
        let empty = SensingFixtures.depthFrame(DepthMap(width: 0, height: 0, repeating: 1), frame: 2)
        #expect(throws: DepthCloudError.emptyDepthMap(frameNumber: 2)) {
            try builder.cloud(depth: empty, color: nil, camera: SensingFixtures.camera(frame: 2))
        }
        #expect(throws: DepthCloudError.missingDepth(frameNumber: 5)) {
            try builder.cloud(for: SensorFrame(camera: SensingFixtures.camera(frame: 5)))
        }
    }
}
