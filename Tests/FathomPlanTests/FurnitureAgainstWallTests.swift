@testable import FathomPlan
import FathomCore
import Testing

/// What furniture stands against (issue #14, session 10): a wall, seen from the room, that runs on
/// behind it. Hand-made faces in a room whose cameras stand at z < 2.5 (faces along x are seen from
/// smaller z), each face's points from 5 cm up to its top.
@Suite struct FurnitureAgainstWallTests {
    /// The walls' points reach this high, metres (the ceiling was not seen).
    static let wallTop = 2.45
    /// The pieces' points reach this high, metres.
    static let pieceTop = 1.9
    /// The back wall's plane, metres.
    static let backZ = 3.6

    /// Points along each face from 5 cm up to its top, every 2 cm along and 5 cm up.
    static func grid(_ faces: [(face: WallFace, top: Double)]) -> PlanPointGrid {
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        for (face, top) in faces {
            for i in 0...Int((face.length / 0.02).rounded()) {
                let p = face.line.point(at: face.t0 + Double(i) * 0.02)
                for j in 0...Int(((top - 0.05) / 0.05).rounded()) {
                    positions.append(p)
                    heights.append(Float(0.05 + Double(j) * 0.05))
                }
            }
        }
        return PlanPointGrid(positions: positions, heights: heights, cellSize: FloorPlanExtractor.pointGridCellSize)
    }

    /// Cameras standing in the room at 1.4 m.
    static func cameras() throws -> [FloorPlanExtractor.CameraSample] {
        try [SIMD2(1.0, 0.8), SIMD2(2.0, 1.2), SIMD2(3.0, 0.9), SIMD2(5.0, 1.0)].map { p in
            try #require(
                FloorPlanExtractor.CameraSample(
                    CameraFrame(
                        frameNumber: 0, timestamp: 0,
                        cameraTransform: RigidTransform(translation: SIMD3(Float(p.x), 1.4, Float(p.y))).matrix,
                        intrinsics: SeenPastTests.intrinsics)))
        }
    }

    /// A face from `a` to `b`.
    static func face(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> WallFace {
        let length = FloorPlanGeometry.distance(a, b)
        return WallFace(line: PlanLine(origin: a, direction: (b - a) / length), t0: 0, t1: length)
    }

    /// A line fitted through a run of fronts, 5.7° off the back wall (more than the 5.2° a parallel
    /// front may be), standing 0.5 m before it at one end and 0.75 m at the other, the wall running on
    /// behind it: furniture. The same line meeting the wall at one end (5 cm before it: an angled
    /// wall), or 30° off it (beyond the corner angle), stays a wall.
    @Test func anObliqueFrontBeforeAWallIsFurniture() throws {
        let extractor = FloorPlanExtractor()
        let cameras = try Self.cameras()
        // The back wall runs on 3 m past the line's end, where the cameras see it clear of the line.
        let back = FurnitureFrontTests.face(x0: 0, x1: 6, z: Self.backZ)
        let oblique = Self.face(SIMD2(0.5, Self.backZ - 0.5), SIMD2(3.0, Self.backZ - 0.75))
        #expect(oblique.line.sine(with: back.line) > FloorPlanExtractor.furnitureParallelSine)
        let grid = Self.grid([(back, Self.wallTop), (oblique, Self.pieceTop)])
        let (walls, _, furniture) = extractor.separatingFurniture([back, oblique], grid: grid, cameras: cameras)
        #expect(walls.count == 1)
        #expect(abs((walls.first?.line.signedDistance(to: SIMD2(0, Self.backZ))) ?? 1) < 1e-9)
        #expect(furniture.count == 1)

        let meeting = Self.face(SIMD2(0.5, Self.backZ - 0.05), SIMD2(3.0, Self.backZ - 0.75))
        let meetingGrid = Self.grid([(back, Self.wallTop), (meeting, Self.wallTop)])
        let kept = extractor.separatingFurniture([back, meeting], grid: meetingGrid, cameras: cameras)
        #expect(kept.walls.count == 2)
        #expect(kept.furniture.isEmpty)

        let steep = Self.face(SIMD2(1.0, Self.backZ - 0.2), SIMD2(2.0, Self.backZ - 0.78))
        #expect(steep.line.sine(with: back.line) > FloorPlanExtractor.cornerSine)
        let steepGrid = Self.grid([(back, Self.wallTop), (steep, Self.pieceTop)])
        #expect(extractor.separatingFurniture([back, steep], grid: steepGrid, cameras: cameras).walls.count == 2)
    }

    /// The side wall of an L-shaped room's notch (z = 2.0, x 1…2) with a wardrobe's front 0.4 m
    /// behind it (z = 2.4, x 0…1.2) standing in the notch's corner, the front seen past above its top
    /// (`endsBelowCeiling`). The notch's side ends free where the front begins, so it passed for
    /// furniture standing before the front; a face ending below the ceiling is no wall to stand
    /// against, so the side stays a wall and the front leaves the walls. Without the front known to
    /// end below the ceiling, the side is taken for furniture before it, as before.
    @Test func nothingStandsAgainstAFaceEndingBelowTheCeiling() throws {
        let extractor = FloorPlanExtractor()
        let cameras = try Self.cameras()
        let notchSide = FurnitureFrontTests.face(x0: 1.0, x1: 2.0, z: 2.0)
        let wardrobe = FurnitureFrontTests.face(x0: 0, x1: 1.2, z: 2.4)
        let grid = Self.grid([(notchSide, Self.wallTop), (wardrobe, Self.pieceTop)])
        let (walls, _, furniture) = extractor.separatingFurniture(
            [notchSide, wardrobe], grid: grid, cameras: cameras, endsBelowCeiling: [false, true])
        try #require(walls.count == 1)
        #expect(abs(walls[0].line.signedDistance(to: SIMD2(0, 2.0))) < 1e-9)
        #expect(furniture.isEmpty)

        let before = extractor.separatingFurniture([notchSide, wardrobe], grid: grid, cameras: cameras)
        try #require(before.walls.count == 1)
        #expect(abs(before.walls[0].line.signedDistance(to: SIMD2(0, 2.4))) < 1e-9)
        #expect(before.furniture.count == 1)
    }
}
