import FathomServer
import Foundation
import Testing

/// The server's own zip guard: `ZipInspector` and `ZipExtractor` against valid and hostile archives.
@Suite struct ZipGuardTests {
    @Test func acceptsTheSimulatedScanAndExtractsItByteForByte() throws {
        let zip = ServerFixtures.scanZip
        let entries = try ZipInspector().entries(of: zip)
        #expect(entries.contains { $0.path == "config.json" })
        #expect(entries.contains { $0.path == "arkitData.json" })
        let out = ServerFixtures.temporaryDirectory()
        try ZipExtractor().extract(entries, of: zip, to: out)
        for entry in entries where !entry.isDirectory {
            let size = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(entry.path).path)[.size] as? Int
            #expect(Int64(size ?? -1) == entry.uncompressedByteCount, "\(entry.path)")
        }
    }

    @Test func refusesTheFuzzedZipThatHangsTheLibraryReader() {
        let error = #expect(throws: ZipRejection.self) { try ZipInspector().entries(of: ServerFixtures.file("scan-zip-hang-1090.zip")) }
        #expect(error?.reason.isEmpty == false)
    }

    @Test func refusesPathsLeavingThePackage() {
        let error = #expect(throws: ZipRejection.self) { try ZipInspector().entries(of: ServerFixtures.file("traversal.zip")) }
        #expect(error?.reason.contains("'..' component") == true)
    }

    @Test func refusesAZipBombByItsExpansionRatio() {
        let error = #expect(throws: ZipRejection.self) { try ZipInspector().entries(of: ServerFixtures.file("bomb.zip")) }
        #expect(error?.reason.contains("zip bomb") == true)
    }

    @Test func refusesOverlappingEntries() {
        #expect(throws: ZipRejection.self) { try ZipInspector().entries(of: ServerFixtures.file("overlap.zip")) }
    }

    @Test func refusesAnEntryExpandingPastItsDeclaredSize() throws {
        let zip = ServerFixtures.file("lying-size.zip")
        let entries = try ZipInspector().entries(of: zip)
        let error = #expect(throws: ZipRejection.self) {
            try ZipExtractor().extract(entries, of: zip, to: ServerFixtures.temporaryDirectory())
        }
        #expect(error?.reason.contains("beyond its declared 100 bytes") == true)
    }

    @Test func refusesATruncatedZip() throws {
        let data = try Data(contentsOf: ServerFixtures.scanZip)
        let cut = ServerFixtures.temporaryDirectory().appendingPathComponent("cut.zip")
        try data.prefix(data.count / 2).write(to: cut)
        let error = #expect(throws: ZipRejection.self) { try ZipInspector().entries(of: cut) }
        #expect(error?.reason.contains("truncated") == true)
    }

    @Test func refusesMoreEntriesThanTheLimit() {
        let limits = ZipLimits(maximumEntryCount: 1)
        let error = #expect(throws: ZipRejection.self) {
            try ZipInspector(limits: limits).entries(of: ServerFixtures.file("traversal.zip"))
        }
        #expect(error?.reason.contains("more than the limit of 1") == true)
    }
}
