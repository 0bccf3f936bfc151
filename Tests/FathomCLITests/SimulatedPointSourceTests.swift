import Fathom
import FathomCLI
import FathomTestSupport
import Foundation
import Testing

/// Point sources on the simulator's demo room, against its ground truth.
@Suite struct SimulatedPointSourceTests {
    struct Scan: @unchecked Sendable {
        let simulation: ScanSimulation
        let url: URL
    }

    /// Two seconds of the demo walk at 10 Hz, written once per test run.
    static let scan: Scan = {
        var sensors = SensorConfiguration()
        sensors.frameRate = 10
        let simulation = try! ScanSimulation(preset: .demo, sensors: sensors, seed: 7, duration: 2)
        let dir = try! makeTemporaryDirectory("fathom-simulated-points").appendingPathComponent("scan")
        try! simulation.write(to: dir)
        return Scan(simulation: simulation, url: dir)
    }()

    static func rms(_ d: [Float]) -> Float { (d.map { $0 * $0 }.reduce(0, +) / Float(max(1, d.count))).squareRoot() }

    /// The fused cloud (1 cm voxels, ≥ 2 samples) is closer to the true surfaces than the raw depth
    /// samples of the same frames (the simulated noise).
    @Test func fusedCloudIsWithinSimulatedNoise() throws {
        let scan = Self.scan
        let out = try makeTemporaryDirectory().appendingPathComponent("cloud.ply")
        _ = try runFathom(["cloud", scan.url.path, "-o", out.path])
        let cloud = try PointCloudFile.read(out)
        #expect(cloud.count > 10_000 && cloud.hasColors)
        // Every 5th fused point and every 20th raw sample (keeps the test fast).
        let fused = stride(from: 0, to: cloud.count, by: 5).map {
            scan.simulation.scene.distanceToNearestSurface(cloud.positions[$0])
        }
        var raw: [Float] = []
        for frame in scan.simulation.frames where frame.depth != nil {
            let points = try DepthCloudBuilder().cloud(for: frame).points.positions
            raw += stride(from: 0, to: points.count, by: 20).map {
                scan.simulation.scene.distanceToNearestSurface(points[$0])
            }
        }
        let fusedRMS = Self.rms(fused), rawRMS = Self.rms(raw)
        print("simulated cloud: fused rms \(fusedRMS) m over \(cloud.count) points, raw rms \(rawRMS) m")
        #expect(fusedRMS <= rawRMS)
    }

    /// Feature errors against the truth: `fathom features` on a package (filtered, and `--raw`), and
    /// the plain mean of each feature's raw samples; features with at least 3 samples.
    static func featureErrors(
        package: URL, simulation: ScanSimulation, flags: [String] = []
    ) throws -> (count: Int, filtered: Float, plainMean: Float, raw: Float) {
        let dir = try makeTemporaryDirectory()
        let out = dir.appendingPathComponent("features.ply"), rawOut = dir.appendingPathComponent("raw.ply")
        _ = try runFathom(["features", package.path, "-o", out.path] + flags)
        _ = try runFathom(["features", package.path, "-o", rawOut.path, "--raw"])
        let features = try PointCloudFile.read(out), raw = try PointCloudFile.read(rawOut)
        var samples: [UInt64: [SIMD3<Float>]] = [:]
        for (p, id) in zip(raw.positions, raw.identifiers) { samples[id, default: []].append(p) }
        var filtered: [Float] = [], mean: [Float] = [], rawDistances: [Float] = []
        for (p, id) in zip(features.positions, features.identifiers) {
            guard let truth = simulation.truePosition(ofFeature: id), let s = samples[id], s.count >= 3 else {
                continue
            }
            filtered.append(p.distance(to: truth))
            mean.append(FeatureSampleFilter.mean(of: s)!.distance(to: truth))
            rawDistances += s.map { $0.distance(to: truth) }
        }
        return (filtered.count, rms(filtered), rms(mean), rms(rawDistances))
    }

    /// Filtered features beat the raw samples 2× against the simulator's true landmark positions.
    @Test(arguments: [false, true])
    func filteredFeaturesAreCloserToTruth(rayWeighted: Bool) throws {
        let e = try Self.featureErrors(
            package: Self.scan.url, simulation: Self.scan.simulation, flags: rayWeighted ? ["--ray-weighted"] : [])
        #expect(e.count > 50)
        print("simulated features (ray weighted \(rayWeighted)): \(e.count) true features; rms filtered \(e.filtered) m, plain mean \(e.plainMean) m, raw \(e.raw) m")
        #expect(e.filtered * 2 <= e.raw)
    }

    /// The target at the sensor's frame rate (30 Hz, 2 s, features only): the demo's 2σ filter
    /// is ≥ 40 % closer to the true landmarks than the plain mean of the same samples, because the
    /// simulator's raw points include mistriangulated samples (5 %); and ≥ 2× closer than the raw
    /// samples. Features with fewer than 6 samples cannot lose any (the largest possible z-score of n
    /// samples is (n − 1)/√n < 2), so they count, unfiltered, in the total.
    @Test func filterBeatsThePlainMeanByFortyPercentAtTheSensorRate() throws {
        var sensors = SensorConfiguration()
        sensors.depthEveryNthFrame = 0
        sensors.imageEveryNthFrame = 0
        let simulation = try ScanSimulation(preset: .demo, sensors: sensors, seed: 7, duration: 2)
        let dir = try makeTemporaryDirectory("fathom-features-30hz").appendingPathComponent("scan")
        try simulation.write(to: dir)
        let e = try Self.featureErrors(package: dir, simulation: simulation)
        #expect(e.count > 500)
        print("features at 30 Hz: \(e.count) true features; rms filtered \(e.filtered) m, plain mean \(e.plainMean) m, raw \(e.raw) m")
        #expect(e.filtered <= 0.6 * e.plainMean)
        #expect(e.filtered * 2 <= e.raw)
    }
}
