@testable import FathomPlan
import FathomCore
import Testing

/// A wardrobe in an alcove (the scene of `SeenPastTests`): its front at z = −2.4 (x −0.6…0.6, top
/// 1.9 m), in line with a chimney breast's front (x 0.6…2.4, up to the 2.5 m ceiling), the alcove's
/// back wall 0.6 m behind (z = −3), the room's left wall at x = −0.6, its right wall at x = 2.4 and
/// its front wall at z = 1. The room closes at the wall behind the wardrobe, not at its front: the
/// back wall seen above the wardrobe's top, or the left wall seen running on past the front's line.
@Suite struct HiddenWallTests {
    static let front = Double(SeenPastTests.frontZ)
    static let back = Double(SeenPastTests.wallZ)
    static let edge = Double(SeenPastTests.frontHalfWidth)
    static let breastEnd = Double(SeenPastTests.chimneyEnd)
    static let ceiling = Double(SeenPastTests.ceiling)
    /// Exact areas: the room before the breast and the wardrobe, and the alcove behind the front, m².
    static let roomArea = (breastEnd + edge) * (1 - front)
    static let alcoveArea = 2 * edge * (front - back)
    /// Tolerances: a hidden wall from exact points is within 1 cm; the outline's area within 0.5 %.
    static let positionTolerance = 0.01
    static let areaTolerance = 0.005

    /// The points: the wardrobe's front to its top, the breast's front, and (when `seenAbove`) the
    /// back wall above the wardrobe's top only (all that the cameras see of it).
    static func grid(seenAbove: Bool) -> PlanPointGrid {
        let top = Double(SeenPastTests.frontTop)
        var parts = [
            ObjectBackFillTests.wall(z: front, from: -edge, to: edge) { _ in 0.05...top },
            ObjectBackFillTests.wall(z: front, from: edge + 0.02, to: breastEnd) { _ in 0.05...2.45 },
            ObjectBackFillTests.wall(x: -edge, from: front, to: 1) { _ in 0.05...2.45 },
        ]
        if seenAbove { parts.append(ObjectBackFillTests.wall(z: back, from: -edge, to: edge) { _ in 2.0...2.45 }) }
        return PlanPointGrid(
            positions: parts.flatMap(\.positions), heights: parts.flatMap(\.heights),
            cellSize: FloorPlanExtractor.pointGridCellSize)
    }

    /// The room's faces: the wardrobe's front (a piece's front standing for the hidden wall), the
    /// breast, the left wall seen from `leftSeenFrom` (z) to the front wall, the right and front walls.
    static func faces(leftSeenFrom: Double) -> [WallFace] {
        var piece = FurnitureFrontTests.face(x0: -edge, x1: edge, z: front)
        piece.isFurnitureFront = true
        var left = FurnitureFrontTests.side(x: -edge, z0: leftSeenFrom, z1: 1)
        left.side = -1
        var right = FurnitureFrontTests.side(x: breastEnd, z0: front, z1: 1)
        right.side = 1
        var near = FurnitureFrontTests.face(x0: -edge, x1: breastEnd, z: 1)
        near.side = -1
        return [piece, FurnitureFrontTests.face(x0: edge, x1: breastEnd, z: front), left, right, near]
    }

    /// The room closed by `faces` holds the alcove behind the piece: its area is the room's and the
    /// alcove's together, within `areaTolerance`.
    static func expectRoomWithAlcove(_ faces: [WallFace]) throws {
        let area = try roomArea(faces)
        let truth = roomArea + alcoveArea
        #expect(abs(area - truth) <= areaTolerance * truth, "area \(area) for \(truth)")
    }

    static func roomArea(_ faces: [WallFace]) throws -> Double {
        let rooms = FloorPlanExtractor().findRooms(faces: faces, cameras: Array(repeating: SIMD2(1, 0), count: 20))
        let room = try #require(rooms.count == 1 ? rooms.first : nil)
        return abs(FloorPlanGeometry.signedArea(room.polygon))
    }

    /// The back wall seen above the wardrobe's top: the front moves back onto it, the left wall
    /// runs on to it, and the breast's hidden side closes the alcove. The room takes the alcove in.
    @Test func theRoomClosesAtTheWallSeenAboveThePiece() throws {
        let extractor = FloorPlanExtractor()
        let faces = Self.faces(leftSeenFrom: Self.front)
        #expect(abs(try Self.roomArea(faces) - Self.roomArea) <= Self.areaTolerance * Self.roomArea)
        let closed = extractor.closingBehindFurnitureFronts(faces, grid: Self.grid(seenAbove: true), ceilingHeight: Self.ceiling)
        #expect(closed.count == faces.count + 1)
        let hidden = closed[0]
        #expect(hidden.isHiddenWall && !hidden.isFurnitureFront)
        #expect(abs(hidden.start.y - Self.back) <= Self.positionTolerance && abs(hidden.end.y - Self.back) <= Self.positionTolerance)
        #expect(abs(hidden.start.x + Self.edge) < 1e-9 && abs(hidden.end.x - Self.edge) < 1e-9)
        // The left wall runs on to the hidden wall.
        #expect(abs(closed[2].t0 - hidden.start.y) < 1e-9)
        #expect(closed[2].t1 == 1)
        // The breast's hidden side: from the front's end back to the wall, on x = 0.6.
        let side = try #require(closed.last)
        #expect(side.isHiddenWall && side.isInferred)
        #expect(abs(side.start.x - Self.edge) < 1e-9 && abs(side.end.x - Self.edge) < 1e-9)
        #expect(abs(side.start.y - Self.front) < 1e-9 && abs(side.end.y - hidden.start.y) < 1e-9)
        // Its seen side faces the alcove (x < 0.6).
        #expect(side.observedNormal.x < 0)
        try Self.expectRoomWithAlcove(closed)
    }

    /// Nothing seen above the piece, but the left wall seen running on to z = −3 past the front's
    /// line: the room goes on to where the side wall was last seen.
    @Test func theRoomClosesWhereTheSideWallWasLastSeen() throws {
        let extractor = FloorPlanExtractor()
        let faces = Self.faces(leftSeenFrom: Self.back)
        let closed = extractor.closingBehindFurnitureFronts(faces, grid: Self.grid(seenAbove: false), ceilingHeight: Self.ceiling)
        #expect(closed[0].isHiddenWall)
        #expect(abs(closed[0].start.y - Self.back) < 1e-9)
        try Self.expectRoomWithAlcove(closed)
    }

    /// Nothing seen behind the front (no points above its top, the side wall stopping at its line):
    /// the front stays the room's limit, unchanged. A wall's front (not a piece) is never moved.
    @Test func withoutEvidenceTheFrontStays() throws {
        let extractor = FloorPlanExtractor()
        let faces = Self.faces(leftSeenFrom: Self.front)
        let kept = extractor.closingBehindFurnitureFronts(faces, grid: Self.grid(seenAbove: false), ceilingHeight: Self.ceiling)
        #expect(kept.count == faces.count)
        #expect(kept[0].isFurnitureFront && !kept[0].isHiddenWall)
        #expect(abs(kept[0].start.y - Self.front) < 1e-9)
        var walls = faces
        walls[0].isFurnitureFront = false
        let unmoved = extractor.closingBehindFurnitureFronts(walls, grid: Self.grid(seenAbove: true), ceilingHeight: Self.ceiling)
        #expect(unmoved.count == faces.count && !unmoved[0].isHiddenWall)
        #expect(abs(unmoved[0].start.y - Self.front) < 1e-9)
    }
}
