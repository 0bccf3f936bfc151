import Fathom
import FathomCLI
import FathomTestSupport
import Foundation
import Testing

@Suite struct PlaybackCommandTests {
    @Test func summaryShowsTheTimelineWarningsAndLabels() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let dir = try writeSpinScanPackage(in: tmp)
        let text = try runFathom(["playback", dir.path, "--summary", "--width", "21"])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[1] == "frames: 1200, duration 19.98 s, events from recorded feedback.json")
        // 21 cells over 19.98 s, cell = round(t / 19.98 · 20): the spin warning (8.2–8.3 s) lands in
        // cell 8, the label (12 s) in 12, the cursor at the start.
        #expect(lines[2] == "timeline: [^-------!---|--------]  (! warning, x fatal, | label, ^ cursor)")
        #expect(lines[3] == "warnings: 1")
        #expect(lines[4].hasSuffix("87 Too fast rotations"))
        #expect(lines[5] == "labels: 1")
        #expect(lines[6] == "     12.00 s  frame 720  Living room")
    }

    @Test func widthIsValidated() {
        #expect(throws: (any Error).self) { try runFathom(["playback", "x", "--width", "3"]) }
    }
}
