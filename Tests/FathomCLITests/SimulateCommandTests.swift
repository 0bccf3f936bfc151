import ArgumentParser
import Fathom
import FathomTestSupport
import Foundation
import Testing

@testable import FathomCLI

struct SimulateCommandTests {
    @Test func presetToDirectoryAndZip() throws {
        let dir = try makeTemporaryDirectory("simulate-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("scan").path
        let text = try runFathom([
            "simulate", "--preset", "orbit-sphere", "--seed", "3", "-o", out, "--duration", "0.04",
        ])
        #expect(text.hasPrefix("simulated 2 frames (0.04 s) of preset orbit-sphere, seed 3\n"))
        #expect(text.hasSuffix("wrote \(out)\n"))
        let package = try ScanPackage(url: URL(fileURLWithPath: out))
        #expect(package.cameraFrames.count == 2)
        let zip = dir.appendingPathComponent("scan.zip").path
        _ = try runFathom(["simulate", "--preset", "demo", "-o", zip, "--duration", "0.04"])
        #expect(try ScanPackage(url: URL(fileURLWithPath: zip)).cameraFrames.count == 2)
    }

    @Test func sceneFile() throws {
        let dir = try makeTemporaryDirectory("simulate-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("room.json")
        try Data(#"{"rooms": [{"polygon": [[0,0],[0,3],[3,3],[3,0]]}]}"#.utf8).write(to: scene)
        let out = dir.appendingPathComponent("scan").path
        let text = try runFathom(["simulate", "--scene", scene.path, "-o", out, "--duration", "0.04"])
        #expect(text.contains("of scene \(scene.path), seed 0"))
        let bad = dir.appendingPathComponent("bad.json")
        try Data(#"{"rooms": [{"polygon": [[0,0],[3,3],[3,0],[0,3]]}]}"#.utf8).write(to: bad)
        #expect(throws: (any Error).self) {
            try runFathom(["simulate", "--scene", bad.path, "-o", dir.appendingPathComponent("x").path])
        }
        do {
            _ = try runFathom(["simulate", "--scene", bad.path, "-o", dir.appendingPathComponent("y").path])
        } catch {
            #expect("\(error)".contains("not simple"))
        }
    }

    @Test func flagMistakes() {
        #expect(throws: (any Error).self) { try runFathom(["simulate", "-o", "/tmp/never-written"]) }
        #expect(throws: (any Error).self) {
            try runFathom(["simulate", "--preset", "demo", "--scene", "x.json", "-o", "/tmp/never-written"])
        }
        #expect(throws: (any Error).self) {
            try runFathom(["simulate", "--preset", "castle", "-o", "/tmp/never-written"])
        }
        #expect(throws: (any Error).self) {
            try runFathom(["simulate", "--preset", "demo", "--duration", "-2", "-o", "/tmp/never-written"])
        }
    }
}
