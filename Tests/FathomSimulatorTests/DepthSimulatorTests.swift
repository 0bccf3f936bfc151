import FathomTestSupport
import Foundation
import Testing

@testable import FathomSimulator

struct DepthSimulatorTests {
    static let simulation: ScanSimulation = {
        var c = SensorConfiguration()
        c.imageEveryNthFrame = 0
        c.featuresEveryNthFrame = 0
        return try! ScanSimulation(preset: .demo, sensors: c, seed: 42)
    }()

    /// The acceptance test of the foundation issue: unprojecting a simulated 256×192 depth frame with
    /// the spec's conventions puts every valid sample on the true surfaces, within the noise.
    @Test func unprojectedDepthLiesOnTrueSurfaces() throws {
        let sim = Self.simulation
        let i = 90
        let frame = sim.frame(i)
        let depth = try #require(frame.depth)
        #expect(depth.width == 256 && depth.height == 192)
        // The frame's recorded pose (no faults in the demo) is the truth.
        let worldFromCamera = try #require(frame.camera.worldFromCamera)
        #expect(worldFromCamera.isApproximatelyEqual(to: sim.groundTruthWorldFromCamera(frame: i)))
        let k = frame.camera.intrinsics.scaled(toWidth: depth.width, height: depth.height)
        let (truth, cosine) = sim.depthSimulator.trueDepth(worldFromCamera: worldFromCamera)
        var sumSq: Double = 0
        var sigmaSq: Double = 0
        var n = 0
        var worst: Float = 0
        for v in 0..<depth.height {
            for u in 0..<depth.width {
                let d = depth.depth[u, v]
                guard d > 0 else { continue }
                let p = worldFromCamera.apply(to: k.unproject(u: Float(u), v: Float(v), depth: d))
                let e = sim.scene.distanceToNearestSurface(p)
                let sigma = sim.sensors.depthNoiseSigma(depth: truth[u, v], cosine: cosine[u, v])
                sumSq += Double(e * e)
                sigmaSq += Double(sigma * sigma)
                worst = max(worst, e / sigma)
                n += 1
            }
        }
        #expect(n > 256 * 192 * 3 / 4, "most pixels see something within 5 m")
        let rms = (sumSq / Double(n)).squareRoot()
        let rmsSigma = (sigmaSq / Double(n)).squareRoot()
        #expect(rms <= 1.5 * rmsSigma, "rms orthogonal distance \(rms) m vs noise \(rmsSigma) m")
        #expect(worst < 6, "no sample lies farther than 6σ from the surfaces")
        // Noise-free samples land on the surfaces exactly.
        var exactWorst: Float = 0
        for v in stride(from: 0, to: 192, by: 7) {
            for u in stride(from: 0, to: 256, by: 7) where truth[u, v] > 0 {
                let p = worldFromCamera.apply(to: k.unproject(u: Float(u), v: Float(v), depth: truth[u, v]))
                exactWorst = max(exactWorst, sim.scene.distanceToNearestSurface(p))
            }
        }
        #expect(exactWorst < 2e-4, "noise-free depth is exact (worst \(exactWorst) m)")
    }

    @Test func noiseStatisticsMatchTheConfiguredSigma() {
        // A camera facing a wall head-on at 2 m: σ = 1 mm + 2 mm/m · 2 m = 5 mm.
        var config = SensorConfiguration()
        config.depthWidth = 64
        config.depthHeight = 48
        config.depthDropoutProbability = 0
        let scene = try! SimulatedScene(
            SceneDescription(rooms: [
                RoomDescription(
                    polygon: [SIMD2(0, 0), SIMD2(0, 10), SIMD2(10, 10), SIMD2(10, 0)], height: 4)
            ]))
        let sim = DepthSimulator(scene: scene, configuration: config)
        let pose = RigidTransform.lookAt(eye: SIMD3(5, 2, 2), target: SIMD3(5, 2, 0))!
        let (truth, cosine) = sim.trueDepth(worldFromCamera: pose)
        var z: [Double] = []
        for seed in 0..<4 {
            let f = sim.render(worldFromCamera: pose, frameNumber: 0, timestamp: 0, seed: UInt64(seed))
            for i in 0..<truth.count where truth.pixels[i] > 0 && f.depth.pixels[i] > 0 {
                let s = config.depthNoiseSigma(depth: truth.pixels[i], cosine: cosine.pixels[i])
                z.append(Double((f.depth.pixels[i] - truth.pixels[i]) / s))
            }
        }
        let mean = z.reduce(0, +) / Double(z.count)
        let sd = (z.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(z.count)).squareRoot()
        #expect(abs(mean) < 0.05)
        #expect(abs(sd - 1) < 0.05, "normalised noise σ \(sd)")
        // Centre pixel: depth 2 m, σ 5 mm.
        #expect(abs(truth[32, 24] - 2) < 1e-4)
        #expect(abs(config.depthNoiseSigma(depth: 2, cosine: 1) - 0.005) < 1e-7)
    }

    @Test func confidenceRangeDropoutsAndEdges() {
        var config = SensorConfiguration()
        config.depthWidth = 64
        config.depthHeight = 48
        config.depthDropoutProbability = 0.1
        // A long room: the camera looks down its length; a box stands in front at 1.5 m.
        let scene = try! SimulatedScene(
            SceneDescription(
                rooms: [RoomDescription(polygon: [SIMD2(0, 0), SIMD2(0, 12), SIMD2(4, 12), SIMD2(4, 0)], height: 3)],
                objects: [
                    ObjectDescription(
                        name: "box", shape: .box(size: SIMD3(0.5, 0.5, 0.5)), position: SIMD3(2, 1.5, 9.5))
                ]))
        let sim = DepthSimulator(scene: scene, configuration: config)
        let pose = RigidTransform.lookAt(eye: SIMD3(2, 1.5, 11), target: SIMD3(2, 1.5, 0))!
        let (truth, cosine) = sim.trueDepth(worldFromCamera: pose)
        let f = sim.render(worldFromCamera: pose, frameNumber: 3, timestamp: 0.1, seed: 9)
        var dropped = 0
        var valid = 0
        for v in 0..<48 {
            for u in 0..<64 {
                let d = truth[u, v]
                let c = f.confidence[u, v]
                let measured = f.depth[u, v]
                if d == 0 {
                    #expect(measured == 0, "nothing beyond 5 m")
                    continue
                }
                valid += 1
                if measured == 0 {
                    dropped += 1
                    #expect(c == 0)
                    continue
                }
                if c == 2 { #expect(d <= 3 && cosine[u, v] >= 0.5) }
                if c == 1 { #expect(d <= 4 && cosine[u, v] >= 0.25) }
                if d > 4 { #expect(c == 0) }
            }
        }
        #expect(truth.pixels.contains(0), "the far end (11 m) is out of range")
        let rate = Double(dropped) / Double(valid)
        #expect(rate > 0.06 && rate < 0.14, "dropout rate \(rate)")
        // The box's silhouette is a depth edge: the centre row crosses it.
        var edges = 0
        for u in 1..<63 where truth[u, 24] > 0 && abs(truth[u, 24] - truth[u + 1, 24]) > 1 {
            edges += 1
            #expect(f.confidence[u, 24] == 0)
        }
        #expect(edges >= 2)
        // The box face at 1.25 m straight ahead: high confidence.
        #expect(f.confidence[32, 24] == 2 || f.depth[32, 24] == 0)
    }
}
