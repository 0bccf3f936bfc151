import Fathom
import FathomCLI
import FathomTestSupport
import Foundation
import Testing

@Suite struct CloudCommandTests {
    static func rms(_ d: [Float]) -> Float { (d.map { $0 * $0 }.reduce(0, +) / Float(max(1, d.count))).squareRoot() }

    /// The fused cloud (1 cm voxels with ≥ 2 samples) lies within the simulated depth noise of the true
    /// planes; the frame without a colour image is reported.
    @Test func fusedCloudIsWithinTheDepthNoise() throws {
        let out = try makeTemporaryDirectory().appendingPathComponent("cloud.ply")
        let text = try runFathom(["cloud", PointSourceFixtures.package.path, "-o", out.path])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "frames: 12 in range, 12 with depth, 12 fused")
        #expect(lines[1] == "frames without colour (points uncoloured): 1")
        #expect(lines[2] == "samples: 589824, kept 589824, invalid 0, below medium confidence 0, out of range 0")
        #expect(text.hasSuffix("wrote \(out.path)\n"))
        let cloud = try PointCloudFile.read(out)
        #expect(cloud.count > 50_000 && cloud.hasColors && cloud.hasConfidences)
        let fused = Self.rms(cloud.positions.map(PointSourceFixtures.distanceToSurfaces))
        #expect(fused <= PointSourceFixtures.depthNoise, "fused rms \(fused) m")
        print("cloud: fused rms \(fused) m over \(cloud.count) points; depth noise \(PointSourceFixtures.depthNoise) m")
    }

    @Test func enlargedSubrangeAtCoarseVoxels() throws {
        let out = try makeTemporaryDirectory().appendingPathComponent("c.xyz")
        let text = try runFathom(["cloud", PointSourceFixtures.package.path, "-o", out.path, "--confidence", "high",
                                  "--upsample", "128x96", "--frames", "3:5", "--voxel", "0.05", "--min-samples", "1"])
        #expect(text.hasPrefix("frames: 3 in range, 3 with depth, 3 fused\n"))
        #expect(text.contains("frames not enlarged (no colour image): 1"))
        let cloud = try PointCloudFile.read(out)
        #expect(cloud.count > 500)
        #expect(Self.rms(cloud.positions.map(PointSourceFixtures.distanceToSurfaces)) < 0.02)
    }

    @Test func badFlagsAndPackagesAreErrors() {
        for args in [["--confidence", "great"], ["--upsample", "960"], ["--frames", "9:3"], ["--voxel", "0"],
                     ["--min-samples", "0"]] {
            #expect(throws: (any Error).self) { try runFathom(["cloud", "x", "-o", "y.ply"] + args) }
        }
        #expect(throws: (any Error).self) { try runFathom(["cloud", "/nonexistent/scan", "-o", "/tmp/y.ply"]) }
    }
}
