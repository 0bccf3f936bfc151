import ArgumentParser
import Fathom
import Foundation

/// `fathom import`: a capture made by another app → a scan package (or, from RoomPlan, a floor plan).
public struct ImportCommand: OutputtingCommand {
    /// The command's name, abstract and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import another app's capture: Stray Scanner, Record3D, ARKitScenes, ARKit-Data-Logger, RoomPlan.",
        discussion: """
            A capture folder becomes a scan package v1 (a .zip when OUTPUT ends in .zip), so every command \
            works on it; camera axes, units and intrinsics are converted to the package's (ARKit's) \
            conventions. A RoomPlan CapturedRoom JSON becomes a floor plan (plan.json). With --format auto \
            the layout is recognised from the files present. See docs/import/.
            """)

    /// The capture folder, or a RoomPlan JSON file.
    @Argument(help: "The capture folder (or a RoomPlan CapturedRoom .json file).")
    public var source: String

    /// Where to write the package (or plan).
    @Option(name: .shortAndLong, help: "Output scan package (directory, or .zip), or plan.json for RoomPlan.")
    public var output: String

    /// The capture's format.
    @Option(help: "auto, stray, record3d, arkitscenes, arkit-logger or roomplan.")
    public var format: String = "auto"

    /// Keep every K-th frame.
    @Option(help: "Keep every K-th frame (and the last).")
    public var every: Int = 1

    /// Skip colour frames.
    @Flag(name: .customLong("no-color"), help: "Do not import colour frames.")
    public var noColor = false

    /// An SVG drawing of an imported RoomPlan plan.
    @Option(name: .customLong("svg"), help: "RoomPlan: also write an SVG drawing.")
    public var svg: String?

    /// A DXF drawing of an imported RoomPlan plan.
    @Option(name: .customLong("dxf"), help: "RoomPlan: also write a DXF R12 drawing.")
    public var dxf: String?

    /// A USD model of an imported RoomPlan plan.
    @Option(name: .customLong("usdz"), help: "RoomPlan: also write a 3D model (.usdz or .usda).")
    public var usdz: String?

    /// Creates the command (ArgumentParser fills in the options).
    public init() {}

    /// Checks `--every`, `--format` and `--usdz`.
    public func validate() throws {
        guard every >= 1 else { throw ValidationError("--every must be at least 1") }
        guard format == "auto" || ImportFormat(rawValue: format) != nil else {
            throw ValidationError("--format must be auto or one of \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let usdz {
            let f = FloorPlanExportFormat(pathExtension: URL(fileURLWithPath: usdz).pathExtension)
            guard f == .usdz || f == .usda else { throw ValidationError("--usdz must name a .usdz or .usda file") }
        }
    }

    /// Imports SOURCE and reports the format found, the counts, the notes and the warnings.
    public func run(output out: CommandOutput) throws {
        let sourceURL = URL(fileURLWithPath: source)
        let outputURL = URL(fileURLWithPath: output)
        let given = ImportFormat(rawValue: format)
        let found = try given ?? CaptureImport.detectFormat(of: sourceURL)
        out.line("format: \(found.rawValue)\(given == nil ? " (recognised)" : "")")
        if found == .roomplan {
            try importRoomPlan(sourceURL, to: outputURL, out: out)
            return
        }
        if svg != nil || dxf != nil || usdz != nil {
            throw ValidationError("--svg, --dxf and --usdz apply to RoomPlan imports only")
        }
        let progress = ProgressReporter()
        let report = try CaptureImport.importScan(
            from: sourceURL, to: outputURL, options: ImportOptions(format: found, every: every, includeColor: !noColor)
        ) { p in progress.update("import", fraction: p.fraction) }
        out.line(
            "frames: \(report.frameCount), depth: \(report.depthFrameCount), colour: \(report.colorFrameCount)"
                + (report.featurePointCount > 0 ? ", feature points: \(report.featurePointCount)" : ""))
        for note in report.notes { out.line("note: \(note)") }
        printWarnings(report.warnings, out: out)
        out.line("wrote \(output)")
    }

    private func printWarnings(_ warnings: [String], out: CommandOutput) {
        let shown = 20
        for w in warnings.prefix(shown) { out.line("warning: \(w)") }
        if warnings.count > shown { out.line("warning: … and \(warnings.count - shown) more (see scan.log)") }
    }

    private func importRoomPlan(_ source: URL, to output: URL, out: CommandOutput) throws {
        let result = try RoomPlanImporter.importPlan(from: source)
        let plan = result.plan
        do { try plan.write(to: output) } catch {
            throw FloorPlanError(file: output.path, problem: "cannot write the plan (\(error))")
        }
        var written = [self.output]
        let exports: [(String?, FloorPlanExportFormat?)] = [
            (svg, .svg), (dxf, .dxf), (usdz, usdz.flatMap { FloorPlanExportFormat(pathExtension: URL(fileURLWithPath: $0).pathExtension) }),
        ]
        for case let (path?, f?) in exports {
            try FloorPlanExport.write(plan, format: f, to: URL(fileURLWithPath: path))
            written.append(path)
        }
        let length = plan.walls.reduce(0) { $0 + $1.length }
        let kinds = FloorPlanOpening.Kind.allCases.map { k in (k, plan.openings.filter { $0.kind == k }.count) }
            .filter { $0.1 > 0 }.map { "\($0.1) \($0.0.rawValue)\($0.1 == 1 ? "" : "s")" }
        out.line(
            String(format: "plan: %d walls (%.2f m), %d openings", plan.walls.count, length, plan.openings.count)
                + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))") + ", \(plan.objects.count) objects, \(plan.rooms.count) rooms")
        for room in plan.rooms {
            out.line(String(format: "room %@ %@: %.2f m², perimeter %.2f m", room.id, room.label.map { "\"\($0)\"" } ?? "(unnamed)", room.area, room.perimeter))
        }
        for note in result.notes { out.line("note: \(note)") }
        printWarnings(result.warnings, out: out)
        out.line("wrote \(written.joined(separator: ", "))")
    }
}
