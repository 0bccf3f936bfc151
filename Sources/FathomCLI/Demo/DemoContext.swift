import Fathom
import Foundation

/// The state the demo's stages share: where outputs go, what each stage produced, the report.
struct DemoContext {
    /// Default scan length, seconds: long enough to walk round the demo room once.
    static let defaultDuration: Double = 16
    /// Depth comes every `depthEveryNthFrame` camera frames (3 Hz at 30 fps): keeps the demo fast in a
    /// debug build while covering the room.
    static let depthEveryNthFrame = 10
    /// A marker file that says a directory holds a demo's outputs (and may be replaced).
    static let markerName = ".fathom-demo"

    let outputDirectory: URL
    let seed: UInt64
    let duration: Double
    let output: CommandOutput
    let progress = ProgressReporter()
    var report = HTMLReport(title: "Fathom demo")
    /// One line per stage result, printed at the end.
    var summary: [String] = []
    /// Stage timings, seconds.
    var timings: [(String, Double)] = []

    // Produced by the stages.
    var simulation: ScanSimulation?
    var package: ScanPackage?
    var fusedCloud: PointCloud?
    var cameraPath: [SIMD3<Float>] = []
    /// The world map saved by the anchors stage (with the placed panes).
    var worldMap: WorldMap?

    init(outputDirectory: URL, seed: UInt64, duration: Double, output: CommandOutput) {
        self.outputDirectory = outputDirectory
        self.seed = seed
        self.duration = duration
        self.output = output
    }

    /// Makes `directory` ready for a demo: created if absent; if it exists it must be empty or hold an
    /// earlier demo (never a user's other files), whose outputs are removed.
    static func prepare(outputDirectory directory: URL) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw DemoError("\(directory.path) exists and is not a directory")
            }
            let contents = try fm.contentsOfDirectory(atPath: directory.path)
            if !contents.isEmpty {
                guard contents.contains(markerName) else {
                    throw DemoError(
                        "\(directory.path) is not empty and does not hold an earlier demo; choose another --out")
                }
                for name in contents { try fm.removeItem(at: directory.appendingPathComponent(name)) }
            }
        }
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("outputs of `fathom demo`\n".utf8).write(to: directory.appendingPathComponent(markerName))
    }

    /// The URL of an output file.
    func file(_ name: String) -> URL { outputDirectory.appendingPathComponent(name) }

    /// Runs one stage, timing it and printing its name.
    mutating func stage(_ name: String, _ body: (inout DemoContext) throws -> Void) throws {
        output.line("• \(name)…")
        let t0 = Date()
        try body(&self)
        timings.append((name, Date().timeIntervalSince(t0)))
    }

    /// Writes `report.html` and prints the summary.
    mutating func writeReport() throws {
        report.section("Timings")
        report.table(
            header: ["stage", "seconds"],
            rows: timings.map { [$0.0, String(format: "%.2f", $0.1)] })
        try AtomicFile.write(Data(report.html.utf8), to: file("report.html"))
        output.line("")
        for line in summary { output.line(line) }
        output.line("report: \(file("report.html").path)")
    }

    /// Writes an image as PNG and returns its file name.
    func writePNG(_ image: RGBImage, _ name: String) throws -> String {
        try ImageFile.write(image, to: file(name))
        return name
    }
}

/// A demo that cannot run, with the reason.
struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Formats a number with a fixed number of decimals.
func fmt(_ v: Double, _ decimals: Int = 3) -> String { String(format: "%.\(decimals)f", v) }
/// Formats a number with a fixed number of decimals.
func fmt(_ v: Float, _ decimals: Int = 3) -> String { fmt(Double(v), decimals) }
