import FathomCore
import FathomIO
import FathomTestSupport
import Foundation
import Testing

/// Damaged packages never crash the reader: opening and reading either succeed (with warnings) or
/// throw a `ScanPackageError`.
@Suite struct ScanPackageCorruptionTests {
    /// Opens and reads everything; returns the error, or `nil` when it succeeded.
    private func readOutcome(_ url: URL) -> ScanPackageError? {
        do {
            let package = try ScanPackage(url: url)
            try package.forEachFrame { _ in }
            _ = package.summary.description
            return nil
        } catch let e as ScanPackageError {
            return e
        } catch {
            Issue.record("unexpected error type: \(error)")
            return nil
        }
    }

    @Test func randomByteDamageToTheStreamsIsHandled() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let (dir, _) = try SyntheticScan.write(SyntheticScan.frames(), to: tmp)
        var g = SeededGenerator(seed: 2026)
        var outcomes = (ok: 0, failed: 0)
        for kind in ScanStreamKind.allCases {
            let url = dir.appendingPathComponent(kind.fileName)
            let original = try Data(contentsOf: url)
            for _ in 0..<12 {
                var damaged = original
                // Mostly the header and record prefixes, where the structure lives.
                for _ in 0..<Int.random(in: 1...4, using: &g) {
                    let limit = Bool.random(using: &g) ? min(64, damaged.count) : damaged.count
                    damaged[Int.random(in: 0..<limit, using: &g)] = UInt8.random(in: 0...255, using: &g)
                }
                if Bool.random(using: &g) { damaged = damaged.prefix(Int.random(in: 0...damaged.count, using: &g)) }
                try damaged.write(to: url)
                if let e = readOutcome(dir) {
                    #expect(e.file.hasSuffix(kind.fileName))
                    outcomes.failed += 1
                } else {
                    outcomes.ok += 1
                }
            }
            try original.write(to: url)
        }
        // Both paths were exercised.
        #expect(outcomes.ok > 0 && outcomes.failed > 0)
    }

    @Test func damagedJSONIsAnErrorNamingTheFile() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let (dir, _) = try SyntheticScan.write(SyntheticScan.frames(count: 3), to: tmp)
        let arkit = dir.appendingPathComponent("arkitData.json")
        let text = try Data(contentsOf: arkit)
        try text.prefix(text.count / 2).write(to: arkit)
        let e = try #require(readOutcome(dir))
        #expect(e.kind == .corrupt && e.file.hasSuffix("arkitData.json"))
        try text.write(to: arkit)
        // feedback.json is optional: damage is reported and its events ignored.
        try Data("{\"events\":[{\"code\":".utf8).write(to: dir.appendingPathComponent("feedback.json"))
        let package = try ScanPackage(url: dir)
        #expect(package.events.isEmpty)
        #expect(package.warnings.count == 1 && package.warnings[0].contains("feedback.json"))
    }
}
