import Fathom
import FathomCLI
import FathomTestSupport
import Foundation
import Testing

@Suite struct DepthImageCommandTests {
    @Test func writesDepthAndConfidencePictures() throws {
        let dir = try makeTemporaryDirectory()
        let depth = dir.appendingPathComponent("d.png"), conf = dir.appendingPathComponent("c.png")
        let text = try runFathom(["depth-image", PointSourceFixtures.package.path, "--frame", "5", "-o", depth.path,
                                  "--confidence-image", conf.path])
        #expect(text.hasPrefix("frame 5: depth 256×192, 49152 valid samples"))
        #expect(text.contains("confidence: low 0, medium 0, high 49152\n"))
        let d = try ImageFile.readRGB(depth), c = try ImageFile.readRGB(conf)
        // The pictures are the colour maps of the recorded maps.
        let frame = PointSourceFixtures.frames(count: 6)[5].depth!
        #expect(d == DepthColorMap().image(of: frame.depth))
        #expect(c == ConfidenceColorMap.image(of: frame.confidence))
    }

    @Test func unknownFrameIsAnError() {
        #expect(throws: (any Error).self) {
            try runFathom(["depth-image", PointSourceFixtures.package.path, "--frame", "99", "-o", "/tmp/x.png"])
        }
    }
}
