// fuzz-modules: FathomCore FathomIO
// A scan package zip opened as `fathom info` and `fathom cloud` do: ScanPackage(url:) (zip checks,
// extraction, JSON, stream indexes), its summary, then every frame read.
import FathomCore
import FathomIO
import Foundation

enum FuzzTarget {
    static func run(_ data: Data) {
        let url = scratchFile("scan.zip", data)
        expectOnly(ScanPackageError.self) {
            let package = try ScanPackage(url: url)
            _ = package.summary
            try package.forEachFrame { _ in }
        }
    }

    static func seeds() throws -> [String: Data] {
        let tmp = try FuzzSeeds.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let writer = try FuzzSeeds.package(at: tmp.appendingPathComponent("scan"), frames: 2)
        let deflated = try writer.zip(to: tmp.appendingPathComponent("deflated.zip"))
        let stored = try writer.zip(to: tmp.appendingPathComponent("stored.zip"), compressed: false)
        return ["deflated.zip": try Data(contentsOf: deflated), "stored.zip": try Data(contentsOf: stored)]
    }
}
