import ArgumentParser
import Fathom
import FathomTestSupport
import Foundation
import Testing
@testable import FathomCLI

@Suite struct FingertipCommandTests {
    /// A finger pointing left (stored) from a palm on the right, 10 × 7: 13 robust pixels.
    static let rows = [
        "..........",
        "......####",
        ".#########",
        ".#########",
        ".#########",
        "......####",
        "..........",
    ]

    static func mask(_ rows: [String]) -> GrayImage {
        var image = GrayImage(width: rows[0].count, height: rows.count, repeating: 0)
        for (y, row) in rows.enumerated() { for (x, c) in row.enumerated() where c == "#" { image[x, y] = 255 } }
        return image
    }

    func withMask(_ image: GrayImage, extension ext: String, _ body: (String) throws -> Void) throws {
        let dir = try makeTemporaryDirectory("fingertip")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("mask.\(ext)")
        try ImageFile.write(image, to: url)
        try body(url.path)
    }

    @Test(arguments: ["png", "pgm"])
    func jsonOutput(_ ext: String) throws {
        try withMask(Self.mask(Self.rows), extension: ext) { path in
            let up = try runFathom(["fingertip", path, "--json"])
            #expect(up == "{\"found\": true, \"normalized\": [0.750000, 0.357143], \"pixel\": [7, 2], \"count\": 13}\n")
            let right = try runFathom(["fingertip", path, "--orientation", "right", "--json"])
            #expect(right == "{\"found\": true, \"normalized\": [0.500000, 0.250000], \"pixel\": [2, 3], \"count\": 13}\n")
            let strict = try runFathom(["fingertip", path, "--minimum-count", "14", "--json"])
            #expect(strict == "{\"found\": false, \"normalized\": null, \"pixel\": null, \"count\": 13}\n")
        }
    }

    @Test func textOutput() throws {
        try withMask(Self.mask(Self.rows), extension: "png") { path in
            let out = try runFathom(["fingertip", path, "--orientation", "right"])
            #expect(out == """
                mask: 10×7, orientation right
                fingertip: normalized (0.500000, 0.250000), pixel (2, 3)
                robust hand pixels: 13 (at least 10 needed)

                """)
        }
        try withMask(GrayImage(width: 4, height: 4, repeating: 0), extension: "pgm") { path in
            let out = try runFathom(["fingertip", path])
            #expect(out == """
                mask: 4×4, orientation up
                fingertip: none
                robust hand pixels: 0 (at least 10 needed)

                """)
        }
    }

    @Test func overlayMarksTheFingertipAsDisplayed() throws {
        try withMask(Self.mask(Self.rows), extension: "pgm") { path in
            let picture = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("overlay.png")
            _ = try runFathom(["fingertip", path, "--orientation", "right", "--overlay", picture.path])
            let image = try ImageFile.readRGB(picture)
            // Displayed portrait: 7 × 10; stored (2, 3) is shown at (3, 2).
            #expect(image.width == 7 && image.height == 10)
            #expect(image[3, 2] == FingertipDetector.OverlayColor.fingertip)
            #expect(image[6, 0] == FingertipDetector.OverlayColor.background)
        }
    }

    @Test func badInputIsReported() throws {
        let missing = #expect(throws: (any Error).self) { try runFathom(["fingertip", "/nonexistent/mask.png"]) }
        #expect(FathomCommand.message(for: try #require(missing)).contains("mask.png"))
        let zero = #expect(throws: (any Error).self) {
            try runFathom(["fingertip", "mask.png", "--minimum-count", "0"])
        }
        #expect(FathomCommand.message(for: try #require(zero)).contains("--minimum-count must be at least 1"))
        let sideways = #expect(throws: (any Error).self) {
            try runFathom(["fingertip", "mask.png", "--orientation", "sideways"])
        }
        #expect(FathomCommand.message(for: try #require(sideways)).contains("sideways"))
    }
}
