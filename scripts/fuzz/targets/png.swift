// fuzz-modules: FathomCore FathomIO
// PNG decoder (every colour type and bit depth it accepts, zlib inflate, filters, palette).
import FathomCore
import FathomIO
import Foundation

enum FuzzTarget {
    static func run(_ data: Data) {
        expectOnly(ImageFileError.self) { _ = try PNGDecoder.decode(data, fileName: "fuzz.png") }
    }

    static func seeds() throws -> [String: Data] {
        var g = SeededGenerator(seed: 3)
        let gray = GrayImage(width: 7, height: 5, pixels: (0..<35).map { _ in .random(in: 0...255, using: &g) })!
        let rgb = RGBImage(
            width: 6, height: 4,
            pixels: (0..<24).map { _ in
                RGB8(r: .random(in: 0...255, using: &g), g: .random(in: 0...255, using: &g), b: .random(in: 0...255, using: &g))
            })!
        return ["gray.png": PNGEncoder.encode(gray), "rgb.png": PNGEncoder.encode(rgb)]
    }
}
