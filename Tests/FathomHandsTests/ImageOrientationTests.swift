import FathomCore
import Testing
@testable import FathomHands

@Suite struct ImageOrientationTests {
    /// A 3 × 2 image with distinct pixels: row 0 = 1 2 3, row 1 = 4 5 6.
    let image = GrayImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])!

    @Test func displayedImagesMatchHandTurnedOnes() {
        // Turned 90° clockwise, the stored left column (1, 4) becomes the top row, read right to left.
        #expect(ImageOrientation.right.displayed(image) == GrayImage(width: 2, height: 3, pixels: [4, 1, 5, 2, 6, 3])!)
        #expect(ImageOrientation.left.displayed(image) == GrayImage(width: 2, height: 3, pixels: [3, 6, 2, 5, 1, 4])!)
        #expect(ImageOrientation.down.displayed(image) == GrayImage(width: 3, height: 2, pixels: [6, 5, 4, 3, 2, 1])!)
        #expect(ImageOrientation.up.displayed(image) == image)
    }

    @Test func rawValuesAreVisionOrientations() {
        #expect(ImageOrientation.up.rawValue == 1)
        #expect(ImageOrientation.down.rawValue == 3)
        #expect(ImageOrientation.right.rawValue == 6)
        #expect(ImageOrientation.left.rawValue == 8)
    }

    @Test(arguments: ImageOrientation.allCases)
    func normalizedMappingAgreesWithPixelMapping(_ o: ImageOrientation) {
        let w = 5, h = 3
        let size = o.displayedSize(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let stored = SIMD2((Float(x) + 0.5) / Float(w), (Float(y) + 0.5) / Float(h))
                let d = o.displayedPixel(storedX: x, y: y, width: w, height: h)
                let expected = SIMD2((Float(d.x) + 0.5) / Float(size.width), (Float(d.y) + 0.5) / Float(size.height))
                let got = o.displayedNormalized(fromStored: stored)
                #expect(abs(got.x - expected.x) < 1e-6 && abs(got.y - expected.y) < 1e-6)
                let back = o.storedNormalized(fromDisplayed: got)
                #expect(abs(back.x - stored.x) < 1e-6 && abs(back.y - stored.y) < 1e-6)
                let s = o.storedPixel(displayedX: d.x, y: d.y, width: w, height: h)
                #expect(s.x == x && s.y == y)
            }
        }
    }

    @Test func rightTurnsTheSensorsLeftEdgeToTheTop() {
        // The stored top-left corner is shown at the top-right corner of a portrait screen.
        #expect(ImageOrientation.right.displayedNormalized(fromStored: SIMD2(0, 0)) == SIMD2(1, 0))
        #expect(ImageOrientation.right.displayedNormalized(fromStored: SIMD2(0, 1)) == SIMD2(0, 0))
        #expect(ImageOrientation.right.storedNormalized(fromDisplayed: SIMD2(0.25, 0.1)) == SIMD2(0.1, 0.75))
    }
}
