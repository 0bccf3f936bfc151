import FathomCore
import Testing
import FathomSensing

@Suite struct ColorMapTests {
    @Test func jetEndsAndMiddle() {
        #expect(DepthColorMap.jet(0) == RGB8(r: 0, g: 0, b: 128))
        #expect(DepthColorMap.jet(0.5) == RGB8(r: 128, g: 255, b: 128))
        #expect(DepthColorMap.jet(1) == RGB8(r: 128, g: 0, b: 0))
        #expect(DepthColorMap.jet(7) == DepthColorMap.jet(1))
    }

    @Test func depthPictureScalesByMaximumDepth() {
        let map = DepthColorMap()
        let depth = DepthMap(width: 4, height: 1, pixels: [1.25, 2.5, 0, .nan])!
        let img = map.image(of: depth)
        #expect(img.pixels == [DepthColorMap.jet(0.5), DepthColorMap.jet(1), .black, .black])
        #expect(DepthColorMap(maximumDepth: 5).color(depth: 2.5) == DepthColorMap.jet(0.5))
    }

    @Test func confidencePictureIsRedGreenBlue() {
        let conf = ConfidenceMap(width: 4, height: 1, pixels: [0, 1, 2, 9])!
        #expect(ConfidenceColorMap.image(of: conf).pixels == [
            RGB8(r: 255, g: 0, b: 0), RGB8(r: 0, g: 255, b: 0), RGB8(r: 0, g: 0, b: 255), .black])
    }
}
