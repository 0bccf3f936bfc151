import FathomCore
import FathomTestSupport
import Foundation
import Testing
import ZIPFoundation

@testable import FathomIO

@Suite struct ScanPackageZipTests {
    /// A zip holding a valid `config.json` and `arkitData.json` plus one entry at `path`.
    private func zip(with path: String, in dir: URL) throws -> URL {
        let url = dir.appendingPathComponent("evil.zip")
        let archive = try Archive(url: url, accessMode: .create)
        let entries: [(String, Data)] = [
            ("config.json", Data(#"{"format":"fathom-scan","formatVersion":1}"#.utf8)),
            ("arkitData.json", Data(#"{"frames":[]}"#.utf8)),
            (path, Data("gotcha".utf8)),
        ]
        for (name, data) in entries {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count)) {
                (position: Int64, size: Int) in
                data.subdata(in: Int(position)..<(Int(position) + size))
            }
        }
        return url
    }

    @Test(arguments: ["../evil", "/ABS", "sub/../../evil", "..\\evil", "C:/evil"])
    func entriesEscapingThePackageAreRejectedBeforeExtracting(_ pattern: String) throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let marker = "fathom-evil-\(UInt64.random(in: 0...UInt64.max))"
        let path = pattern.replacingOccurrences(of: "evil", with: marker)
            .replacingOccurrences(
                of: "/ABS", with: FileManager.default.temporaryDirectory.appendingPathComponent(marker).path)
        let url = try zip(with: path, in: tmp)
        #expect { try ScanPackage(url: url) } throws: { e in
            guard let e = e as? ScanPackageError else { return false }
            return e.kind == .unsafeZipEntry && e.file == "\(url.path) › \(path)"
        }
        // Nothing was written outside (nor inside: validation comes before extraction).
        for candidate in [
            FileManager.default.temporaryDirectory.appendingPathComponent(marker), tmp.appendingPathComponent(marker),
            tmp.deletingLastPathComponent().appendingPathComponent(marker),
        ] {
            #expect(!FileManager.default.fileExists(atPath: candidate.path))
        }
    }

    @Test func entriesUnderOneTopLevelFolderAreRead() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = SyntheticScan.frames(count: 4)
        let (dir, _) = try SyntheticScan.write(frames, to: tmp, name: "MyScan")
        let url = tmp.appendingPathComponent("nested.zip")
        try FileManager.default.zipItem(at: dir, to: url, shouldKeepParent: true, compressionMethod: .deflate)
        let archive = try Archive(url: url, accessMode: .read)
        #expect(archive.allSatisfy { $0.path.hasPrefix("MyScan/") })
        let package = try ScanPackage(url: url)
        #expect(package.labels == SyntheticScan.labels)
        var read: [SensorFrame] = []
        try package.forEachFrame { read.append($0) }
        SyntheticScan.expectEqual(read, frames)
    }

    @Test func extractedFilesAreRemovedWithThePackage() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let (_, writer) = try SyntheticScan.write(SyntheticScan.frames(count: 2), to: tmp)
        let url = try writer.zip(to: tmp.appendingPathComponent("s.zip"))
        var extracted: URL?
        do {
            let package = try ScanPackage(url: url)
            extracted = package.storage.directory
            #expect(FileManager.default.fileExists(atPath: extracted!.appendingPathComponent("config.json").path))
        }
        #expect(!FileManager.default.fileExists(atPath: extracted!.path))
    }

    @Test func truncatedZipIsAClearError() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let (_, writer) = try SyntheticScan.write(SyntheticScan.frames(), to: tmp)
        let url = try writer.zip(to: tmp.appendingPathComponent("scan.zip"))
        let data = try Data(contentsOf: url)
        try data.prefix(data.count / 2).write(to: url)
        #expect { try ScanPackage(url: url) } throws: { e in
            guard let e = e as? ScanPackageError else { return false }
            return e.kind == .invalidZip && e.file == url.path && e.problem.contains("cannot be opened as a zip")
        }
    }

    @Test func zipWithoutConfigIsAClearError() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let url = tmp.appendingPathComponent("a.zip")
        let archive = try Archive(url: url, accessMode: .create)
        for name in ["one/arkitData.json", "two/config.json"] {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(2)) { (_: Int64, _: Int) in
                Data("{}".utf8)
            }
        }
        #expect { try ScanPackage(url: url) } throws: { e in
            (e as? ScanPackageError)?.kind == .missingFile
                && (e as? ScanPackageError)?.file == "\(url.path) › config.json"
        }
    }

    @Test func pathSafetyRules() {
        #expect(ScanPackageArchivePaths.unsafeReason("scan/config.json") == nil)
        #expect(ScanPackageArchivePaths.unsafeReason("a..b/c") == nil)
        #expect(ScanPackageArchivePaths.unsafeReason("../x") != nil)
        #expect(ScanPackageArchivePaths.unsafeReason("a/..") != nil)
        #expect(ScanPackageArchivePaths.unsafeReason("/etc/passwd") != nil)
        #expect(ScanPackageArchivePaths.unsafeReason("a\\..\\b") != nil)
        #expect(ScanPackageArchivePaths.unsafeReason("D:x") != nil)
        #expect(ScanPackageArchivePaths.packagePrefix(["config.json", "a/b"]) == "")
        #expect(
            ScanPackageArchivePaths.packagePrefix(["s/", "s/config.json", "s/arkitData.json", "__MACOSX/s/._config.json"])
                == "s/")
        #expect(ScanPackageArchivePaths.packagePrefix(["s/config.json", "t/x"]) == nil)
    }
}
