import Foundation

/// Converts a floor plan to RoomPlan's `CapturedRoom` JSON shape (`captured-room.json`).
///
/// Followed from Apple's public RoomPlan documentation (`CapturedRoom`, `CapturedRoom.Surface`,
/// `CapturedRoom.Section`) and the key layout of files apps exchange; see `docs/floorplan-v1.md`.
/// - Walls: one surface per wall; the local frame has x along the wall (start → end), y up and
///   z = x × y across it; its origin is the wall's centre at half height; `dimensions` are
///   `[length, height, thickness or 0]`; `polygonCorners` the four corners of the wall's face.
///   Confidence `high` when both faces were seen (thickness known), else `medium`.
/// - Doors, windows and openings: same axes as their wall, centred on the opening (between
///   `bottom` and `top`), `dimensions` `[width, top − bottom, wall thickness or 0]`,
///   `parentIdentifier` the wall's identifier. Doors are `isOpen: true`: the plan finds doors as
///   gaps in the wall, which only open doors (or doorless frames) leave.
/// - Floors: one per room; the local frame is x = world x, y = world −z, z = world y (up), origin
///   at the centre of the room's bounding box on the floor; `polygonCorners` the room outline in
///   that frame (`[x, y, 0]`), `dimensions` `[extent along x, extent along z, 0]`.
/// - Objects: one `RoomPlanObject` box per plan object (local x along its footprint's first side).
/// - Sections: one per room at its label point, labelled with RoomPlan's closest label.
/// - Identifiers are name-based (RFC 9562 version 8) from the plan's content and element ids, so
///   the same plan always gives the same file.
public enum RoomPlanExport {
    /// The captured-room value of `plan`.
    /// - Throws: `FloorPlanError` when the plan fails `validateForExport()`.
    public static func capturedRoom(from plan: FloorPlan) throws -> RoomPlanCapturedRoom {
        try plan.validateForExport()
        let planKey = String(fnv1a(Array((try? plan.jsonData()) ?? Data()), seed: 0), radix: 16)
        func id(_ kind: String, _ name: String) -> UUID { identifier(for: "\(planKey)/\(kind)/\(name)") }
        var wallsById: [String: (wall: FloorPlanWall, id: UUID)] = [:]
        let walls = plan.walls.map { wall -> RoomPlanSurface in
            let identifier = id("wall", wall.id)
            wallsById[wall.id] = (wall, identifier)
            let length = wall.length
            let centre = (wall.start + wall.end) / 2
            let (hl, hh) = (length / 2, wall.height / 2)
            return RoomPlanSurface(
                identifier: identifier, category: .wall, confidence: wall.thickness == nil ? .medium : .high,
                dimensions: SIMD3(length, wall.height, wall.thickness ?? 0),
                transform: wallTransform(wall, centre: SIMD3(centre.x, plan.floorY + hh, centre.y)),
                polygonCorners: [SIMD3(-hl, -hh, 0), SIMD3(hl, -hh, 0), SIMD3(hl, hh, 0), SIMD3(-hl, hh, 0)])
        }
        var doors: [RoomPlanSurface] = [], windows: [RoomPlanSurface] = [], openings: [RoomPlanSurface] = []
        for o in plan.openings {
            guard let (wall, wallId) = wallsById[o.wallId] else { continue }
            let centre = (o.start + o.end) / 2
            let height = o.top - o.bottom
            let (hw, hh) = (o.width / 2, height / 2)
            let category: RoomPlanSurface.Category
            switch o.kind {
            case .door: category = .door(isOpen: true)
            case .window: category = .window
            case .opening: category = .opening
            }
            let surface = RoomPlanSurface(
                identifier: id("opening", o.id), parentIdentifier: wallId, category: category, confidence: .high,
                dimensions: SIMD3(o.width, height, wall.thickness ?? 0),
                transform: wallTransform(wall, centre: SIMD3(centre.x, plan.floorY + (o.bottom + o.top) / 2, centre.y)),
                polygonCorners: [SIMD3(-hw, -hh, 0), SIMD3(hw, -hh, 0), SIMD3(hw, hh, 0), SIMD3(-hw, hh, 0)])
            switch o.kind {
            case .door: doors.append(surface)
            case .window: windows.append(surface)
            case .opening: openings.append(surface)
            }
        }
        let floors = plan.rooms.map { room -> RoomPlanSurface in
            var lower = room.polygon[0], upper = room.polygon[0]
            for p in room.polygon {
                lower = pointwiseMin(lower, p)
                upper = pointwiseMax(upper, p)
            }
            let c = (lower + upper) / 2
            return RoomPlanSurface(
                identifier: id("floor", room.id), category: .floor, confidence: .high,
                dimensions: SIMD3(upper.x - lower.x, upper.y - lower.y, 0),
                transform: [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, c.x + 0, plan.floorY + 0, c.y + 0, 1],
                polygonCorners: room.polygon.map { SIMD3($0.x - c.x + 0, c.y - $0.y + 0, 0) })
        }
        let sections = zip(plan.rooms, plan.rooms.map { FloorPlanGeometry.labelPoint($0.polygon) }).map { room, p in
            RoomPlanSection(label: RoomPlanSection.label(forRoomName: room.label), center: SIMD3(p.x, plan.floorY, p.y))
        }
        var room = RoomPlanCapturedRoom(
            identifier: id("room", "captured-room"), walls: walls, doors: doors, windows: windows, openings: openings,
            floors: floors, sections: sections)
        room.objects = plan.objects.map { RoomPlanObject.box($0, floorY: plan.floorY, identifier: id("object", $0.id)) }
        return room
    }

    /// `captured-room.json` of `plan`: pretty-printed with sorted keys.
    /// - Throws: `FloorPlanError` when the plan fails `validateForExport()`.
    public static func jsonData(_ plan: FloorPlan) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(try capturedRoom(from: plan))
    }

    /// worldFromSurface for a surface in `wall`'s plane centred at `centre` (world metres),
    /// column-major: x along the wall, y up, z = x × y.
    static func wallTransform(_ wall: FloorPlanWall, centre: SIMD3<Double>) -> [Double] {
        let d = (wall.end - wall.start) / wall.length
        // `0 - 0.0` would encode as `-0`; adding +0 turns negative zeros positive.
        return [d.x, 0, d.y, 0, 0, 1, 0, 0, -d.y, 0, d.x, 0, centre.x, centre.y, centre.z, 1].map { $0 + 0 }
    }

    /// A name-based UUID (RFC 9562 version 8, custom) from two FNV-1a hashes of `name`.
    public static func identifier(for name: String) -> UUID {
        let bytes = Array(name.utf8)
        let a = fnv1a(bytes, seed: 0x9E37_79B9_7F4A_7C15), b = fnv1a(bytes, seed: 0xC2B2_AE3D_27D4_EB4F)
        var u = (0..<8).map { UInt8(truncatingIfNeeded: a >> (8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: b >> (8 * $0)) }
        u[6] = (u[6] & 0x0F) | 0x80
        u[8] = (u[8] & 0x3F) | 0x80
        return UUID(uuid: (u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]))
    }

    /// 64-bit FNV-1a of `bytes`, starting from the offset basis xor `seed`, with a final mix.
    static func fnv1a(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ seed
        for byte in bytes {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01B3
        }
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        return h ^ (h >> 33)
    }
}
