import ArgumentParser
import Fathom
import Foundation

/// `fathom plan`: a floor plan (walls, openings, rooms with names and areas) from a scan package.
public struct PlanCommand: OutputtingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Make a floor plan (plan.json) from a scan package with depth.",
        discussion: """
            Fuses the depth frames into a world cloud, finds the floor and ceiling, the walls (vertical \
            planes at any angle), their doors, windows and openings, and the closed rooms, named from the \
            scan's labels. Writes the fathom-floorplan JSON (world x, z in metres).
            """)

    /// The scan package (directory or .zip).
    @Argument(help: "The scan package (directory or .zip).")
    public var package: String

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

    /// Most depth frames fused.
    @Option(name: .customLong("max-frames"), help: "Most depth frames fused (longer scans are subsampled).")
    public var maximumFrames: Int = FloorPlanExtractionConfiguration().maximumFusedFrames

    public init() {}

    public func validate() throws {
        guard maximumFrames > 0 else { throw ValidationError("--max-frames must be positive") }
        if let usdz {
            let format = FloorPlanExportFormat(pathExtension: URL(fileURLWithPath: usdz).pathExtension)
            guard format == .usdz || format == .usda else {
                throw ValidationError("--usdz must name a .usdz or .usda file")
            }
        }
    }

    public func run(output out: CommandOutput) throws {
        let scan = try ScanPackage(url: URL(fileURLWithPath: package))
        let progress = ProgressReporter()
        let extractor = FloorPlanExtractor(
            configuration: FloorPlanExtractionConfiguration(maximumFusedFrames: maximumFrames))
        let result = try extractor.extract(package: scan) { p in
            let fraction = p.total > 0 ? Double(p.completed) / Double(p.total) : 0
            progress.update("plan: \(p.stage.rawValue)", fraction: fraction)
        }
        let plan = result.plan
        do { try plan.write(to: URL(fileURLWithPath: output)) } catch {
            throw FloorPlanError(file: output, problem: "cannot write the plan (\(error))")
        }
        let exports: [(String?, FloorPlanExportFormat?)] = [
            (svg, .svg), (dxf, .dxf), (roomPlan, .roomPlanJSON),
            (usdz, usdz.flatMap { FloorPlanExportFormat(pathExtension: URL(fileURLWithPath: $0).pathExtension) }),
        ]
        var written: [String] = []
        for case let (path?, format?) in exports {
            try FloorPlanExport.write(plan, format: format, to: URL(fileURLWithPath: path))
            written.append(path)
        }
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
        let q = result.quality
        out.line(
            String(
                format: "fused %d depth frames, %d points; walls fit %d points, rms %.1f mm", q.fusedFrameCount,
                q.pointCount, q.wallPointCount, q.wallFitRMS * 1000))
        if let north = plan.trueNorthDegrees { out.line(String(format: "true north: %.1f°", north)) }
        for message in result.messages { out.line("note: \(message)") }
        out.line("wrote \(([output] + written).joined(separator: ", "))")
    }
}
