import FathomCore

/// Settings of `FloorPlanExtractor`, each with its default. Lengths are metres, heights are metres
/// above the floor unless said otherwise.
public struct FloorPlanExtractionConfiguration: Sendable, Hashable {
    /// The most depth frames fused; longer scans are subsampled evenly. Default 450.
    public var maximumFusedFrames: Int
    /// Voxel edge of the fused world cloud, metres. Default 0.02.
    public var voxelSize: Float
    /// The lowest depth confidence fused. Default `.medium`.
    public var minimumConfidence: ConfidenceLevel
    /// Depth samples farther than this are not fused, metres. Default 4.
    public var maximumDepthDistance: Float
    /// Edge of the 2D cells whose vertical coverage marks walls, metres. Default 0.03.
    public var wallCellSize: Double
    /// Height band (above the floor) where walls are sought; doors and windows leave it empty, furniture
    /// stays below it. Default 1.0…1.8 m.
    public var wallBand: ClosedRange<Double>
    /// Fraction of the wall band's 10 cm bins a cell must fill to count as wall. Default 0.6.
    public var minimumWallBandCoverage: Double
    /// Distance of a cell or point from a wall line that still counts as on the wall, metres. Default 0.03.
    public var wallInlierDistance: Double
    /// Shortest wall kept, metres. Default 0.4.
    public var minimumWallLength: Double
    /// Longest gap in a wall's cells bridged inside one wall (openings are gaps), metres. Default 2.2.
    public var maximumWallGap: Double
    /// Line hypotheses drawn per wall search. Default 300.
    public var ransacIterations: Int
    /// Seed of the line sampling. Default 1.
    public var seed: UInt64
    /// Wall ends move to the intersection with another wall at most this far, metres. Default 0.5.
    public var cornerSnapDistance: Double
    /// Narrowest gap in the wall band reported as an opening, metres. Default 0.4.
    public var minimumOpeningWidth: Double
    /// Thickest wall whose two faces are paired, metres. Default 0.35.
    public var maximumWallThickness: Double
    /// Edge of the raster that separates rooms, metres. Default 0.04.
    public var roomCellSize: Double
    /// Smallest room kept, square metres. Default 1.
    public var minimumRoomArea: Double
    /// Fewest camera frames that must stand in a closed space for it to be a room. Default 10.
    public var minimumCameraFramesPerRoom: Int
    /// Whether the recorded poses are refined against the depth before fusion (frame-to-model ICP,
    /// removing slow tracking drift). Default true.
    public var refinesPoses: Bool

    /// Creates a configuration; out-of-range values are clamped to usable ones.
    public init(
        maximumFusedFrames: Int = 450, voxelSize: Float = 0.02, minimumConfidence: ConfidenceLevel = .medium,
        maximumDepthDistance: Float = 4, wallCellSize: Double = 0.03, wallBand: ClosedRange<Double> = 1.0...1.8,
        minimumWallBandCoverage: Double = 0.6, wallInlierDistance: Double = 0.03, minimumWallLength: Double = 0.4,
        maximumWallGap: Double = 2.2, ransacIterations: Int = 300, seed: UInt64 = 1, cornerSnapDistance: Double = 0.5,
        minimumOpeningWidth: Double = 0.4, maximumWallThickness: Double = 0.35, roomCellSize: Double = 0.04,
        minimumRoomArea: Double = 1, minimumCameraFramesPerRoom: Int = 10, refinesPoses: Bool = true
    ) {
        func positive(_ v: Double, _ fallback: Double) -> Double { v.isFinite && v > 0 ? v : fallback }
        self.maximumFusedFrames = max(1, maximumFusedFrames)
        self.voxelSize = voxelSize.isFinite && voxelSize > 0 ? voxelSize : 0.02
        self.minimumConfidence = minimumConfidence
        self.maximumDepthDistance = maximumDepthDistance.isFinite && maximumDepthDistance > 0 ? maximumDepthDistance : 4
        self.wallCellSize = positive(wallCellSize, 0.03)
        self.wallBand = wallBand.lowerBound.isFinite && wallBand.upperBound.isFinite ? wallBand : 1.0...1.8
        self.minimumWallBandCoverage = min(1, max(0.05, minimumWallBandCoverage.isFinite ? minimumWallBandCoverage : 0.6))
        self.wallInlierDistance = positive(wallInlierDistance, 0.03)
        self.minimumWallLength = positive(minimumWallLength, 0.4)
        self.maximumWallGap = positive(maximumWallGap, 2.2)
        self.ransacIterations = max(1, ransacIterations)
        self.seed = seed
        self.cornerSnapDistance = positive(cornerSnapDistance, 0.5)
        self.minimumOpeningWidth = positive(minimumOpeningWidth, 0.4)
        self.maximumWallThickness = positive(maximumWallThickness, 0.35)
        self.roomCellSize = positive(roomCellSize, 0.04)
        self.minimumRoomArea = positive(minimumRoomArea, 1)
        self.minimumCameraFramesPerRoom = max(1, minimumCameraFramesPerRoom)
        self.refinesPoses = refinesPoses
    }
}
