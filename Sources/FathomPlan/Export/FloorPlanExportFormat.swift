/// A file format a floor plan can be exported to.
public enum FloorPlanExportFormat: String, Sendable, CaseIterable {
    /// An SVG architectural drawing (see `FloorPlanSVG`).
    case svg
    /// A DXF R12 ASCII drawing with layers WALLS, OPENINGS, ROOMS, TEXT and DIMENSIONS (see `FloorPlanDXF`).
    case dxf
    /// A USD text scene (see `FloorPlanUSD`).
    case usda
    /// The USD scene packed as a USDZ archive (see `FloorPlanUSD` and `USDZArchive`).
    case usdz
    /// A JSON file shaped like RoomPlan's `CapturedRoom` (see `RoomPlanExport`).
    case roomPlanJSON

    /// The usual file name extension: `svg`, `dxf`, `usda`, `usdz`, and `json` for RoomPlan JSON.
    public var fileExtension: String { self == .roomPlanJSON ? "json" : rawValue }

    /// The format written for a file name's extension (`svg`, `dxf`, `usda`, `usdz`; any case), or
    /// nil. RoomPlan JSON is never chosen from `.json`, which `plan.json` itself uses: ask for it.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "svg": self = .svg
        case "dxf": self = .dxf
        case "usda": self = .usda
        case "usdz": self = .usdz
        default: return nil
        }
    }
}
