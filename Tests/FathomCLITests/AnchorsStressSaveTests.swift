import Fathom
import FathomCLI
import FathomTestSupport
import Foundation
import Testing

/// Crash safety for real: the built `fathom` binary saves a growing anchor store in a loop and is
/// killed (SIGKILL) at random moments; after each kill the store must load and hold a consistent run
/// of anchors.
@Suite struct AnchorsStressSaveTests {
    /// The `fathom` executable beside the test bundle (`.build/<triple>/debug/fathom`), or `nil`.
    static let fathomBinary: URL? = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        // Tests/FathomCLITests/<file> → the package root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug"))
        return candidates.map { $0.appendingPathComponent("fathom") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The anchor indices a loaded stress store holds.
    static func indices(_ store: AnchorStore) -> [Int] {
        store.anchors.map { a -> Int in
            guard case .object(let o) = a.payload, case .number(let n) = o["index"] else { return -1 }
            return Int(n)
        }
    }

    @Test(.enabled(if: fathomBinary != nil, "the fathom executable is not built"))
    func killingTheProcessMidSaveNeverLeavesAnUnloadableStore() throws {
        let binary = try #require(Self.fathomBinary)
        let dir = try makeTemporaryDirectory()
        let url = dir.appendingPathComponent("anchors.json"), mapURL = dir.appendingPathComponent("map.json")
        var g = SeededGenerator(seed: 17)
        var killedMidRun = 0, mapsChecked = 0, lastIndices: [Int] = []
        for round in 0..<6 {
            let process = Process()
            process.executableURL = binary
            process.arguments = [
                "anchors-stress-save", url.path, "--count", "100000", "--payload-bytes", "2000", "--map", mapURL.path,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let before = (try? Data(contentsOf: url)) ?? Data()
            try process.run()
            // Wait until this run has written at least once, then a random 0–400 ms more.
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning, Date() < deadline, ((try? Data(contentsOf: url)) ?? Data()) == before {
                usleep(2_000)
            }
            usleep(UInt32.random(in: 0...400_000, using: &g))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killedMidRun += 1
            }
            process.waitUntilExit()
            let store = try AnchorStore(contentsOf: url)
            let indices = Self.indices(store)
            let last = try #require(indices.last, "round \(round): empty store")
            lastIndices.append(last)
            #expect(indices == Array(max(0, last - 99)...last), "round \(round)")
            for (anchor, i) in zip(store.anchors, indices) {
                #expect(anchor == AnchorsStressSaveCommand.anchor(i, payloadBytes: 2000), "round \(round), anchor \(i)")
            }
            // The map (saved after the store in each iteration) loads too and is one whole save.
            if FileManager.default.fileExists(atPath: mapURL.path) {
                let map = try WorldMap(contentsOf: mapURL)
                let mapIndices = Self.indices(AnchorStore(anchors: map.anchors))
                let mapLast = try #require(mapIndices.last)
                #expect(mapIndices == Array(max(0, mapLast - 99)...mapLast), "round \(round)")
                let n = min(AnchorsStressSaveCommand.mapPointsPerSave * (mapLast + 1), AnchorsStressSaveCommand.maximumMapPoints)
                #expect(map.points.positions == (0..<n).map(AnchorsStressSaveCommand.mapPoint), "round \(round)")
                mapsChecked += 1
            }
        }
        // One uninterrupted run clears the temporary files the kills left behind.
        _ = try runFathom(["anchors-stress-save", url.path, "--count", "1", "--map", mapURL.path])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["anchors.json", "map.json"])
        print("anchors-stress-save: killed after saves \(lastIndices.map { $0 + 1 }), maps checked \(mapsChecked)")
        #expect(killedMidRun == 6)
        #expect(mapsChecked >= 3)
    }

    @Test func stressSaveInProcessWritesTheDocumentedSequence() throws {
        let dir = try makeTemporaryDirectory()
        let url = dir.appendingPathComponent("anchors.json"), mapURL = dir.appendingPathComponent("map.json")
        let text = try runFathom(["anchors-stress-save", url.path, "--count", "102", "--payload-bytes", "0"])
        #expect(text == "saved 102 times to \(url.path)\n")
        #expect(Self.indices(try AnchorStore(contentsOf: url)) == Array(2...101))
        _ = try runFathom(["anchors-stress-save", url.path, "--count", "3", "--map", mapURL.path])
        let store = try AnchorStore(contentsOf: url)
        #expect(Self.indices(store) == [0, 1, 2])
        let map = try WorldMap(contentsOf: mapURL)
        #expect(map.points.positions == (0..<150).map(AnchorsStressSaveCommand.mapPoint))
        #expect(map.points.identifiers == (0..<150).map(UInt64.init) && map.anchors.map(\.id) == store.anchors.map(\.id))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["anchors.json", "map.json"])
        #expect(throws: (any Error).self) { try runFathom(["anchors-stress-save", url.path, "--count", "0"]) }
    }
}
