@testable import FathomPlan
import FathomCore
import Testing

/// Tall furniture in a room's corner under a ceiling that was never seen (issue #14, session 10).
/// A room 4 m wide (x 0…4) and 3.6 m deep (z 0…3.6) with a wardrobe 0.8 m wide and 0.6 m deep in
/// its back-right corner: its front at z = 3.0 (x 3.2…4), its side at x = 3.2 (z 3.0…3.6). The back
/// wall was seen only up to the wardrobe's side (x 0…3.2), the right wall only up to its front
/// (z 0…3.0). In plan, front and side make exactly the corner of an L-shaped room's notch; what
/// tells them apart is that the side ends below the ceiling (the cameras saw past it above its
/// top, `endingBelowCeiling`), and a piece's side makes no corner of the room.
@Suite struct FurnitureCornerTests {
    /// The wardrobe's front plane (z), its side plane (x) and the walls, metres.
    static let frontZ = 3.0
    static let sideX = 3.2
    static let backZ = 3.6
    static let rightX = 4.0
    /// The wardrobe's top as its points show it (the camera never saw higher), metres.
    static let pieceTop = 1.9
    /// The walls' points reach this high (the ceiling itself was not seen), metres.
    static let wallTop = 2.45
    /// Positions match to within this, metres (corners are line intersections of exact lines).
    static let tolerance = 1e-6

    /// The walls in the order left, near, back (seen part), right (seen part), wardrobe front,
    /// wardrobe side.
    static func faces() -> [WallFace] {
        [
            FurnitureFrontTests.side(x: 0, z0: 0, z1: backZ),
            FurnitureFrontTests.face(x0: 0, x1: rightX, z: 0),
            FurnitureFrontTests.face(x0: 0, x1: sideX, z: backZ),
            FurnitureFrontTests.side(x: rightX, z0: 0, z1: frontZ),
            FurnitureFrontTests.face(x0: sideX, x1: rightX, z: frontZ),
            FurnitureFrontTests.side(x: sideX, z0: frontZ, z1: backZ),
        ]
    }

    /// The faces' points (each wall up to `wallTop`, the piece up to `pieceTop`).
    static func grid() -> PlanPointGrid {
        let parts = [
            ObjectBackFillTests.wall(x: 0, from: 0, to: backZ) { _ in 0.05...wallTop },
            ObjectBackFillTests.wall(z: 0, from: 0, to: rightX) { _ in 0.05...wallTop },
            ObjectBackFillTests.wall(z: backZ, from: 0, to: sideX) { _ in 0.05...wallTop },
            ObjectBackFillTests.wall(x: rightX, from: 0, to: frontZ) { _ in 0.05...wallTop },
            ObjectBackFillTests.wall(z: frontZ, from: sideX, to: rightX) { _ in 0.05...pieceTop },
            ObjectBackFillTests.wall(x: sideX, from: frontZ, to: backZ) { _ in 0.05...pieceTop },
        ]
        return PlanPointGrid(
            positions: parts.flatMap(\.positions), heights: parts.flatMap(\.heights),
            cellSize: FloorPlanExtractor.pointGridCellSize)
    }

    /// Where the camera stood, in plan, once per frame: each of the cameras' positions for as many
    /// frames as a room needs (`minimumCameraFramesPerRoom`).
    static func standing(_ cameras: [FloorPlanExtractor.CameraSample]) -> [SIMD2<Double>] {
        let frames = FloorPlanExtractionConfiguration().minimumCameraFramesPerRoom
        return cameras.flatMap { c in
            [SIMD2<Double>](repeating: SIMD2(Double(c.position.x), Double(c.position.z)), count: frames)
        }
    }

    /// Cameras standing in the room at 1.4 m.
    static func cameras() throws -> [FloorPlanExtractor.CameraSample] {
        try [SIMD2(1.0, 1.2), SIMD2(2.0, 1.8), SIMD2(1.5, 2.5), SIMD2(2.8, 1.0)].map { p in
            try #require(
                FloorPlanExtractor.CameraSample(
                    CameraFrame(
                        frameNumber: 0, timestamp: 0,
                        cameraTransform: RigidTransform(translation: SIMD3(Float(p.x), 1.4, Float(p.y))).matrix,
                        intrinsics: SeenPastTests.intrinsics)))
        }
    }

    /// The side ends below the ceiling: it closes neither of the front's ends, so the front ends in
    /// the open where the back wall's seen part begins — furniture. Without that knowledge both
    /// ends are closed (by the side and by the right wall), as an L-shaped room's notch is, and the
    /// front stays a wall.
    @Test func aPiecesSideClosesNoEndOfItsFront() {
        let extractor = FloorPlanExtractor()
        let faces = Self.faces()
        let depth = Self.backZ - Self.frontZ
        let below = [false, false, false, false, false, true]
        #expect(
            extractor.endsBesideWall(
                front: 4, from: Self.sideX, to: Self.rightX, wall: 2, depth: depth, faces: faces,
                endsBelowCeiling: below))
        #expect(!extractor.endsBesideWall(front: 4, from: Self.sideX, to: Self.rightX, wall: 2, depth: depth, faces: faces))
    }

    /// The whole chain: the front is taken for furniture 0.6 m before the back wall, the side leaves
    /// the walls, the back wall and the right wall run on behind the wardrobe to their corner
    /// (4, 3.6), and the room closes as the full 4 × 3.6 m rectangle, not around the piece.
    /// Without the side known to end below the ceiling, the front and the side stay walls and the
    /// room closes around the wardrobe (0.48 m² less), as before.
    @Test func theRoomClosesBehindAWardrobeInItsCorner() throws {
        let extractor = FloorPlanExtractor()
        let faces = Self.faces()
        let grid = Self.grid()
        let cameras = try Self.cameras()
        let below = [false, false, false, false, false, true]
        let (walls, sides, furniture) = extractor.separatingFurniture(
            faces, grid: grid, cameras: cameras, endsBelowCeiling: below)
        #expect(walls.count == 4)
        // The front stands 0.6 m before the back wall (the side, ending below the ceiling, is taken
        // out too, as the piece's face before the right wall).
        let front = furniture.first { abs($0.face.line.signedDistance(to: SIMD2(0, Self.frontZ))) < Self.tolerance }
        #expect(abs((front?.depth ?? 0) - (Self.backZ - Self.frontZ)) < Self.tolerance)
        let snapped = extractor.snappedFaces(walls, sides: sides, occluders: furniture).filter(extractor.isLongEnough)
        let corner = SIMD2(Self.rightX, Self.backZ)
        let ends = snapped.flatMap { [$0.start, $0.end] }
        #expect(ends.filter { FloorPlanGeometry.distance($0, corner) < Self.tolerance }.count == 2, "\(ends)")
        let rooms = extractor.findRooms(faces: snapped, cameras: Self.standing(cameras))
        try #require(rooms.count == 1)
        let area = abs(FloorPlanGeometry.signedArea(rooms[0].polygon))
        let full = Self.rightX * Self.backZ
        #expect(abs(area - full) / full < 0.01, "\(area)")

        // As before: nothing known to end below the ceiling.
        let (before, beforeSides, beforeFurniture) = extractor.separatingFurniture(faces, grid: grid, cameras: cameras)
        #expect(before.count == 6)
        #expect(beforeFurniture.isEmpty)
        let beforeRooms = extractor.findRooms(
            faces: extractor.snappedFaces(before, sides: beforeSides, occluders: []), cameras: Self.standing(cameras))
        try #require(beforeRooms.count == 1)
        let notched = full - (Self.rightX - Self.sideX) * (Self.backZ - Self.frontZ)
        #expect(abs(abs(FloorPlanGeometry.signedArea(beforeRooms[0].polygon)) - notched) / notched < 0.01)
    }

    /// A refrigerator against the right wall (x = 4) with its front at x = 3.3 (z 1.0…1.7, depth
    /// 0.7), the front found only over z 1.09…1.6 (its ends unseen): its side towards the room's
    /// back (z = 1.7, from x 3.32 to the wall) lies 10 cm beyond the front's fitted extent, yet between
    /// the front and its wall — a side of the piece, not a wall. A wall across the front that runs on
    /// into the room past the front's line (x 2.5…4) is no side.
    @Test func aSideBeyondTheFrontsFittedEndIsStillASide() {
        let extractor = FloorPlanExtractor()
        // Seen from the room (x < 3.3): the +normal side of a line along +z.
        var front = FurnitureFrontTests.side(x: 3.3, z0: 1.09, z1: 1.6)
        front.side = 1
        let occluder = FurnitureOccluder(face: front, depth: 0.7, top: 1.8)
        let side = FurnitureFrontTests.face(x0: 3.32, x1: 4.0, z: 1.7)
        // Beyond the occluder's own margin, within the fit's end margin.
        #expect(!(occluder.hides(side.start) && occluder.hides(side.end)))
        #expect(extractor.isSide(side, of: occluder))
        let wall = FurnitureFrontTests.face(x0: 2.5, x1: 4.0, z: 1.7)
        #expect(!extractor.isSide(wall, of: occluder))
        // Farther beyond the front's end than the fit's margin: not this piece's side.
        let far = FurnitureFrontTests.face(x0: 3.32, x1: 4.0, z: 1.6 + FloorPlanExtractor.fitEndMargin + 0.1)
        #expect(!extractor.isSide(far, of: occluder))
    }
}
