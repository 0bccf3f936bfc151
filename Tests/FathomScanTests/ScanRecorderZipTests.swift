import FathomCore
import FathomTestSupport
import Foundation
import Testing

@testable import FathomIO
@testable import FathomScan

@Suite struct ScanRecorderZipTests {
    @Test func faultyFirstZipIsRecreatedWithEvent53() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        var scan = SimulatedScan(seed: 31)
        scan.hold(seconds: 1)
        let recorder = try ScanRecorder(directory: tmp.appendingPathComponent("scan"), config: ScanConfig())
        for frame in scan.sensorFrames { try recorder.record(frame) }
        recorder.writer.zipFaultInjection = { url in
            var bytes = try! Data(contentsOf: url)
            bytes[bytes.count / 3] ^= 0xFF
            try! bytes.write(to: url)
        }
        let recording = try recorder.finish(zipTo: tmp.appendingPathComponent("scan.zip"))
        #expect(recording.zipWasRecreated)
        #expect(recording.events.last?.code == .invalidZipRezipping)
        let zip = try #require(recording.zipURL)
        #expect(try ScanPackageZip.verify(zip, against: recording.directory).isEmpty)
        #expect(try ScanPackage(url: zip).frameCount == 60)
    }
}
