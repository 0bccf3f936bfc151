import FathomPlan
import Foundation

/// A RoomPlan `CapturedRoom` JSON file as decoded for import: the surfaces (FathomPlan's
/// `RoomPlanSurface`, shared with the export), objects and sections.
struct RoomPlanDocument: Decodable {
    var version: Int
    var walls: [RoomPlanSurface]
    var doors: [RoomPlanSurface]
    var windows: [RoomPlanSurface]
    var openings: [RoomPlanSurface]
    var floors: [RoomPlanSurface]
    var objects: [RoomPlanObjectRecord]
    var sections: [RoomPlanSection]

    private enum Keys: String, CodingKey { case version, walls, doors, windows, openings, floors, objects, sections }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        version = try c.decode(Int.self, forKey: .version)
        walls = try c.decode([RoomPlanSurface].self, forKey: .walls)
        doors = try c.decodeIfPresent([RoomPlanSurface].self, forKey: .doors) ?? []
        windows = try c.decodeIfPresent([RoomPlanSurface].self, forKey: .windows) ?? []
        openings = try c.decodeIfPresent([RoomPlanSurface].self, forKey: .openings) ?? []
        floors = try c.decodeIfPresent([RoomPlanSurface].self, forKey: .floors) ?? []
        objects = try c.decodeIfPresent([RoomPlanObjectRecord].self, forKey: .objects) ?? []
        sections = try c.decodeIfPresent([RoomPlanSection].self, forKey: .sections) ?? []
    }
}
