import FathomCore
import FathomTestSupport
import Testing

@Suite struct CameraTests {
    @Test func scalingToDepthResolutionFollowsTheSpec() {
        let k = CameraIntrinsics.iPhoneWide1920x1440.scaled(toWidth: 256, height: 192)
        // 256/1920 = 192/1440 = 2/15.
        #expect(isClose(k.fx, 1450 * 2 / 15, tolerance: 1e-4))
        #expect(isClose(k.cx, 959.5 * 2 / 15, tolerance: 1e-4))
        #expect(isClose(k.cy, 719.5 * 2 / 15, tolerance: 1e-4))
        #expect(k.width == 256 && k.height == 192)
    }

    @Test func unprojectUsesTheSpecConvention() {
        // Hand-computed: fx = fy = 100, cx = 50, cy = 40; pixel (70, 20) at depth 2
        // → ((70 − 50)·2/100, −(20 − 40)·2/100, −2) = (0.4, 0.4, −2).
        let k = CameraIntrinsics(fx: 100, fy: 100, cx: 50, cy: 40, width: 100, height: 80)!
        #expect(k.unproject(u: 70, v: 20, depth: 2) == SIMD3(0.4, 0.4, -2))
        let back = k.project(SIMD3(0.4, 0.4, -2))!
        #expect(isClose(back.pixel.x, 70, tolerance: 1e-4) && isClose(back.pixel.y, 20, tolerance: 1e-4))
        #expect(k.project(SIMD3(0, 0, 1)) == nil)
        #expect(CameraIntrinsics(columnMajor: k.columnMajor, width: 100, height: 80) == k)
    }

    @Test func rayThroughPixelHitsTheUnprojectedPoint() {
        let pose = RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 0.4), translation: SIMD3(1, 1, 1))
        let cam = PinholeCamera(intrinsics: .iPhoneWide1920x1440, worldFromCamera: pose)
        let p = cam.unproject(u: 300, v: 1000, depth: 2.5)
        #expect(cam.ray(u: 300, v: 1000).distanceToLine(p) < 1e-5)
        let proj = cam.project(p)!
        #expect(isClose(proj.depth, 2.5, tolerance: 1e-4))
    }

    @Test func ycbcrRoundTripIsCloseToRGB() {
        var rgb = RGBImage(width: 4, height: 2, repeating: RGB8(r: 200, g: 40, b: 90))
        rgb[3, 1] = RGB8(r: 200, g: 40, b: 90)
        let y = YCbCrImage(rgb: rgb)!
        let c = y.rgb(x: 1, y: 1) * 255
        #expect(isClose(c, SIMD3(200, 40, 90), tolerance: 3))
        #expect(YCbCrImage(width: 3, height: 2, luma: [], chroma: []) == nil)
    }

    @Test func trackingStateStrings() {
        for s in ["normal", "notAvailable", "limited:excessiveMotion", "limited:relocalizing"] {
            #expect(TrackingState(string: s)?.string == s)
        }
        #expect(TrackingState(string: "limited:sleepy") == nil)
    }

    @Test func seededGeneratorIsDeterministic() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42), c = SeededGenerator(seed: 43)
        let xa = (0..<5).map { _ in a.next() }
        #expect(xa == (0..<5).map { _ in b.next() })
        #expect(xa != (0..<5).map { _ in c.next() })
    }
}
