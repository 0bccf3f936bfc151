import FathomIO
import FathomTestSupport
import Foundation
import Testing

@testable import FathomSimulator

struct ScanPackageOutputTests {
    static func shortSimulation() throws -> ScanSimulation {
        var c = SensorConfiguration()
        c.depthWidth = 32
        c.depthHeight = 24
        c.imageWidth = 32
        c.imageHeight = 24
        c.depthEveryNthFrame = 2
        return try ScanSimulation(preset: .apartment, sensors: c, seed: 4, duration: 0.3)
    }

    @Test func packageRoundTripsTheFrames() throws {
        let sim = try Self.shortSimulation()
        let dir = try makeTemporaryDirectory("sim-package")
        defer { try? FileManager.default.removeItem(at: dir) }
        let packageDir = dir.appendingPathComponent("scan")
        try sim.write(to: packageDir, trueNorthDegrees: 12)
        let package = try ScanPackage(url: packageDir)
        #expect(package.cameraFrames.count == sim.frameCount)
        #expect(package.labels == sim.labels)
        #expect(package.labels.map(\.text) == ["Living room"])
        #expect(package.azimuth?.trueNorthDegrees == 12)
        var read: [SensorFrame] = []
        try package.forEachFrame { read.append($0) }
        #expect(read.count == sim.frameCount)
        for (a, b) in zip(read, Array(sim.frames)) {
            #expect(a.camera.frameNumber == b.camera.frameNumber)
            #expect(a.camera.trackingState == b.camera.trackingState)
            #expect(a.camera.cameraTransform == b.camera.cameraTransform)
            #expect(a.depth == b.depth)
            #expect(a.features == b.features)
            #expect(a.color == b.color)
        }
        // Zipped.
        let zipURL = dir.appendingPathComponent("scan.zip")
        try sim.writeZip(to: zipURL, workingDirectory: dir.appendingPathComponent("work"))
        #expect(try ScanPackage(url: zipURL).cameraFrames.count == sim.frameCount)
    }

    @Test func faultyPosesAndStatesSurviveThePackage() throws {
        var c = SensorConfiguration()
        c.depthEveryNthFrame = 0
        c.imageEveryNthFrame = 0
        c.featuresEveryNthFrame = 0
        var d = ScenePreset.demo.description
        d.faults = [
            .nanPose(start: 0.05, duration: 0.05),
            .trackingLoss(
                start: 0.15, duration: 0.1, state: .notAvailable,
                relocalizingDuration: 0.05),
        ]
        let sim = try ScanSimulation(description: d, sensors: c, duration: 0.3)
        let dir = try makeTemporaryDirectory("sim-package-faults")
        defer { try? FileManager.default.removeItem(at: dir) }
        try sim.write(to: dir.appendingPathComponent("scan"))
        let frames = try ScanPackage(url: dir.appendingPathComponent("scan")).cameraFrames
        #expect(frames.count == sim.frameCount)
        for (a, i) in zip(frames, 0..<sim.frameCount) {
            let expected = sim.pose(frame: i)
            #expect(a.trackingState == expected.trackingState)
            #expect(a.worldMappingStatus == expected.worldMappingStatus)
            #expect(a.cameraTransform.translation.x.isNaN == expected.recordedTransform.translation.x.isNaN)
        }
        #expect(frames.contains { $0.cameraTransform.translation.x.isNaN })
        #expect(frames.contains { $0.trackingState == .notAvailable })
    }
}
