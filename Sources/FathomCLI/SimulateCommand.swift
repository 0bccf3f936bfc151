import ArgumentParser
import Fathom
import Foundation

/// `fathom simulate`: renders a simulated scan (a preset or a scene JSON) into a scan package.
struct SimulateCommand: OutputtingCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Simulate an AR scan of a scene and write it as a scan package (directory or .zip).",
        discussion: "Presets: \(ScenePreset.allCases.map(\.name).joined(separator: ", ")).")

    @Option(name: .long, help: "A scene description JSON file (see docs/simulator.md).")
    var scene: String?

    @Option(name: .long, help: "A built-in scene preset.")
    var preset: String?

    @Option(name: .long, help: "Seed of every random choice.")
    var seed: UInt64 = 0

    @Option(name: [.customShort("o"), .customLong("output")], help: "Output: a directory, or a path ending in .zip.")
    var outputPath: String

    @Option(name: .long, help: "Duration in seconds (default: the path's own).")
    var duration: Double?

    init() {}

    func validate() throws {
        guard (scene == nil) != (preset == nil) else {
            throw ValidationError("give exactly one of --scene FILE or --preset NAME")
        }
        if let preset, ScenePreset(name: preset) == nil {
            throw ValidationError(
                "unknown preset '\(preset)'; known: \(ScenePreset.allCases.map(\.name).joined(separator: ", "))")
        }
        if let duration, !(duration.isFinite && duration > 0) {
            throw ValidationError("--duration must be a positive number of seconds")
        }
        if FileManager.default.fileExists(atPath: outputPath) {
            throw ValidationError("'\(outputPath)' already exists")
        }
    }

    func run(output: CommandOutput) throws {
        let description: SceneDescription
        let source: String
        if let preset, let p = ScenePreset(name: preset) {
            description = p.description
            source = "preset \(p.name)"
        } else {
            let path = scene ?? ""
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw ValidationError("cannot read scene file '\(path)': \(error.localizedDescription)")
            }
            do {
                description = try SceneDescription(json: data)
            } catch let e as SceneValidationError {
                throw ValidationError("\(path): \(e.description)")
            }
            source = "scene \(path)"
        }
        let simulation = try ScanSimulation(description: description, seed: seed, duration: duration)
        let url = URL(fileURLWithPath: outputPath)
        if url.pathExtension.lowercased() == "zip" {
            let work = FileManager.default.temporaryDirectory
                .appendingPathComponent("fathom-simulate-\(UUID().uuidString)", isDirectory: true)
            defer { try? FileManager.default.removeItem(at: work) }
            try simulation.writeZip(to: url, workingDirectory: work)
        } else {
            try simulation.write(to: url)
        }
        output.line(
            "simulated \(simulation.frameCount) frames (\(String(format: "%.2f", simulation.duration)) s) of \(source), seed \(seed)"
        )
        output.line("labels: \(simulation.labels.count), landmarks: \(simulation.featureSimulator.landmarks.count)")
        output.line("wrote \(outputPath)")
    }
}
