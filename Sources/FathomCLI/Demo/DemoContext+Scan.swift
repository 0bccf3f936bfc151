import Fathom
import Foundation

extension DemoContext {
    /// Simulates the demo scan, writes it as a package (directory and verified zip), and reads it back.
    mutating func simulateAndRecord() throws {
        var sensors = SensorConfiguration.lightweight
        sensors.depthEveryNthFrame = Self.depthEveryNthFrame
        sensors.imageEveryNthFrame = Self.depthEveryNthFrame
        let simulation = try ScanSimulation(preset: .demo, sensors: sensors, seed: seed, duration: duration)
        let packageURL = file("scan")
        let progress = self.progress
        let total = simulation.frameCount
        let writer = try simulation.write(to: packageURL) { done in
            progress.update("simulating", fraction: Double(done) / Double(max(1, total)))
        }
        let zipURL = try writer.zip(to: file("scan.zip"))
        let package = try ScanPackage(url: zipURL)
        self.simulation = simulation
        self.package = package
        cameraPath = package.cameraFrames.compactMap { $0.worldFromCamera?.translation }

        let s = package.summary
        report.section("The scan")
        report.paragraph(
            "A simulated LiDAR walk through the demo room (seed \(seed)): \(s.frameCount) camera frames, "
                + "\(s.depthFrameCount) depth frames \(s.depthWidth)×\(s.depthHeight), written as a scan package "
                + "(scan/ and scan.zip, verified) and read back from the zip.")
        report.preformatted(s.description)
        summary.append("scan: \(s.frameCount) frames, \(s.depthFrameCount) depth frames, \(fmt(s.duration, 1)) s → scan.zip")
    }

    /// Replays the scan monitor over the package.
    mutating func checkScan() throws {
        guard let package else { return }
        let check = try ScanCheckReport(package: package)
        report.section("Scan quality")
        report.paragraph(
            "The scan monitor replayed over the package: verdict \(check.verdict.name) (\(check.verdict.reason)), "
                + "\(fmt(check.statistics.distanceWalkedMetres, 1)) m walked.")
        report.table(
            header: ["code", "time (s)", "frame", "message"],
            rows: check.events.map {
                ["\($0.code.rawValue)", fmt($0.timestamp - (check.statistics.firstTimestamp ?? 0), 2),
                 "\($0.frameNumber)", $0.message]
            })
        summary.append(
            "scan monitor: verdict \(check.verdict.name), \(check.events.count) events, "
                + "\(fmt(check.statistics.distanceWalkedMetres, 1)) m walked")
    }
}
