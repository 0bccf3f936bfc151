import Foundation

/// A floor plan in the shape of RoomPlan's `CapturedRoom` JSON, for apps that read Apple's format.
///
/// Keys as a `CapturedRoom` encodes them: `identifier`, `story`, `version`, `walls`, `doors`,
/// `windows`, `openings`, `floors` (arrays of `RoomPlanSurface`), `objects` (the plan's furniture as
/// `RoomPlanObject` boxes), `sections` and `referenceOriginTransform` (identity: the plan is already in world
/// coordinates). Build one with `RoomPlanExport.capturedRoom(from:)`.
public struct RoomPlanCapturedRoom: Sendable, Equatable, Encodable {
    /// The encoding version written (RoomPlan's iOS 17 files carry 2).
    public static let version = 2

    /// Unique identifier of the room.
    public var identifier: UUID
    /// Story (floor level) of the building, 0 for the scanned one.
    public var story: Int
    /// Walls.
    public var walls: [RoomPlanSurface]
    /// Doors.
    public var doors: [RoomPlanSurface]
    /// Windows.
    public var windows: [RoomPlanSurface]
    /// Open passages.
    public var openings: [RoomPlanSurface]
    /// Floors, one per room.
    public var floors: [RoomPlanSurface]
    /// Named areas, one per room.
    public var sections: [RoomPlanSection]
    /// Furniture as boxes (empty unless set).
    public var objects: [RoomPlanObject] = []

    /// Creates a captured room.
    public init(
        identifier: UUID, story: Int = 0, walls: [RoomPlanSurface], doors: [RoomPlanSurface],
        windows: [RoomPlanSurface], openings: [RoomPlanSurface], floors: [RoomPlanSurface], sections: [RoomPlanSection]
    ) {
        self.identifier = identifier
        self.story = story
        self.walls = walls
        self.doors = doors
        self.windows = windows
        self.openings = openings
        self.floors = floors
        self.sections = sections
    }

    private enum CodingKeys: String, CodingKey {
        case identifier, story, version, walls, doors, windows, openings, floors, objects, sections,
            referenceOriginTransform
    }

    /// Encodes RoomPlan's keys, with an identity reference origin.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(story, forKey: .story)
        try c.encode(Self.version, forKey: .version)
        try c.encode(walls, forKey: .walls)
        try c.encode(doors, forKey: .doors)
        try c.encode(windows, forKey: .windows)
        try c.encode(openings, forKey: .openings)
        try c.encode(floors, forKey: .floors)
        try c.encode(objects, forKey: .objects)
        try c.encode(sections, forKey: .sections)
        try c.encode([1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], forKey: .referenceOriginTransform)
    }
}
