import FathomCore
import Fathom
import FathomTestSupport
import Foundation
import Testing

@testable import FathomCLI

/// `fathom find` on small clouds written to temporary files.
@Suite struct FindCommandTests {
    /// A noisy sphere cap (radius 0.2 m at (0, 0, −1)) above a floor, as .xyz text.
    static func sphereScene() -> (text: String, count: Int) {
        var g = SeededGenerator(seed: 3)
        var lines: [String] = []
        // Point 0 is the cap's pole.
        lines.append("0 0 -0.8")
        for _ in 0..<800 {
            let c = Float.random(in: 0.6...1, using: &g), s = (1 - c * c).squareRoot()
            let phi = Float.random(in: 0..<(2 * .pi), using: &g)
            let n = SIMD3<Float>(s * cos(phi), s * sin(phi), c)
            let p = SIMD3<Float>(0, 0, -1) + n * (0.2 + Float(g.nextGaussian()) * 0.001)
            lines.append("\(p.x) \(p.y) \(p.z)")
        }
        for _ in 0..<800 {
            let p = SIMD3<Float>(Float.random(in: -1...1, using: &g), -0.5, Float.random(in: -2...0, using: &g))
            lines.append("\(p.x) \(p.y + Float(g.nextGaussian()) * 0.001) \(p.z)")
        }
        return (lines.joined(separator: "\n") + "\n", lines.count)
    }

    func withCloud<T>(_ body: (String, URL) throws -> T) throws -> T {
        let dir = try makeTemporaryDirectory("fathom-find")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("scene.xyz")
        try Self.sphereScene().text.write(to: url, atomically: true, encoding: .utf8)
        return try body(url.path, dir)
    }

    @Test func findsTheSphereAndPrintsJSON() throws {
        try withCloud { path, dir in
            let out = dir.appendingPathComponent("inliers.ply")
            let text = try runFathom([
                "find", path, "--type", "sphere", "--seed-index", "0", "--seed-radius", "0.1",
                "--accuracy", "0.001", "--repeat", "3", "--inliers", out.path, "--json",
            ])
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(object["found"] as? Bool == true)
            #expect(object["type"] as? String == "sphere")
            #expect(object["pointCount"] as? Int == Self.sphereScene().count)
            let sphere = try #require(object["sphere"] as? [String: Any])
            let radius = try #require(sphere["radius"] as? Double)
            #expect(abs(radius - 0.2) < 0.002)
            let center = try #require(sphere["center"] as? [Double])
            #expect(center.count == 3 && abs(center[2] + 1) < 0.002)
            let inliers = try #require(object["inlierCount"] as? Int)
            #expect(inliers > 700 && inliers < 850)
            #expect(object["reason"] is NSNull)
            let timing = try #require(object["timing"] as? [String: Any])
            #expect(timing["findMilliseconds"] as? Double != nil)
            // The inliers file holds exactly the inliers.
            let written = try PointCloudFile.read(out).positions
            #expect(written.count == inliers)
        }
    }

    @Test func jsonSaysHowTheTypeWasDecided() throws {
        try withCloud { path, _ in
            // A torus asked for on the sphere comes back as the sphere, and says which test decided.
            let text = try runFathom([
                "find", path, "--type", "torus", "--seed-index", "0", "--seed-radius", "0.1", "--accuracy", "0.001", "--json",
            ])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(object["type"] as? String == "sphere")
            let decision = try #require(object["typeDecision"] as? [String: Any])
            #expect(decision["requested"] as? String == "torus")
            #expect(["bayesianInformationCriterion", "requestedTypeNotFound"].contains(decision["test"] as? String ?? ""))
            #expect((decision["candidates"] as? [Any])?.isEmpty == false)
        }
    }

    @Test func reportsNotFoundWithAReasonAndExitsNormally() throws {
        try withCloud { path, _ in
            // A cylinder search on the floor's flat patch finds nothing (degenerate radius).
            let text = try runFathom([
                "find", path, "--type", "torus", "--seed-point", "0.9,-0.5,-1.9", "--seed-radius", "0.05",
                "--accuracy", "0.001", "--conversions", "none", "--json",
            ])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(object["found"] as? Bool == false)
            #expect((object["reason"] as? String)?.isEmpty == false)
        }
    }

    @Test func plainOutputNamesTheType() throws {
        try withCloud { path, _ in
            let text = try runFathom([
                "find", path, "--type", "plane", "--seed-point", "0.5,-0.5,-1.5", "--seed-radius", "0.2",
                "--accuracy", "0.001",
            ])
            #expect(text.hasPrefix("found: plane\n"))
            #expect(text.contains("normal: "))
        }
    }

    @Test(arguments: [
        ["--type", "blob", "--seed-index", "0", "--seed-radius", "0.1", "--accuracy", "0.01"],
        ["--type", "plane", "--seed-radius", "0.1", "--accuracy", "0.01"],
        ["--type", "plane", "--seed-index", "0", "--seed-point", "0,0,0", "--seed-radius", "0.1", "--accuracy", "0.01"],
        ["--type", "plane", "--seed-index", "0", "--seed-radius", "0", "--accuracy", "0.01"],
        ["--type", "plane", "--seed-index", "0", "--seed-radius", "0.1", "--accuracy", "-1"],
        ["--type", "plane", "--seed-index", "0", "--seed-radius", "0.1", "--accuracy", "0.01", "--lateral-extension", "11"],
        ["--type", "plane", "--seed-index", "0", "--seed-radius", "0.1", "--accuracy", "0.01", "--conversions", "cone-sphere"],
        ["--type", "plane", "--seed-point", "1,2", "--seed-radius", "0.1", "--accuracy", "0.01"],
    ])
    func rejectsInvalidFlags(_ flags: [String]) {
        #expect(throws: (any Error).self) { try runFathom(["find", "cloud.xyz"] + flags) }
    }

    @Test func seedIndexOutOfRangeIsAnError() throws {
        _ = try withCloud { path, _ in
            #expect(throws: SurfaceFinderError.seedIndexOutOfRange(index: 999_999, count: Self.sphereScene().count)) {
                try runFathom(["find", path, "--type", "plane", "--seed-index", "999999", "--seed-radius", "0.1", "--accuracy", "0.01"])
            }
        }
    }
}
