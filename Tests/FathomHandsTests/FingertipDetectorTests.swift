import FathomCore
import Testing
@testable import FathomHands

@Suite struct FingertipDetectorTests {
    func detector(_ o: ImageOrientation = .up, minimum: Int = 10) -> FingertipDetector {
        FingertipDetector(configuration: .init(minimumRobustPixelCount: minimum, orientation: o))
    }

    @Test func handComputedBlob() throws {
        let m = mask([
            "........",
            "...###..",
            "..#####.",
            "..#####.",
            "..#####.",
            "........",
        ])
        // Robust: x 3…5 on rows 2 and 3 (row 1 lacks an upper neighbour, row 4 a lower one).
        let tip = try #require(detector(minimum: 6).fingertip(in: m))
        #expect(tip.pixel == SIMD2(4, 2))
        #expect(tip.robustPixelCount == 6)
        let expectedNormalized = SIMD2<Float>(4.5 / 8, 2.5 / 6)
        #expect(tip.normalized == expectedNormalized)
        #expect(detector(minimum: 7).fingertip(in: m) == nil)
        #expect(detector(minimum: 7).robustPixelCount(in: m) == 6)
        #expect(detector().robustPixelCount(in: GrayImage(width: 2, height: 9, repeating: 255)) == 0)
    }

    /// A finger pointing left (stored) from a palm on the right: each orientation finds a different tip.
    let asymmetric = mask([
        "..........",
        "......####",
        ".#########",
        ".#########",
        ".#########",
        "......####",
        "..........",
    ])

    @Test func orientationsOnAnAsymmetricMask() throws {
        let up = try #require(detector(.up).fingertip(in: asymmetric))
        #expect(up.pixel == SIMD2(7, 2))
        #expect(up.robustPixelCount == 13)
        let right = try #require(detector(.right).fingertip(in: asymmetric))
        #expect(right.pixel == SIMD2(2, 3))
        #expect(right.normalized == SIMD2(0.5, 0.25))
        let left = try #require(detector(.left).fingertip(in: asymmetric))
        #expect(left.pixel == SIMD2(8, 3))
        let down = try #require(detector(.down).fingertip(in: asymmetric))
        #expect(down.pixel == SIMD2(7, 4))
        let expectedDown = SIMD2<Float>(1 - 7.5 / 10, 1 - 4.5 / 7)
        #expect(down.normalized == expectedDown)
    }

    @Test func minimumCountBoundary() {
        var m = GrayImage(width: 20, height: 20, repeating: 0)
        // A 7 × 4 block holds 5 × 2 = 10 robust pixels.
        for y in 5..<9 { for x in 5..<12 { m[x, y] = 200 } }
        #expect(detector(minimum: 10).fingertip(in: m)?.robustPixelCount == 10)
        #expect(detector(minimum: 11).fingertip(in: m) == nil)
        #expect(FingertipDetector().fingertip(in: m)?.pixel == SIMD2(8, 6))
    }

    @Test func thresholdIs128() {
        var m = GrayImage(width: 9, height: 9, repeating: 0)
        for y in 2..<7 { for x in 2..<7 { m[x, y] = 128 } }
        #expect(detector(minimum: 9).fingertip(in: m)?.robustPixelCount == 9)
        m[4, 4] = 127
        #expect(detector(minimum: 1).fingertip(in: m)?.robustPixelCount == 4)
    }

    @Test(arguments: [0, 1, 2])
    func tinyAndEmptyMasksHaveNoFingertip(_ size: Int) {
        let full = GrayImage(width: size, height: size, repeating: 255)
        #expect(detector(minimum: 1).fingertip(in: full) == nil)
        #expect(detector(minimum: 1).fingertip(in: GrayImage(width: size, height: 40, repeating: 255)) == nil)
        #expect(detector(minimum: 1).fingertip(in: GrayImage(width: 40, height: size, repeating: 255)) == nil)
    }

    @Test(arguments: ImageOrientation.allCases)
    func fullMaskTouchesEveryEdge(_ o: ImageOrientation) throws {
        for (w, h) in [(112, 112), (224, 224), (5, 3), (3, 7)] {
            let m = GrayImage(width: w, height: h, repeating: 255)
            let tip = try #require(detector(o, minimum: 1).fingertip(in: m))
            #expect(tip.robustPixelCount == (w - 2) * (h - 2))
            let ref = try #require(referenceFingertip(m, orientation: o, minimumCount: 1))
            #expect(tip.pixel == ref.pixel)
        }
        // Upright at 112: row 1, lower median of columns 1…110 = 55.
        if o == .up {
            #expect(detector(o).fingertip(in: GrayImage(width: 112, height: 112, repeating: 255))?.pixel == SIMD2(55, 1))
        }
    }

    /// Rectangles flush with every edge and corner: the tip is the analytic one (upright) and the
    /// reference one (every orientation), and nothing reads outside the mask.
    @Test(arguments: [112, 224])
    func handsAtEveryEdgeAndCorner(_ n: Int) throws {
        let e = n - 1
        let rects: [(x0: Int, y0: Int, x1: Int, y1: Int)] = [
            (0, 0, 20, 30), (e - 20, 0, e, 30), (0, e - 30, 20, e), (e - 20, e - 30, e, e),
            (40, 0, 60, 50), (40, e - 50, 60, e), (0, 40, 30, 60), (e - 30, 40, e, 60), (0, 0, e, 5),
        ]
        for r in rects {
            var m = GrayImage(width: n, height: n, repeating: 0)
            for y in r.y0...r.y1 { for x in r.x0...r.x1 { m[x, y] = 255 } }
            let xa = max(r.x0 + 1, 1), xb = min(r.x1 - 1, n - 2)
            let ya = max(r.y0 + 1, 1), yb = min(r.y1 - 1, n - 2)
            let up = try #require(detector(.up).fingertip(in: m))
            #expect(up.pixel == SIMD2(xa + (xb - xa) / 2, ya))
            #expect(up.robustPixelCount == (xb - xa + 1) * (yb - ya + 1))
            for o in ImageOrientation.allCases {
                let tip = try #require(detector(o).fingertip(in: m))
                let ref = try #require(referenceFingertip(m, orientation: o))
                #expect(tip.pixel == ref.pixel, "\(o) \(r)")
                #expect(tip.robustPixelCount == ref.count)
            }
        }
    }

    @Test(arguments: [112, 224])
    func syntheticHandsMatchTheReferenceAndTheTrueTip(_ n: Int) throws {
        var g = SeededGenerator(seed: 7)
        for trial in 0..<12 {
            // Reference frame 1920 × 1440 (the sensor), finger pointing up as displayed.
            let o = ImageOrientation.allCases[trial % 4]
            let upDisplayed = SIMD2<Float>(0, -1)
            // The stored direction that is displayed as "up": invert the normalized mapping on vectors.
            let a = o.storedNormalized(fromDisplayed: SIMD2(0.5, 0.5))
            let b = o.storedNormalized(fromDisplayed: SIMD2(0.5, 0.5) + upDisplayed * 0.1)
            let dir = (b - a) * SIMD2(1920, 1440)
            let tip = SIMD2(Float.random(in: 500...1400, using: &g), Float.random(in: 400...1000, using: &g))
            let hand = SyntheticHand.pointing(
                tip: tip, direction: dir, fingerLength: Float.random(in: 250...450, using: &g),
                fingerRadius: Float.random(in: 35...70, using: &g), palmRadius: Float.random(in: 150...260, using: &g),
                referenceWidth: 1920, referenceHeight: 1440)
            let m = hand.mask(width: n, height: n)
            let found = try #require(detector(o).fingertip(in: m))
            let ref = try #require(referenceFingertip(m, orientation: o))
            #expect(found.pixel == ref.pixel)
            #expect(found.robustPixelCount == ref.count)
            // The tip pixel lies within two mask pixels of the true tip.
            let truth = tip / SIMD2(1920, 1440) * Float(n)
            let centre = SIMD2<Float>(found.pixel) + 0.5
            let d = centre - truth
            #expect((d * d).sum().squareRoot() <= 2.5, "trial \(trial): \(centre) vs \(truth)")
            // Normalized point is the displayed image of the stored pixel centre.
            let storedNormalized = centre / Float(n)
            let expected = o.displayedNormalized(fromStored: storedNormalized)
            #expect(abs(found.normalized.x - expected.x) < 1e-6 && abs(found.normalized.y - expected.y) < 1e-6)
        }
    }

    @Test func resolutionIndependent() throws {
        let hand = SyntheticHand.pointing(
            tip: SIMD2(900, 500), direction: SIMD2(0.2, -1), fingerLength: 350, fingerRadius: 50, palmRadius: 200,
            referenceWidth: 1920, referenceHeight: 1440)
        let small = try #require(FingertipDetector().fingertip(in: hand.mask(width: 112, height: 112)))
        let large = try #require(FingertipDetector().fingertip(in: hand.mask(width: 224, height: 224)))
        let wide = try #require(FingertipDetector().fingertip(in: hand.mask(width: 256, height: 192)))
        let d1 = small.normalized - large.normalized, d2 = wide.normalized - large.normalized
        #expect((d1 * d1).sum().squareRoot() < 2.0 / 112)
        #expect((d2 * d2).sum().squareRoot() < 2.0 / 192)
    }

    @Test(arguments: [112, 224])
    func noiseSpecksAreIgnored(_ n: Int) throws {
        var g = SeededGenerator(seed: UInt64(n))
        let hand = SyntheticHand.pointing(
            tip: SIMD2(960, 700), direction: SIMD2(0, -1), fingerLength: 300, fingerRadius: 50, palmRadius: 220,
            referenceWidth: 1920, referenceHeight: 1440)
        let clean = hand.mask(width: n, height: n)
        let expected = try #require(FingertipDetector().fingertip(in: clean))
        let speckShapes: [(Int, Int)] = [(1, 1), (2, 1), (1, 2), (2, 2), (6, 2), (2, 6), (1, 9)]
        var noisy = clean
        var placed = 0
        for _ in 0..<400 {
            let (sw, sh) = speckShapes[Int.random(in: 0..<speckShapes.count, using: &g)]
            let x0 = Int.random(in: 0...(n - sw), using: &g), y0 = Int.random(in: 0...(n - sh), using: &g)
            // Keep specks apart from the hand and each other (a one-pixel background ring around each),
            // so they cannot join into something robust.
            var free = true
            for y in (y0 - 1)...(y0 + sh) {
                for x in (x0 - 1)...(x0 + sw) where noisy.contains(x: x, y: y) && noisy[x, y] >= 128 { free = false }
            }
            guard free else { continue }
            for y in y0..<(y0 + sh) { for x in x0..<(x0 + sw) { noisy[x, y] = 255 } }
            placed += 1
        }
        #expect(placed > 50)
        for o in ImageOrientation.allCases {
            let c = FingertipDetector(configuration: .init(orientation: o))
            #expect(c.fingertip(in: noisy) == c.fingertip(in: clean))
        }
        #expect(FingertipDetector().fingertip(in: noisy) == expected)
        // Specks alone are not a hand.
        var specksOnly = noisy
        for i in specksOnly.pixels.indices where clean.pixels[i] >= 128 { specksOnly.pixels[i] = 0 }
        #expect(FingertipDetector(configuration: .init(minimumRobustPixelCount: 1)).fingertip(in: specksOnly) == nil)
    }
}

@Suite struct FingertipOverlayTests {
    @Test func overlayIsDisplayedAndMarksTheTip() throws {
        let m = mask([
            "..........",
            "......####",
            ".#########",
            ".#########",
            ".#########",
            "......####",
            "..........",
        ])
        let detector = FingertipDetector(configuration: .init(orientation: .right))
        let tip = try #require(detector.fingertip(in: m))
        let picture = detector.overlay(of: m, fingertip: tip, markerRadius: 1)
        #expect(picture.width == 7 && picture.height == 10)
        // Stored (2, 3) is displayed at (7 − 1 − 3, 2) = (3, 2).
        #expect(picture[3, 2] == FingertipDetector.OverlayColor.fingertip)
        #expect(picture[3, 1] == FingertipDetector.OverlayColor.fingertip)
        // Stored (0, 0), background, is displayed at the top-right corner; stored (1, 2), a hand pixel on
        // the edge, at (4, 1).
        #expect(picture[6, 0] == FingertipDetector.OverlayColor.background)
        #expect(picture[4, 1] == FingertipDetector.OverlayColor.hand)
        // Stored (5, 3), robust, at (3, 5).
        #expect(picture[3, 5] == FingertipDetector.OverlayColor.robust)
    }
}
