import ArgumentParser
import Fathom
import Foundation

/// `fathom demo`: the main job on the embedded default scene.
///
/// Simulates a short LiDAR room scan with a few objects (a ball on the floor, a pipe, a cone, a ring
/// on a table), writes it as a scan package, reads it back, and runs every stage on it: the scan
/// monitor, the point sources, the surface finder, the floor plan, hand touch, persistent anchors with thin-film panes, and relocalization of a second session. Writes its outputs and an HTML
/// report to `--out` and prints a short summary.
struct DemoCommand: OutputtingCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run every stage on a simulated room scan and write an HTML report.")

    @Option(name: .long, help: "Output directory (replaced if it holds an earlier demo).")
    var out: String = "fathom-demo"

    @Option(name: .long, help: "Seed of every random choice.")
    var seed: UInt64 = 42

    @Option(name: .long, help: "Scan duration, seconds.")
    var duration: Double = DemoContext.defaultDuration

    func validate() throws {
        guard duration.isFinite, duration >= 2, duration <= 120 else {
            throw ValidationError("--duration must be between 2 and 120 seconds")
        }
    }

    func run(output: CommandOutput) throws {
        let outURL = URL(fileURLWithPath: out, isDirectory: true)
        try DemoContext.prepare(outputDirectory: outURL)
        var context = DemoContext(outputDirectory: outURL, seed: seed, duration: duration, output: output)
        try context.stage("simulate and record") { try $0.simulateAndRecord() }
        try context.stage("scan monitor") { try $0.checkScan() }
        try context.stage("point sources") { try $0.pointSources() }
        try context.stage("surface finder") { try $0.findSurfaces() }
        try context.stage("floor plan") { try $0.floorPlan() }
        try context.stage("hand touch") { try $0.handTouch() }
        try context.stage("anchors and thin film") { try $0.anchors() }
        try context.stage("relocalization") { try $0.relocalize() }
        try context.writeReport()
    }
}
