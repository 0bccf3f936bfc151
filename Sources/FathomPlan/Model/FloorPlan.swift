import Foundation

/// A floor plan in the `fathom-floorplan` format, version 1 (see `docs/floorplan-v1.md`).
///
/// Coordinates are the scan's world x and z in metres (y is up); every 2D point is `[x, z]`.
/// Heights (`floorY`, `ceilingHeight`, wall heights, opening bottoms and tops) are metres.
/// The plan stays in world coordinates; `trueNorthDegrees`, when known, lets drawings rotate
/// so that north is up.
public struct FloorPlan: Sendable, Equatable {
    /// The format marker written in every plan file.
    public static let formatName = "fathom-floorplan"
    /// The format version this type writes and the highest it reads.
    public static let formatVersion = 1

    /// World y of the floor, metres.
    public var floorY: Double
    /// Distance from the floor to the ceiling, metres.
    public var ceilingHeight: Double
    /// Wall segments.
    public var walls: [FloorPlanWall]
    /// Doors, windows and open passages, each in one wall.
    public var openings: [FloorPlanOpening]
    /// Closed rooms.
    public var rooms: [FloorPlanRoom]
    /// Furniture and fixtures as oriented boxes on the floor (empty when none were found).
    public var objects: [FloorPlanObject]
    /// Heading of the world −Z axis, degrees clockwise from true north, when the scan recorded it.
    public var trueNorthDegrees: Double?

    /// Creates a plan.
    public init(
        floorY: Double, ceilingHeight: Double, walls: [FloorPlanWall] = [], openings: [FloorPlanOpening] = [],
        rooms: [FloorPlanRoom] = [], objects: [FloorPlanObject] = [], trueNorthDegrees: Double? = nil
    ) {
        self.floorY = floorY
        self.ceilingHeight = ceilingHeight
        self.walls = walls
        self.openings = openings
        self.rooms = rooms
        self.objects = objects
        self.trueNorthDegrees = trueNorthDegrees
    }

    /// The wall with this identifier, if any.
    public func wall(id: String) -> FloorPlanWall? { walls.first { $0.id == id } }
}
