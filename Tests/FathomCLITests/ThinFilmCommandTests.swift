import ArgumentParser
import Fathom
import FathomTestSupport
import Foundation
import Testing

@testable import FathomCLI

@Suite struct ThinFilmCommandTests {
    @Test func jsonOutputMatchesAnIndependentComputation() throws {
        // Expected numbers from a separate NumPy computation of the same physics and CIE tables.
        #expect(
            try runFathom(["thinfilm", "--thickness", "300", "--json"])
                == "{\"xyz\": [0.051595, 0.067492, 0.041725], \"xy\": [0.320842, 0.419692], \"srgb\": [0.228382, 0.310099, 0.200350]}\n"
        )
        #expect(
            try runFathom(["thinfilm", "--thickness", "500", "--angle", "0", "--index", "1.33", "--json"])
                == "{\"xyz\": [0.031454, 0.055238, 0.017580], \"xy\": [0.301655, 0.529749], \"srgb\": [0.087948, 0.301273, 0.093654]}\n"
        )
        #expect(
            try runFathom(["thinfilm", "--thickness", "0", "--json"])
                == "{\"xyz\": [0.000000, 0.000000, 0.000000], \"xy\": null, \"srgb\": [0.000000, 0.000000, 0.000000]}\n"
        )
    }

    @Test func exposureNormalisationAngleAndIndexChangeTheColour() throws {
        func srgb(_ args: [String]) throws -> [Double] {
            let out = try runFathom(["thinfilm", "--json"] + args)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
            return try #require(object["srgb"] as? [Double])
        }
        let base = try srgb(["--thickness", "300"])
        let brighter = try srgb(["--thickness", "300", "--exposure", "4"])
        #expect(zip(base, brighter).allSatisfy { $0 < $1 })
        let normalized = try srgb(["--thickness", "300", "--normalize"])
        #expect(normalized.max() == 1)
        #expect(try srgb(["--thickness", "300", "--angle", "60"]) != base)
        #expect(try srgb(["--thickness", "300", "--index", "1.5"]) != base)
    }

    @Test func textOutput() throws {
        #expect(
            try runFathom(["thinfilm", "--thickness", "500"]) == """
                film: 500 nm, index 1.33, viewed at 0°
                XYZ: 0.031454 0.055238 0.017580 (Y: luminous reflectance under D65)
                xy: 0.301655 0.529749
                sRGB: 0.087948 0.301273 0.093654 #164D18 (exposure 1)

                """)
    }

    @Test func paneExports() throws {
        let dir = try makeTemporaryDirectory("thinfilm")
        defer { try? FileManager.default.removeItem(at: dir) }
        let usda = dir.appendingPathComponent("pane.usda").path
        let gltf = dir.appendingPathComponent("pane.gltf").path
        let out = try runFathom([
            "thinfilm", "--pane-usda", usda, "--pane-gltf", gltf, "--width", "0.5", "--height", "0.25", "--seed", "3",
            "--grid", "5x4",
        ])
        #expect(
            out == """
                wrote \(usda): one 0.5 × 0.25 m pane, 5 × 4 vertices, 100…900 nm, seed 3
                wrote \(gltf): one 0.5 × 0.25 m pane, 5 × 4 vertices, 100…900 nm, seed 3

                """)
        let text = try String(contentsOfFile: usda, encoding: .utf8)
        #expect(text.hasPrefix("#usda 1.0") && text.contains("point3f[] points = [(-0.25, 0.125, 0), "))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: gltf))) as? [String: Any])
        #expect((json["accessors"] as? [[String: Any]])?.first?["count"] as? Int == 20)
    }

    @Test func badFlagsAreReported() throws {
        let cases: [([String], String)] = [
            (["thinfilm"], "--thickness NM is required"),
            (["thinfilm", "--thickness", "20000"], "--thickness must be in 0…10000 nm"),
            (["thinfilm", "--thickness", "100", "--angle", "95"], "--angle must be in 0…90"),
            (["thinfilm", "--thickness", "100", "--index", "0.5"], "--index must be at least 1"),
            (["thinfilm", "--thickness", "100", "--exposure", "0"], "--exposure must be positive"),
            (["thinfilm", "--thickness", "100", "--exposure", "2", "--normalize"], "exclude each other"),
            (["thinfilm", "--pane-usda", "p.usda", "--thickness", "100"], "--thickness is for one colour"),
            (["thinfilm", "--pane-usda", "p.usda", "--width", "0"], "width and height must be positive"),
            (["thinfilm", "--pane-usda", "p.usda", "--grid", "1x5"], "--grid must be COLUMNSxROWS"),
        ]
        for (args, message) in cases {
            let error = #expect(throws: (any Error).self) { try runFathom(args) }
            #expect(FathomCommand.message(for: try #require(error)).contains(message), "\(args)")
        }
        let wrongExtension = #expect(throws: (any Error).self) {
            try runFathom(["thinfilm", "--pane-usda", "/tmp/pane.obj"])
        }
        #expect(FathomCommand.message(for: try #require(wrongExtension)).contains("unknown pane export format"))
    }
}
