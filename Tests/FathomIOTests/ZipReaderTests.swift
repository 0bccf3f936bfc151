import FathomCore
import FathomTestSupport
import Foundation
import Testing

@testable import FathomIO

/// Hostile and damaged zips: each is refused before extraction with an error naming the archive and
/// the entry. The reader's loops are bounded by sizes checked against the archive, so these tests fail
/// (with an error) rather than hang.
@Suite struct ZipReaderTests {
    /// Opens `zip` as a package and returns the error (or records an issue when it opens).
    private func openingError(_ url: URL) -> ScanPackageError? {
        do {
            _ = try ScanPackage(url: url)
            Issue.record("\(url.lastPathComponent) opened")
            return nil
        } catch let e as ScanPackageError {
            return e
        } catch {
            Issue.record("untyped error \(error)")
            return nil
        }
    }

    @Test func validHandBuiltZipOpens() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let url = try RawZip(entries: RawZip.packageFiles).write(to: tmp.appendingPathComponent("ok.zip"))
        let reader = try ZipReader(url: url)
        #expect(reader.entries.map(\.path) == ["config.json", "arkitData.json"])
        #expect(reader.entries.map(\.method) == [.deflated, .stored])
        var text: [UInt8] = []
        try reader.read(reader.entries[0]) { text += $0 }
        #expect(String(decoding: text, as: UTF8.self) == #"{"format":"fathom-scan","formatVersion":1}"#)
        #expect(try ScanPackage(url: url).frameCount == 0)
    }

    @Test func fuzzedHangZipFailsNamingTheEntry() throws {
        let url = try #require(
            Bundle.module.url(forResource: "scan-zip-hang-1090", withExtension: "zip", subdirectory: "Fixtures"))
        let e = try #require(openingError(url))
        #expect(e.kind == .invalidZip)
        // Its third central-directory record has a broken signature.
        #expect(e.file == "\(url.path) › entry #3 (after arkitData.json)")
        #expect(e.problem.contains("no central directory header"))
        #expect(e.offset == 0x3BB)
    }

    @Test(arguments: [1, 10, 21, 600])
    func truncatedZipsFail(cut: Int) throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let bytes = RawZip(entries: RawZip.packageFiles).bytes
        let url = tmp.appendingPathComponent("cut.zip")
        try Data(bytes.dropLast(min(cut, bytes.count - 1))).write(to: url)
        let e = try #require(openingError(url))
        #expect(e.kind == .invalidZip)
        #expect(e.file == url.path)
        #expect(e.problem.contains("cannot be opened as a zip"))
    }

    @Test func parentDirectoryEntryIsRefusedBeforeExtracting() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let marker = "fathom-raw-evil-\(UInt64.random(in: 0...UInt64.max))"
        let evil = RawZip.Entry(name: "../\(marker)", data: Array("gotcha".utf8))
        let url = try RawZip(entries: RawZip.packageFiles + [evil]).write(to: tmp.appendingPathComponent("e.zip"))
        let e = try #require(openingError(url))
        #expect(e.kind == .unsafeZipEntry)
        #expect(e.file == "\(url.path) › ../\(marker)")
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.temporaryDirectory.appendingPathComponent(marker).path))
    }

    @Test func symbolicLinkIsRefused() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let link = RawZip.Entry(name: "feedback.json", data: Array("/etc/passwd".utf8), method: 0, unixMode: 0o120777)
        let url = try RawZip(entries: RawZip.packageFiles + [link]).write(to: tmp.appendingPathComponent("l.zip"))
        let e = try #require(openingError(url))
        #expect(e.kind == .unsafeZipEntry)
        #expect(e.file == "\(url.path) › feedback.json")
    }

    @Test func zipBombIsRefusedBeforeInflating() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        // 16 MiB of zeros deflate to ~16 KiB: a 1,000× expansion, beyond 1 MiB + 100× the archive.
        let bomb = RawZip.Entry(name: "allDepthFrames.bin", data: [UInt8](repeating: 0, count: 16 << 20))
        let url = try RawZip(entries: RawZip.packageFiles + [bomb]).write(to: tmp.appendingPathComponent("b.zip"))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber).intValue
        #expect(size < 40_000)
        let e = try #require(openingError(url))
        #expect(e.kind == .invalidZip)
        #expect(e.file == url.path)
        #expect(e.problem.contains("zip bomb"))
        #expect(e.problem.contains("\((16 << 20) + 42 + 13) bytes"))
        // The same archive opens when the limits allow it: the refusal is the limit, not a misreading.
        let relaxed = ZipLimits(
            maximumEntryCount: 10, maximumDirectoryByteCount: 1 << 20, maximumPathByteCount: 64,
            maximumExpansionRatio: 2000, expansionAllowanceByteCount: 0, maximumTotalByteCount: 1 << 30)
        let out = tmp.appendingPathComponent("out")
        try ScanPackageZip.extract(url, to: out, limits: relaxed)
        let extracted = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent("allDepthFrames.bin").path)
        #expect((extracted[.size] as? NSNumber)?.intValue == 16 << 20)
    }

    @Test func expansionLimitScalesWithTheArchive() {
        let limits = ZipLimits.default
        #expect(limits.totalByteLimit(archiveByteCount: 0) == 1 << 20)
        #expect(limits.totalByteLimit(archiveByteCount: 10_000) == (1 << 20) + 1_000_000)
        #expect(limits.totalByteLimit(archiveByteCount: 1 << 40) == 64 << 30)
        #expect(limits.totalByteLimit(archiveByteCount: Int.max) == 64 << 30)
    }

    @Test func centralDirectoryBeyondTheFileFails() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        var zip = RawZip(entries: RawZip.packageFiles)
        zip.declaredDirectoryOffset = UInt32(zip.bytes.count + 100)
        let url = try zip.write(to: tmp.appendingPathComponent("cd.zip"))
        let e = try #require(openingError(url))
        #expect(e.kind == .invalidZip)
        #expect(e.file == url.path)
        #expect(e.problem.contains("does not lie inside the archive"))
    }

    @Test func entryCountLiesFail() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        var more = RawZip(entries: RawZip.packageFiles)
        more.declaredCount = 3
        let moreURL = try more.write(to: tmp.appendingPathComponent("more.zip"))
        let e1 = try #require(openingError(moreURL))
        #expect(e1.kind == .invalidZip)
        #expect(e1.problem.contains("declares 3 entries"))
        var fewer = RawZip(entries: RawZip.packageFiles)
        fewer.declaredCount = 1
        let fewerURL = try fewer.write(to: tmp.appendingPathComponent("fewer.zip"))
        let e2 = try #require(openingError(fewerURL))
        #expect(e2.kind == .invalidZip)
        #expect(e2.file == fewerURL.path)
        #expect(e2.problem.contains("after its 1 declared entries"))
        var huge = RawZip(entries: RawZip.packageFiles)
        huge.declaredCount = 0xFFFE
        let hugeURL = try huge.write(to: tmp.appendingPathComponent("huge.zip"))
        #expect(try #require(openingError(hugeURL)).problem.contains("more than the 10000 allowed"))
    }

    @Test func sizeLiesFail() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let data = Array(#"{"events":[]}"#.utf8) + [UInt8](repeating: 32, count: 500)
        // Declared smaller than the data inflates to: stopped one byte past the declared size.
        var short = RawZip.Entry(name: "arkitData.json", data: data)
        short.declaredSize = 10
        let url1 = try RawZip(entries: [RawZip.packageFiles[0], short]).write(to: tmp.appendingPathComponent("s.zip"))
        let e1 = try #require(openingError(url1))
        #expect(e1.file == "\(url1.path) › arkitData.json")
        #expect(e1.problem.contains("inflates to more than the 10 bytes"))
        // Declared larger: the data ends early.
        var long = RawZip.Entry(name: "arkitData.json", data: data)
        long.declaredSize = 600
        let url2 = try RawZip(entries: [RawZip.packageFiles[0], long]).write(to: tmp.appendingPathComponent("l.zip"))
        let e2 = try #require(openingError(url2))
        #expect(e2.file == "\(url2.path) › arkitData.json")
        #expect(e2.problem.contains("data holds 513 bytes, the central directory says 600"))
        // A stored entry whose sizes disagree.
        var stored = RawZip.Entry(name: "arkitData.json", data: data, method: 0)
        stored.declaredSize = 9
        let url3 = try RawZip(entries: [RawZip.packageFiles[0], stored]).write(to: tmp.appendingPathComponent("t.zip"))
        #expect(try #require(openingError(url3)).problem.contains("stored entry declares 513 stored bytes but 9"))
    }

    @Test func localHeaderLiesFail() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        // Offset beyond the central directory.
        var far = RawZip.packageFiles[1]
        far.declaredOffset = 100_000
        let url1 = try RawZip(entries: [RawZip.packageFiles[0], far]).write(to: tmp.appendingPathComponent("f.zip"))
        let e1 = try #require(openingError(url1))
        #expect(e1.file == "\(url1.path) › arkitData.json")
        #expect(e1.problem.contains("lies beyond the central directory"))
        // Two central records pointing at the same local header.
        var twin = RawZip.packageFiles[1]
        twin.method = 8
        twin.declaredOffset = 0
        let url2 = try RawZip(entries: [RawZip.packageFiles[0], twin]).write(to: tmp.appendingPathComponent("t.zip"))
        let e2 = try #require(openingError(url2))
        #expect(e2.file == "\(url2.path) › arkitData.json")
        #expect(e2.problem.contains("local header names another entry"))
        // Unsupported compression.
        var bzip = RawZip.packageFiles[1]
        bzip.method = 12
        let url3 = try RawZip(entries: [RawZip.packageFiles[0], bzip]).write(to: tmp.appendingPathComponent("m.zip"))
        let e3 = try #require(openingError(url3))
        #expect(e3.file == "\(url3.path) › arkitData.json")
        #expect(e3.problem.contains("compression method 12"))
    }

    @Test func corruptDeflateDataFails() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        var bytes = RawZip(entries: RawZip.packageFiles).bytes
        // The first entry's deflate data starts after its 30-byte header and 11-byte name.
        bytes[41] = 0xFF
        let url = tmp.appendingPathComponent("d.zip")
        try Data(bytes).write(to: url)
        let e = try #require(openingError(url))
        #expect(e.kind == .invalidZip)
        #expect(e.file == "\(url.path) › config.json")
        #expect(e.offset == 41)
    }

    @Test func duplicateNamesAreRefused() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let url = try RawZip(entries: RawZip.packageFiles + [RawZip.packageFiles[0]])
            .write(to: tmp.appendingPathComponent("d.zip"))
        let e = try #require(openingError(url))
        #expect(e.file == "\(url.path) › config.json")
        #expect(e.problem.contains("appears twice"))
    }

    @Test func overlappingEntriesAreRefused() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        // feedback.json's complete local record hides inside the stored data of scan.log, and the
        // central directory points into it: every header is valid, but the two entries share bytes.
        let inner = RawZip.Entry(name: "feedback.json", data: Array(#"{"events":[]}"#.utf8), method: 0)
        let outer = RawZip.Entry(name: "scan.log", data: RawZip.localRecord(inner), method: 0)
        let prefix = RawZip(entries: RawZip.packageFiles + [outer]).bytes
        let outerDataOffset = RawZip(entries: RawZip.packageFiles).bytes.count - 22
            - RawZip.packageFiles.reduce(0) { $0 + 46 + $1.name.utf8.count } + 30 + "scan.log".utf8.count
        var hidden = inner
        hidden.declaredOffset = UInt32(outerDataOffset)
        let url = try RawZip(entries: RawZip.packageFiles + [outer, hidden]).write(to: tmp.appendingPathComponent("o.zip"))
        #expect(prefix.count > outerDataOffset)
        let e = try #require(openingError(url))
        #expect(e.kind == .invalidZip)
        #expect(e.file == "\(url.path) › feedback.json")
        #expect(e.problem.contains("overlaps entry scan.log"))
        #expect(e.offset == outerDataOffset)
    }

    @Test func zip64ArchiveOpens() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        var zip = RawZip(entries: RawZip.packageFiles)
        zip.zip64 = true
        let url = try zip.write(to: tmp.appendingPathComponent("z64.zip"))
        let reader = try ZipReader(url: url)
        #expect(reader.entries.map(\.path) == ["config.json", "arkitData.json"])
        #expect(reader.entries[1].uncompressedByteCount == 13)
        #expect(try ScanPackage(url: url).frameCount == 0)
        // A ZIP64 end record pointing past its locator is refused.
        var bytes = zip.bytes
        let locator = bytes.count - 22 - 20
        bytes[locator + 8] = 0xF0
        try Data(bytes).write(to: url)
        let e = try #require(openingError(url))
        #expect(e.kind == .invalidZip)
        #expect(e.problem.contains("ZIP64 end record"))
    }
}
