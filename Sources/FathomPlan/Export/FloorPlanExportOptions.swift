/// Settings of the floor plan exports, one value for all formats, with documented defaults.
public struct FloorPlanExportOptions: Sendable, Equatable {
    /// Thickness drawn for walls whose thickness is unknown (`null`), metres; drawn on the side
    /// away from the rooms, since such a wall's line is its seen face. Default 0.1.
    public var defaultWallThickness: Double
    /// SVG scale, user units (pixels) per metre. Default 100.
    public var svgPixelsPerMetre: Double
    /// Free space around the SVG drawing for dimensions, metres. Default 1.0.
    public var svgMargin: Double
    /// Rotate the SVG so that true north is up when the plan knows it. Default true.
    public var rotateToNorth: Bool
    /// Height of room names and areas in the DXF, metres. Default 0.2.
    public var dxfTextHeight: Double
    /// Distance from a wall's outer face to its dimension line (SVG and DXF), metres. Default 0.35.
    public var dimensionOffset: Double

    /// Creates options; every argument has the default documented on its property.
    /// - Precondition: lengths and the scale are positive and finite.
    public init(
        defaultWallThickness: Double = 0.1, svgPixelsPerMetre: Double = 100, svgMargin: Double = 1.0,
        rotateToNorth: Bool = true, dxfTextHeight: Double = 0.2, dimensionOffset: Double = 0.35
    ) {
        for (name, value) in [
            ("defaultWallThickness", defaultWallThickness), ("svgPixelsPerMetre", svgPixelsPerMetre),
            ("svgMargin", svgMargin), ("dxfTextHeight", dxfTextHeight), ("dimensionOffset", dimensionOffset),
        ] {
            precondition(value.isFinite && value > 0, "FloorPlanExportOptions.\(name) must be > 0, got \(value)")
        }
        self.defaultWallThickness = defaultWallThickness
        self.svgPixelsPerMetre = svgPixelsPerMetre
        self.svgMargin = svgMargin
        self.rotateToNorth = rotateToNorth
        self.dxfTextHeight = dxfTextHeight
        self.dimensionOffset = dimensionOffset
    }
}
