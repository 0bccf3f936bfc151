import ArgumentParser
import Fathom
import Foundation

/// `fathom plan`: a floor plan (walls, openings, rooms with names and areas) from a scan package.
public struct PlanCommand: OutputtingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Make a floor plan (plan.json) from one scan package with depth, or one plan from several scans of a home.",
        discussion: """
            Refines the poses against the depth (tracking drift), fuses the depth frames into a world cloud, \
            finds the floor and ceiling, the walls (vertical planes at any angle; furniture standing against \
            them is told apart and the wall behind it closed), their doors, windows and openings, the closed \
            rooms, named from the scan's labels, and the furniture as boxes. Writes the fathom-floorplan JSON \
            (world x, z in metres). Given several scans (separate sessions of one home, overlapping at a \
            doorway or a shared wall), registers them into the first one's frame and writes one plan; a \
            scan that cannot be registered gets its own plan (output-2.json, …) and a note says why.
            """)

    /// The scan packages (directories or .zip); several are merged into one plan.
    @Argument(help: "The scan package(s) (directory or .zip); several scans of one home give one plan.")
    public var packages: [String]

    /// Where to write the plan.
    @Option(name: .shortAndLong, help: "Output plan (fathom-floorplan JSON).")
    public var output: String

    /// An SVG drawing of the plan.
    @Option(name: .customLong("svg"), help: "Also write an SVG drawing (walls, openings, rooms, dimensions).")
    public var svg: String?

    /// A DXF (R12) drawing of the plan.
    @Option(name: .customLong("dxf"), help: "Also write a DXF R12 drawing (layers WALLS, OPENINGS, ROOMS, TEXT).")
    public var dxf: String?

    /// A USD scene of the plan.
    @Option(name: .customLong("usdz"), help: "Also write a 3D model: .usdz (or .usda for plain text).")
    public var usdz: String?

    /// A RoomPlan-style CapturedRoom JSON.
    @Option(name: .customLong("roomplan"), help: "Also write a RoomPlan-style CapturedRoom JSON.")
    public var roomPlan: String?

    /// The refined camera poses.
    @Option(name: .customLong("poses"), help: "Also write the refined camera poses (JSON, per frame).")
    public var poses: String?

    /// Most depth frames fused.
    @Option(name: .customLong("max-frames"), help: "Most depth frames fused (longer scans are subsampled).")
    public var maximumFrames: Int = FloorPlanExtractionConfiguration().maximumFusedFrames

    public init() {}

    public func validate() throws {
        guard !packages.isEmpty else { throw ValidationError("give at least one scan package") }
        guard maximumFrames > 0 else { throw ValidationError("--max-frames must be positive") }
        if let usdz {
            let format = FloorPlanExportFormat(pathExtension: URL(fileURLWithPath: usdz).pathExtension)
            guard format == .usdz || format == .usda else {
                throw ValidationError("--usdz must name a .usdz or .usda file")
            }
        }
    }

    public func run(output out: CommandOutput) throws {
        let scans = try packages.map { try ScanPackage(url: URL(fileURLWithPath: $0)) }
        let progress = ProgressReporter()
        let extractor = FloorPlanExtractor(
            configuration: FloorPlanExtractionConfiguration(maximumFusedFrames: maximumFrames))
        let report: (FloorPlanExtractionProgress) -> Void = { p in
            let fraction = p.total > 0 ? Double(p.completed) / Double(p.total) : 0
            progress.update("plan: \(p.stage.rawValue)", fraction: fraction)
        }
        if scans.count == 1 {
            let result = try extractor.extract(package: scans[0], progress: report)
            var written = try write(result.plan, to: output, exports: true)
            if let poses {
                try write(poses: [(0, result.refinedPoses)], to: poses)
                written.append(poses)
            }
            summarize(result, output: out)
            out.line("wrote \(written.joined(separator: ", "))")
            return
        }
        let merged = try extractor.extract(packages: scans, progress: report)
        var written: [String] = []
        for (k, entry) in merged.plans.enumerated() {
            let path = k == 0 ? output : Self.numbered(output, k + 1)
            written += try write(entry.result.plan, to: path, exports: k == 0)
            let names = entry.scans.map { packages[$0.scanIndex] }
            out.line(k == 0 ? "scans \(names.joined(separator: ", ")):" : "scan \(names.joined(separator: ", ")) (not merged):")
            summarize(entry.result, output: out)
        }
        if let poses {
            try write(poses: merged.plans.flatMap { $0.scans.map { ($0.scanIndex, $0.refinedPoses) } }, to: poses)
            written.append(poses)
        }
        for message in merged.messages { out.line("note: \(message)") }
        out.line("wrote \(written.joined(separator: ", "))")
    }

    /// `path` with `-n` before its extension (`home.json` → `home-2.json`).
    static func numbered(_ path: String, _ n: Int) -> String {
        let url = URL(fileURLWithPath: path)
        let ext = url.pathExtension
        let base = url.deletingPathExtension().path
        return ext.isEmpty ? "\(base)-\(n)" : "\(base)-\(n).\(ext)"
    }

    /// Writes the plan and (when `exports`) the drawings asked for; returns the paths written.
    private func write(_ plan: FloorPlan, to path: String, exports: Bool) throws -> [String] {
        do { try plan.write(to: URL(fileURLWithPath: path)) } catch {
            throw FloorPlanError(file: path, problem: "cannot write the plan (\(error))")
        }
        guard exports else { return [path] }
        let formats: [(String?, FloorPlanExportFormat?)] = [
            (svg, .svg), (dxf, .dxf), (roomPlan, .roomPlanJSON),
            (usdz, usdz.flatMap { FloorPlanExportFormat(pathExtension: URL(fileURLWithPath: $0).pathExtension) }),
        ]
        var written = [path]
        for case let (file?, format?) in formats {
            try FloorPlanExport.write(plan, format: format, to: URL(fileURLWithPath: file))
            written.append(file)
        }
        return written
    }

    /// Writes refined poses: `{"format": "fathom-refined-poses", "version": 1, "poses": [{"scan", "frameNumber",
    /// "timestamp", "aligned", "worldFromCamera": 16 numbers column-major}]}`.
    private func write(poses: [(scan: Int, poses: [RefinedCameraPose])], to path: String) throws {
        var entries: [[String: Any]] = []
        for (scan, list) in poses {
            for pose in list {
                let m = pose.worldFromCamera.matrix.columns
                let values = [m.0, m.1, m.2, m.3].flatMap { [$0.x, $0.y, $0.z, $0.w] }.map { Double($0) }
                entries.append([
                    "scan": scan, "frameNumber": pose.frameNumber, "timestamp": pose.timestamp, "aligned": pose.isAligned,
                    "worldFromCamera": values,
                ])
            }
        }
        let object: [String: Any] = ["format": "fathom-refined-poses", "version": 1, "poses": entries]
        do {
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw FloorPlanError(file: path, problem: "cannot write the poses (\(error))")
        }
    }

    /// Prints the summary of one plan.
    private func summarize(_ result: FloorPlanResult, output out: CommandOutput) {
        let plan = result.plan
        let kinds = FloorPlanOpening.Kind.allCases.map { kind in
            (kind, plan.openings.filter { $0.kind == kind }.count)
        }.filter { $0.1 > 0 }.map { "\($0.1) \($0.0.rawValue)\($0.1 == 1 ? "" : "s")" }
        out.line(
            "plan: \(plan.walls.count) walls, \(plan.openings.count) openings"
                + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))") + ", \(plan.rooms.count) rooms")
        out.line(
            String(
                format: "floor at y = %.3f m, ceiling height %.2f m%@", plan.floorY, plan.ceilingHeight,
                result.quality.ceilingSeen ? "" : " (ceiling not seen)"))
        for room in plan.rooms {
            out.line(
                String(
                    format: "room %@ %@: %.2f m², perimeter %.2f m", room.id, room.label.map { "\"\($0)\"" } ?? "(unnamed)",
                    room.area, room.perimeter))
        }
        if !plan.objects.isEmpty {
            let counts = FloorPlanObject.Category.allCases.map { c in (c, plan.objects.filter { $0.category == c }.count) }
                .filter { $0.1 > 0 }.map { "\($0.1) \($0.0.rawValue)" }
            out.line("objects: \(plan.objects.count) (\(counts.joined(separator: ", ")))")
        }
        let q = result.quality
        out.line(
            String(
                format: "fused %d depth frames, %d points; walls fit %d points, rms %.1f mm", q.fusedFrameCount,
                q.pointCount, q.wallPointCount, q.wallFitRMS * 1000))
        if let north = plan.trueNorthDegrees { out.line(String(format: "true north: %.1f°", north)) }
        for message in result.messages { out.line("note: \(message)") }
    }
}
