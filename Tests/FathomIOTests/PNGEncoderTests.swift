import FathomCore
import FathomIO
import FathomTestSupport
import Foundation
import Testing

@Suite struct PNGEncoderTests {
    static let sizes = [(1, 1), (7, 3), (3, 7), (33, 17)]

    @Test func grayRoundTripsExactly() throws {
        var g = SeededGenerator(seed: 21)
        for (w, h) in Self.sizes {
            // Half noise, half gradient, so rows pick different filters.
            let pixels = (0..<(w * h)).map { i in i % 2 == 0 ? UInt8.random(in: 0...255, using: &g) : UInt8((i / w * 9 + i % w * 3) % 256) }
            let image = GrayImage(width: w, height: h, pixels: pixels)!
            let decoded = try PNGDecoder.decode(PNGEncoder.encode(image))
            #expect(decoded == .gray(image), "\(w)×\(h)")
        }
    }

    @Test func rgbRoundTripsExactly() throws {
        var g = SeededGenerator(seed: 22)
        for (w, h) in Self.sizes {
            let pixels = (0..<(w * h)).map { i in
                RGB8(r: UInt8(i % 256), g: .random(in: 0...255, using: &g), b: UInt8((i / w) * 20 % 256))
            }
            let image = RGBImage(width: w, height: h, pixels: pixels)!
            let decoded = try PNGDecoder.decode(PNGEncoder.encode(image))
            #expect(decoded == .rgb(image), "\(w)×\(h)")
        }
    }

    @Test func writesTheExpectedHeader() throws {
        let bytes = [UInt8](PNGEncoder.encode(RGBImage(width: 7, height: 3, repeating: .white)))
        #expect(Array(bytes[0..<8]) == PNGDecoder.signature)
        // IHDR: length 13, type, width 7, height 3, depth 8, colour type 2, methods 0.
        #expect(Array(bytes[8..<29]) == [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 7, 0, 0, 0, 3, 8, 2, 0, 0, 0])
        #expect(Array(bytes.suffix(12)) == [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
    }

    @Test func filteringMakesSmoothImagesSmall() throws {
        // A smooth gradient compresses far better with per-row filters than the raw size.
        let w = 256, h = 64
        let image = GrayImage(width: w, height: h, pixels: (0..<(w * h)).map { UInt8(($0 % w + $0 / w) % 256) })!
        let size = PNGEncoder.encode(image).count
        #expect(size < w * h / 20)
    }
}
