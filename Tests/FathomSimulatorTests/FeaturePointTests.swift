import FathomTestSupport
import Foundation
import Testing

@testable import FathomSimulator

struct FeaturePointTests {
    @Test func needleNoiseSpuriousPointsAndTruth() throws {
        var config = SensorConfiguration()
        config.depthEveryNthFrame = 0
        config.imageEveryNthFrame = 0
        let sim = try ScanSimulation(preset: .demo, sensors: config, seed: 5)
        var along: [Float] = []
        var across: [Float] = []
        var spurious = 0
        var total = 0
        for i in [40, 200, 400] {
            let frame = sim.frame(i)
            let features = try #require(frame.features)
            #expect(features.identifiers.count <= config.maximumFeaturesPerFrame)
            let eye = sim.groundTruthWorldFromCamera(frame: i).translation
            for (id, p) in zip(features.identifiers, features.positions) {
                total += 1
                guard let truth = sim.truePosition(ofFeature: id) else {
                    spurious += 1
                    #expect(id & FeaturePointSimulator.spuriousIdentifierBit != 0)
                    continue
                }
                let dist = truth.distance(to: eye)
                let r = (truth - eye) / dist
                let e = p - truth
                let a = e.dot(r)
                along.append(a / dist)
                across.append((e - r * a).length / dist)
            }
        }
        #expect(total > 300)
        let fraction = Double(spurious) / Double(total)
        #expect(fraction > 0.08 && fraction < 0.16, "spurious fraction \(fraction)")
        // Mistriangulated samples lie 0.6…1.6 times the true distance along the ray; beyond 5σ of the
        // needle noise they are told apart (the few within ±5 % pass as needle samples).
        let needles = along.filter { abs($0) < 0.05 }
        let mismatchFraction = Double(along.count - needles.count) / Double(along.count)
        #expect(abs(mismatchFraction - 0.05 * 0.9) < 0.02, "mistriangulated fraction \(mismatchFraction)")
        let alongSD = (needles.map { $0 * $0 }.reduce(0, +) / Float(needles.count)).squareRoot()
        // |across| has two components of σ 0.001 each: rms = 0.001·√2.
        let acrossRMS = (across.map { $0 * $0 }.reduce(0, +) / Float(across.count)).squareRoot()
        #expect(abs(alongSD - 0.01) < 0.0015, "along-ray σ per metre \(alongSD)")
        #expect(abs(acrossRMS - 0.001 * Float(2).squareRoot()) < 0.0003, "across-ray rms per metre \(acrossRMS)")
        #expect(alongSD > 5 * acrossRMS)
        // Landmarks lie exactly on the true surfaces; identifiers are stable and unknown ones give nil.
        for m in sim.featureSimulator.landmarks.prefix(200) {
            #expect(sim.scene.distanceToNearestSurface(m.position) < 1e-4)
            #expect(sim.truePosition(ofFeature: m.identifier) == m.position)
        }
        #expect(sim.truePosition(ofFeature: 3) == nil)
        #expect(sim.truePosition(ofFeature: FeaturePointSimulator.spuriousIdentifierBit | 5) == nil)
    }

    @Test func perFrameLimitAndOcclusion() throws {
        var config = SensorConfiguration()
        config.maximumFeaturesPerFrame = 50
        config.depthEveryNthFrame = 0
        config.imageEveryNthFrame = 0
        let sim = try ScanSimulation(preset: .orbitSphere, sensors: config, seed: 1)
        let f = try #require(sim.frame(10).features)
        #expect(f.identifiers.count == 50)
        // Every visible sphere landmark faces the camera (the far side is occluded).
        let pose = sim.groundTruthWorldFromCamera(frame: 10)
        let sphereID = try #require(sim.scene.surface(named: "sphere")).id
        let visible = sim.featureSimulator.visibleLandmarks(worldFromCamera: pose)
        var onSphere = 0
        for i in visible where sim.featureSimulator.landmarks[i].surfaceID == sphereID {
            onSphere += 1
            let m = sim.featureSimulator.landmarks[i]
            #expect(m.normal.dot(pose.translation - m.position) > 0)
        }
        #expect(onSphere > 20)
    }
}
