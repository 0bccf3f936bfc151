import Fathom
import FathomCLI
import FathomTestSupport
import Foundation
import Testing

@Suite struct FeaturesCommandTests {
    static func rms(_ d: [Float]) -> Float { (d.map { $0 * $0 }.reduce(0, +) / Float(max(1, d.count))).squareRoot() }

    /// Filtered features against the true landmarks, compared with the plain mean and the raw samples
    /// of the same identifiers (needles plus 10 % gross mismatches).
    @Test(arguments: [false, true])
    func filteredFeaturesAreCloserToTruth(rayWeighted: Bool) throws {
        let dir = try makeTemporaryDirectory()
        let out = dir.appendingPathComponent("features.ply"), rawOut = dir.appendingPathComponent("raw.ply")
        let text = try runFathom(["features", PointSourceFixtures.package.path, "-o", out.path]
            + (rayWeighted ? ["--ray-weighted"] : []))
        #expect(text.hasPrefix("frames: 12, with feature points 12\n"))
        #expect(text.contains("features: 300\n"))
        _ = try runFathom(["features", PointSourceFixtures.package.path, "-o", rawOut.path, "--raw"])
        let features = try PointCloudFile.read(out), raw = try PointCloudFile.read(rawOut)
        #expect(features.count == 300 && features.hasIdentifiers && raw.hasIdentifiers)
        var samples: [UInt64: [SIMD3<Float>]] = [:]
        for (p, id) in zip(raw.positions, raw.identifiers) { samples[id, default: []].append(p) }
        var filtered: [Float] = [], mean: [Float] = [], rawDistances: [Float] = []
        for (p, id) in zip(features.positions, features.identifiers) {
            let truth = PointSourceFixtures.landmarks[Int(id)], s = samples[id]!
            filtered.append(p.distance(to: truth))
            mean.append(FeatureSampleFilter.mean(of: s)!.distance(to: truth))
            rawDistances += s.map { $0.distance(to: truth) }
        }
        let f = Self.rms(filtered), m = Self.rms(mean), r = Self.rms(rawDistances)
        print("features (ray weighted \(rayWeighted)): rms filtered \(f) m, plain mean \(m) m, raw \(r) m")
        #expect(f * 2 <= r, "filtered \(f) m, raw \(r) m")
        #expect(f < m, "filtered \(f) m, mean \(m) m")
    }

    @Test func badFlagsAreValidationErrors() {
        for args in [["--max-samples", "0"], ["--sigma", "-1"], ["--passes", "0"]] {
            #expect(throws: (any Error).self) { try runFathom(["features", "x", "-o", "y.ply"] + args) }
        }
    }
}
