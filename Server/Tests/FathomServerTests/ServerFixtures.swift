import Fathom
import FathomServer
import Foundation

/// Small simulated scans and fixture files for the server tests.
enum ServerFixtures {
    /// The one-room scan as a zip (made once per test process, seed 5).
    static let scanZip: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fathom-server-fixture-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        let zip = root.appendingPathComponent("scan.zip")
        if FileManager.default.fileExists(atPath: zip.path) { return zip }
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try SampleScan.write(to: zip, seed: 5)
        } catch {
            preconditionFailure("cannot simulate the fixture scan: \(error)")
        }
        return zip
    }()

    /// A fixture file of the test bundle.
    static func file(_ name: String) -> URL {
        guard let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil) else {
            preconditionFailure("fixture \(name) is missing")
        }
        return url
    }

    /// A new empty folder.
    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "fathom-server-test-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
