// fuzz-modules: FathomCore FathomIO
// Netpbm decoder (PGM/PPM, ASCII and binary).
import FathomCore
import FathomIO
import Foundation

enum FuzzTarget {
    static func run(_ data: Data) {
        expectOnly(ImageFileError.self) { _ = try NetpbmFile.decode(data, fileName: "fuzz.ppm") }
    }

    static func seeds() throws -> [String: Data] {
        var g = SeededGenerator(seed: 4)
        let gray = GrayImage(width: 5, height: 3, pixels: (0..<15).map { _ in .random(in: 0...255, using: &g) })!
        let rgb = RGBImage(
            width: 4, height: 3,
            pixels: (0..<12).map { _ in
                RGB8(r: .random(in: 0...255, using: &g), g: .random(in: 0...255, using: &g), b: .random(in: 0...255, using: &g))
            })!
        return [
            "gray.pgm": NetpbmFile.encode(gray), "gray-ascii.pgm": NetpbmFile.encode(gray, ascii: true),
            "rgb.ppm": NetpbmFile.encode(rgb), "rgb-ascii.ppm": NetpbmFile.encode(rgb, ascii: true),
        ]
    }
}
