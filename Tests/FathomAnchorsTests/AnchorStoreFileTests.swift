import FathomAnchors
import FathomCore
import FathomIO
import Foundation
import Testing

@Suite struct AnchorStoreFileTests {
    typealias F = StoreFixtures

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("anchor-store-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func expectSameAnchors(_ a: [Anchor], _ b: [Anchor], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.map(\.id) == b.map(\.id), sourceLocation: sourceLocation)
        for (x, y) in zip(a, b) {
            #expect(x.kind == y.kind && x.createdAt == y.createdAt && x.payload == y.payload, sourceLocation: sourceLocation)
            #expect(x.worldFromAnchor.isApproximatelyEqual(to: y.worldFromAnchor, translationTolerance: 1e-6, angleTolerance: 1e-6),
                    sourceLocation: sourceLocation)
        }
    }

    @Test func roundTripKeepsTheLiveAnchorsOnly() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("anchors.json")
        var store = AnchorStore(configuration: AnchorStoreConfiguration(capacity: 3))
        for n in 0..<4 { store.place(F.anchor(n), at: F.time(Double(n))) }
        try store.write(to: url, savedAt: F.time(4))
        let back = try AnchorStore(contentsOf: url, configuration: AnchorStoreConfiguration(capacity: 3))
        Self.expectSameAnchors(back.anchors, store.liveAnchors)
        #expect(back.fadingAnchors.isEmpty && !back.canUndo)
        // A smaller cap on load keeps the newest.
        let small = try AnchorStore(contentsOf: url, configuration: AnchorStoreConfiguration(capacity: 1))
        #expect(small.anchors.map(\.id) == [F.anchor(3).id])
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        #expect(json["format"] as? String == "fathom-anchors" && json["formatVersion"] as? Int == 1)
    }

    @Test func badFilesNameTheFileAndTheProblem() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("anchors.json")
        func failure(_ text: String?) -> AnchorStoreError? {
            if let text { try! Data(text.utf8).write(to: url) } else { try? FileManager.default.removeItem(at: url) }
            do { _ = try AnchorStore(contentsOf: url); return nil } catch { return error as? AnchorStoreError }
        }
        let missing = failure(nil)
        #expect(missing?.kind == .missingFile && missing?.file == url.path)
        let newer = failure(#"{"format":"fathom-anchors","formatVersion":2,"savedAt":0,"anchors":[],"layers":{}}"#)
        #expect(newer?.kind == .unsupportedVersion)
        #expect(newer.map { "\($0)".contains(url.path) && "\($0)".contains("formatVersion 2") } == true)
        #expect(failure(#"{"format":"fathom-worldmap","formatVersion":1}"#)?.kind == .notAnAnchorStore)
        #expect(failure(#"{"format":"fathom-anchors","formatVersion":1,"savedAt":0,"anch"#)?.kind == .notAnAnchorStore)
        #expect(failure(#"{"format":"fathom-anchors","formatVersion":1,"savedAt":0}"#)?.kind == .corrupt)
        var store = AnchorStore()
        store.place(F.anchor(1), at: F.time(1))
        let one = String(decoding: try store.jsonData(), as: UTF8.self)
        let anchorJSON = one[one.range(of: "[")!.upperBound..<one.range(of: "]", options: .backwards)!.lowerBound]
        let duplicate = failure(#"{"format":"fathom-anchors","formatVersion":1,"savedAt":0,"anchors":[\#(anchorJSON),\#(anchorJSON)]}"#)
        #expect(duplicate?.kind == .corrupt && duplicate?.problem.contains("appears twice") == true)
    }

    /// A crash between writing the temporary file and renaming it leaves a (possibly truncated)
    /// `.anchors.json.<n>.tmp` beside the store: loading ignores it, the next save removes it.
    @Test func temporaryFilesOfInterruptedSavesAreIgnoredThenRemoved() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("anchors.json")
        var store = AnchorStore()
        store.place(F.anchor(1), at: F.time(1))
        try store.write(to: url)
        store.place(F.anchor(2), at: F.time(2))
        let next = try store.jsonData()
        let truncated = dir.appendingPathComponent(".anchors.json.123.tmp"), full = dir.appendingPathComponent(".anchors.json.456.tmp")
        try next.prefix(next.count / 2).write(to: truncated)
        try next.write(to: full)
        #expect(try AnchorStore(contentsOf: url).anchors.map(\.id) == [F.anchor(1).id])
        let other = dir.appendingPathComponent(".other.json.1.tmp")
        try Data().write(to: other)
        try store.write(to: url)
        #expect(try AnchorStore(contentsOf: url).anchors.map(\.id) == [F.anchor(1).id, F.anchor(2).id])
        #expect(!FileManager.default.fileExists(atPath: truncated.path) && !FileManager.default.fileExists(atPath: full.path))
        #expect(FileManager.default.fileExists(atPath: other.path))
        // A crash during the very first save leaves only a temporary file: the store is missing, not broken.
        let fresh = dir.appendingPathComponent("fresh.json")
        try next.prefix(10).write(to: dir.appendingPathComponent(".fresh.json.9.tmp"))
        #expect { _ = try AnchorStore(contentsOf: fresh) } throws: { ($0 as? AnchorStoreError)?.kind == .missingFile }
    }
}

@Suite struct AnchorPayloadRoundTripTests {
    /// Every JSON type survives a store save and load, including numbers that look like Booleans.
    @Test func payloadTypesSurviveTheStoreFile() throws {
        let payload = AnchorPayload.object([
            "one": .number(1), "zero": .number(0), "true": .bool(true), "false": .bool(false), "text": .string("1"),
            "none": .null, "list": .array([.number(-2.5), .string("x"), .array([]), .object([:])]),
            "big": .number(9_007_199_254_740_992), "small": .number(1e-300),
        ])
        var store = AnchorStore()
        store.place(Anchor(worldFromAnchor: .identity, kind: "k", createdAt: StoreFixtures.time(0), payload: payload),
                    at: StoreFixtures.time(0))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("payload-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try store.write(to: url)
        #expect(try AnchorStore(contentsOf: url).anchors.first?.payload == payload)
    }
}
