import FathomCore
import FathomTestSupport
import Testing
@testable import FathomSensing

@Suite struct GuidedDepthUpsamplerTests {
    @Test func boxFilterMatchesDirectSums() {
        var g = SeededGenerator(seed: 3)
        let w = 23, h = 17
        let src = (0..<(w * h)).map { _ in Float.random(in: -1...1, using: &g) }
        for r in [1, 2, 5, 30] {
            var box = BoxFilter(width: w, height: h, radius: r)
            let fast = box.sum(src), slow = BoxFilter.referenceSum(src, width: w, height: h, radius: r)
            #expect(zip(fast, slow).allSatisfy { isClose($0, $1, tolerance: 1e-4) })
        }
    }

    @Test func uniformGuideGivesBilinearRampAwayFromBorders() throws {
        // A depth ramp along x, a featureless guide: a = 0, b = window mean = the ramp itself
        // (symmetric windows), then enlarged bilinearly.
        let w = 32, h = 24, outW = 96, outH = 72
        var depth = DepthMap(width: w, height: h, repeating: 0)
        for y in 0..<h { for x in 0..<w { depth[x, y] = 1 + 0.01 * Float(x) } }
        let guide = ColorImage.rgb(RGBImage(width: outW, height: outH, repeating: RGB8(r: 90, g: 90, b: 90)))
        let out = try GuidedDepthUpsampler().upsampleDepth(depth, guide: guide, width: outW, height: outH)
        for y in stride(from: 12, to: 60, by: 7) {
            for x in stride(from: 15, to: 80, by: 5) {
                let expected = 1 + 0.01 * Float(x) * Float(w) / Float(outW)
                #expect(isClose(out[x, y], expected, tolerance: 1e-4), "(\(x), \(y)): \(out[x, y]) vs \(expected)")
            }
        }
    }

    @Test func holesAreFilledAndEdgesFollowTheGuide() throws {
        // Near plane (1 m) on the left, far (2 m) on the right, edge at depth column 16 = output column 48.
        let w = 32, h = 24, outW = 96, outH = 72
        var depth = DepthMap(width: w, height: h, repeating: 2)
        for y in 0..<h { for x in 0..<16 { depth[x, y] = 1 } }
        depth[5, 5] = .nan
        depth[6, 5] = 0
        let guideImage = SensingFixtures.twoColorImage(width: outW, height: outH, left: RGB8(r: 30, g: 30, b: 30),
                                                       right: RGB8(r: 230, g: 230, b: 230))
        let up = GuidedDepthUpsampler(configuration: .init(radius: 2, epsilon: 1e-4))
        let out = try up.upsampleDepth(depth, guide: .rgb(guideImage), width: outW, height: outH)
        #expect(isClose(out[16, 15], 1, tolerance: 1e-3))   // the hole at depth (5, 5)
        #expect(isClose(out[18, 15], 1, tolerance: 1e-3))
        // Next to the edge the guide keeps the two sides apart better than bilinear enlargement, which
        // gives 1.67 at output column 47 (source 15.67). Fast guided filter: dark pixels whose
        // coefficient windows reach one bright-only window get 1 + 0.2·(2 − 1)·weight.
        let row = 36
        #expect(isClose(out[44, row], 1, tolerance: 1e-3))
        #expect(out[47, row] < 1.2)
        #expect(isClose(out[49, row], 2, tolerance: 1e-3))
        #expect(isClose(out[60, row], 2, tolerance: 1e-3))
        // All-missing depth gives no depth.
        let none = try up.upsampleDepth(DepthMap(width: w, height: h, repeating: .nan), guide: .rgb(guideImage),
                                        width: 40, height: 30)
        #expect(none.pixels.allSatisfy { $0 == 0 })
    }

    @Test func frameUpsamplingEnlargesConfidenceToNearestLevel() throws {
        let depth = DepthMap(width: 4, height: 2, repeating: 1)
        let conf = ConfidenceMap(width: 4, height: 2, pixels: [0, 2, 2, 2, 0, 2, 2, 2])!
        let frame = DepthFrame(frameNumber: 1, timestamp: 0, depth: depth, confidence: conf)
        let guide = ColorImage.rgb(RGBImage(width: 16, height: 8, repeating: .white))
        let up = try GuidedDepthUpsampler().upsample(frame, guide: guide)
        #expect(up.width == 16 && up.height == 8)
        // Output column x reads source x/4: 0 → 0, 1 → 0.5 (rounds to 1), 2 → 1, 3 → 1.5 (rounds to 2), 4 → 2.
        #expect(Array(up.confidence.pixels[0..<5]) == [0, 1, 1, 2, 2])
        #expect(up.depth.pixels.allSatisfy { isClose($0, 1, tolerance: 1e-5) })
        #expect(throws: GuidedUpsamplingError.invalidOutputSize(width: 0, height: 5)) {
            try GuidedDepthUpsampler().upsample(frame, guide: guide, width: 0, height: 5)
        }
    }
}
