@testable import FathomPlan
import FathomCore
import Testing

/// A line found along a wardrobe's front and a chimney breast's front beside it, in line (the scene
/// of `SeenPastTests`, ray-cast exactly: the wardrobe x −0.6…0.6 with its top at 1.9 m, the breast
/// x 0.6…2.4 up to the 2.5 m ceiling, both at z = −2.4, the back wall 0.6 m behind): the stretch
/// the cameras saw past above its lower top is a piece's front and is cut out of the line; the
/// breast's stretch stays a wall. A wall alone on its line (every station up to the ceiling) is
/// not cut.
@Suite struct FurniturePieceTests {
    /// The points of the line: the wardrobe's front up to its top, the breast's up to 2.45 m.
    static func grid() -> PlanPointGrid {
        let z = Double(SeenPastTests.frontZ)
        let edge = Double(SeenPastTests.frontHalfWidth)
        let parts = [
            ObjectBackFillTests.wall(z: z, from: -edge, to: edge) { _ in 0.05...Double(SeenPastTests.frontTop) },
            ObjectBackFillTests.wall(z: z, from: edge + 0.02, to: Double(SeenPastTests.chimneyEnd)) { _ in 0.05...2.45 },
        ]
        return PlanPointGrid(
            positions: parts.flatMap(\.positions), heights: parts.flatMap(\.heights),
            cellSize: FloorPlanExtractor.pointGridCellSize)
    }

    @Test func aWardrobeIsCutOutOfTheBreastsLine() throws {
        let extractor = FloorPlanExtractor()
        let views = try SeenPastTests.views()
        let z = Double(SeenPastTests.frontZ)
        let edge = Double(SeenPastTests.frontHalfWidth)
        let ceiling = Double(SeenPastTests.ceiling)
        let line = FurnitureFrontTests.face(x0: -edge, x1: Double(SeenPastTests.chimneyEnd), z: z)
        let (faces, below) = extractor.splittingAtFurniturePieces(
            [line], grid: Self.grid(), floorY: 0, ceilingHeight: ceiling, fitHeight: ceiling, views: views)
        #expect(faces.count == 2)
        #expect(below == [true, false])
        let piece = try #require(faces.first)
        let wall = try #require(faces.last)
        #expect(piece.isFurnitureFront)
        #expect(!wall.isFurnitureFront)
        // The cut lies at the wardrobe's edge, within the stations whose top window reaches the
        // breast (a station either side) and one station more.
        let reach = FloorPlanExtractor.supportStation * Double(FloorPlanExtractor.localTopStations + 2)
        let cut = max(piece.start.x, piece.end.x)
        #expect(abs(cut - edge) <= reach, "cut at x = \(cut)")
        #expect(abs(min(wall.start.x, wall.end.x) - cut) < 1e-9)
        // The pieces cover the line from end to end and stay on it (refitted on exact points).
        #expect(abs(min(piece.start.x, piece.end.x) + edge) < 1e-9)
        #expect(abs(max(wall.start.x, wall.end.x) - Double(SeenPastTests.chimneyEnd)) < 1e-9)
        for face in faces {
            #expect(abs(face.line.signedDistance(to: SIMD2(0, z))) < 0.005)
        }
    }

    /// The back wall (z = −3), every station up to 2.45 m: nothing open above it, nothing cut. The
    /// wardrobe's front alone is open over all of it: it comes back whole, ending below the ceiling.
    @Test func aWallAloneOrAPieceAloneIsNotCut() throws {
        let extractor = FloorPlanExtractor()
        let views = try SeenPastTests.views()
        let ceiling = Double(SeenPastTests.ceiling)
        let wallZ = Double(SeenPastTests.wallZ)
        let edge = Double(SeenPastTests.frontHalfWidth)
        let wallPoints = ObjectBackFillTests.wall(z: wallZ, from: -1.2, to: 1.2) { _ in 0.05...2.45 }
        let wallGrid = PlanPointGrid(
            positions: wallPoints.positions, heights: wallPoints.heights, cellSize: FloorPlanExtractor.pointGridCellSize)
        let wall = FurnitureFrontTests.face(x0: -1.2, x1: 1.2, z: wallZ)
        let kept = extractor.splittingAtFurniturePieces(
            [wall], grid: wallGrid, floorY: 0, ceilingHeight: ceiling, fitHeight: ceiling, views: views)
        #expect(kept.faces.count == 1)
        #expect(kept.endsBelowCeiling == [false])
        #expect(!kept.faces[0].isFurnitureFront)
        #expect(kept.faces[0].t0 == wall.t0 && kept.faces[0].t1 == wall.t1)

        let front = FurnitureFrontTests.face(x0: -edge, x1: edge, z: Double(SeenPastTests.frontZ))
        let whole = extractor.splittingAtFurniturePieces(
            [front], grid: Self.grid(), floorY: 0, ceilingHeight: ceiling, fitHeight: ceiling, views: views)
        #expect(whole.faces.count == 1)
        #expect(whole.endsBelowCeiling == [true])
        #expect(!whole.faces[0].isFurnitureFront)
        // Without views nothing is known and nothing is cut.
        let blind = extractor.splittingAtFurniturePieces(
            [front], grid: Self.grid(), floorY: 0, ceilingHeight: ceiling, fitHeight: ceiling, views: [])
        #expect(blind.faces.count == 1 && blind.endsBelowCeiling == [false])
    }
}
