import FathomAnchors
import FathomCore
import FathomIO
import Foundation
import Testing

/// A writer for injected failures: counts calls and fails while `failing` is set, after writing half
/// the bytes to a temporary file (a disk filling up mid-save).
final class FlakyWriter: @unchecked Sendable {
    private let lock = NSLock()
    private var _calls = 0
    private var _failing = false

    var calls: Int { lock.withLock { _calls } }
    var failing: Bool {
        get { lock.withLock { _failing } }
        set { lock.withLock { _failing = newValue } }
    }

    func write(_ data: Data, to url: URL) throws {
        let fail = lock.withLock { _calls += 1; return _failing }
        if fail {
            let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).77.tmp")
            try data.prefix(data.count / 2).write(to: temp)
            throw FileWriteError(url: url, problem: "no space left on device")
        }
        try AnchorStore.writeAtomically(data, to: url)
    }
}

@Suite struct AnchorAutoSaverTests {
    typealias F = StoreFixtures

    @Test func debouncedSavingWaitsForQuietOrTheMaximumDelay() throws {
        let dir = try AnchorStoreFileTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("anchors.json")
        let writer = FlakyWriter()
        var saver = AnchorAutoSaver(
            url: url, configuration: AnchorAutoSaveConfiguration(quietInterval: 1, maximumDelay: 5),
            writer: { try writer.write($0, to: $1) })
        var store = AnchorStore()
        do { let saved = try saver.saveIfDue(store, at: F.time(0)); #expect(!saved) }  // empty store, empty file: nothing to save
        store.place(F.anchor(0), at: F.time(0))
        #expect(saver.hasUnsavedChanges(store))
        do { let saved = try saver.saveIfDue(store, at: F.time(0)); #expect(!saved) }
        do { let saved = try saver.saveIfDue(store, at: F.time(0.5)); #expect(!saved) }
        do { let saved = try saver.saveIfDue(store, at: F.time(1)); #expect(saved) }
        #expect(!saver.hasUnsavedChanges(store) && saver.saveCount == 1)
        #expect(try AnchorStore(contentsOf: url).anchors.map(\.id) == [F.anchor(0).id])
        // A change every 0.5 s never leaves 1 s of quiet: the maximum delay (5 s) forces the save.
        var savedAt: Double?
        for step in 0..<20 {
            let t = 10 + 0.5 * Double(step)
            store.place(F.anchor(step + 1), at: F.time(t))
            if try saver.saveIfDue(store, at: F.time(t)) { savedAt = t; break }
        }
        #expect(savedAt == 15)
        #expect(writer.calls == 2)
    }

    @Test func lifecycleEventsSaveAtOnceAndOnlyWhenNeeded() throws {
        let dir = try AnchorStoreFileTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("anchors.json")
        var store = AnchorStore()
        store.place(F.anchor(0), at: F.time(0))
        try store.write(to: url)
        store = try AnchorStore(contentsOf: url)
        var saver = AnchorAutoSaver(url: url, configuration: AnchorAutoSaveConfiguration(quietInterval: nil), savedStore: store)
        do { let saved = try saver.handle(.didEnterBackground, store: store); #expect(!saved) }
        store.place(F.anchor(1), at: F.time(1))
        do { let saved = try saver.saveIfDue(store, at: F.time(100)); #expect(!saved) }  // debounced saving is off
        do { let saved = try saver.handle(.willResignActive, store: store); #expect(saved) }
        do { let saved = try saver.handle(.willTerminate, store: store); #expect(!saved) }
        #expect(try AnchorStore(contentsOf: url).anchors.count == 2)
        // Undo back to the saved state: nothing to save.
        store.undoLastPlacement()
        store.place(F.anchor(1), at: F.time(2))
        do { let saved = try saver.flush(store); #expect(!saved) }
    }

    @Test func failedSavesKeepTheOldFileAndAreRetried() throws {
        let dir = try AnchorStoreFileTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("anchors.json")
        let writer = FlakyWriter()
        var saver = AnchorAutoSaver(
            url: url, configuration: AnchorAutoSaveConfiguration(quietInterval: 0, retryInterval: 2),
            writer: { try writer.write($0, to: $1) })
        var store = AnchorStore()
        store.place(F.anchor(0), at: F.time(0))
        do { let saved = try saver.saveIfDue(store, at: F.time(0)); #expect(saved) }
        writer.failing = true
        store.place(F.anchor(1), at: F.time(1))
        #expect(throws: FileWriteError.self) { _ = try saver.saveIfDue(store, at: F.time(1)) }
        #expect(saver.failureCount == 1 && saver.lastFailure?.contains("no space left") == true)
        #expect(saver.hasUnsavedChanges(store))
        // The old file is intact; the half-written temporary file is ignored.
        #expect(try AnchorStore(contentsOf: url).anchors.map(\.id) == [F.anchor(0).id])
        writer.failing = false
        do { let saved = try saver.saveIfDue(store, at: F.time(2)); #expect(!saved) }  // waits for the retry interval
        do { let saved = try saver.saveIfDue(store, at: F.time(3)); #expect(saved) }
        #expect(saver.lastFailure == nil)
        #expect(try AnchorStore(contentsOf: url).anchors.count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["anchors.json"])
    }
}
