import FathomIO
import FathomTestSupport
import Foundation
import Testing

@Suite struct AtomicFileTests {
    @Test func replacesContentsAndLeavesNoTemporaryFiles() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("sub/a.json")
        try AtomicFile.writeJSON(["k": 1], to: url)
        try AtomicFile.write(Data("second".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("sub").path) == ["a.json"])
    }

    @Test func reportsTheFileWhenTheDirectoryCannotBeMade() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let blocker = dir.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let target = blocker.appendingPathComponent("inner.json")
        #expect(throws: FileWriteError.self) { try AtomicFile.write(Data(), to: target) }
    }
}
