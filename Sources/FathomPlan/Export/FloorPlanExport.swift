import FathomIO
import Foundation

/// One entry point for every floor plan export: `try FloorPlanExport.write(plan, format: .svg, to: url)`.
///
/// The formats and their conventions are described on `FloorPlanSVG`, `FloorPlanDXF`,
/// `FloorPlanUSD`, `USDZArchive` and `RoomPlanExport`; `docs/floorplan-v1.md` summarises them.
public enum FloorPlanExport {
    /// The bytes of `plan` in `format`.
    /// - Throws: `FloorPlanError` when the plan fails `FloorPlan.validateForExport()`.
    public static func data(
        _ plan: FloorPlan, format: FloorPlanExportFormat, options: FloorPlanExportOptions = .init()
    ) throws -> Data {
        switch format {
        case .svg: return Data(try FloorPlanSVG.document(plan, options: options).utf8)
        case .dxf: return try FloorPlanDXF.data(plan, options: options)
        case .usda: return Data(try FloorPlanUSD.usda(plan, options: options).utf8)
        case .usdz: return try FloorPlanUSD.usdz(plan, options: options)
        case .roomPlanJSON: return try RoomPlanExport.jsonData(plan)
        }
    }

    /// Writes `plan` in `format` to `url` atomically (temporary file, then rename).
    /// - Throws: `FloorPlanError` naming the file when the plan cannot be exported;
    ///   `FileWriteError` when the file cannot be written.
    public static func write(
        _ plan: FloorPlan, format: FloorPlanExportFormat, to url: URL, options: FloorPlanExportOptions = .init()
    ) throws {
        let bytes: Data
        do { bytes = try data(plan, format: format, options: options) } catch let error as FloorPlanError {
            throw FloorPlanError(file: url.path, problem: error.problem)
        }
        try AtomicFile.write(bytes, to: url)
    }

    /// Writes `plan` to `url` in the format its extension names (`svg`, `dxf`, `usda`, `usdz`).
    /// - Throws: `FloorPlanError` for an unknown extension or a plan that cannot be exported;
    ///   `FileWriteError` when the file cannot be written.
    public static func write(_ plan: FloorPlan, to url: URL, options: FloorPlanExportOptions = .init()) throws {
        guard let format = FloorPlanExportFormat(pathExtension: url.pathExtension) else {
            throw FloorPlanError(
                file: url.path, problem: "unknown export format \".\(url.pathExtension)\" (use .svg, .dxf, .usda or .usdz)")
        }
        try write(plan, format: format, to: url, options: options)
    }
}
