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
}
