/// The figures of a floor plan extraction.
public struct FloorPlanQuality: Sendable, Equatable {
    /// Depth frames fused into the world cloud.
    public var fusedFrameCount: Int
    /// Points of the fused cloud (one per voxel).
    public var pointCount: Int
    /// Points that lie on a found wall face.
    public var wallPointCount: Int
    /// Root mean square distance of the wall points to their wall lines, metres (lower is better).
    public var wallFitRMS: Double
    /// Whether the ceiling was seen (otherwise `ceilingHeight` is the highest wall point seen).
    public var ceilingSeen: Bool
    /// Per room (same order as the plan's rooms): the fraction of its outline that lies on found
    /// walls, 0…1 (1 = closed by walls all around; the rest was closed by straight guesses).
    public var roomClosure: [Double]

    /// Creates the figures.
    public init(
        fusedFrameCount: Int = 0, pointCount: Int = 0, wallPointCount: Int = 0, wallFitRMS: Double = 0,
        ceilingSeen: Bool = false, roomClosure: [Double] = []
    ) {
        self.fusedFrameCount = fusedFrameCount
        self.pointCount = pointCount
        self.wallPointCount = wallPointCount
        self.wallFitRMS = wallFitRMS
        self.ceilingSeen = ceilingSeen
        self.roomClosure = roomClosure
    }
}
