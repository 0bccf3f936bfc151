@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made cases of the wall-versus-furniture rules and of the refinement's constrained step.
@Suite struct FurnitureFrontTests {
    /// A face along x from `x0` to `x1` at depth `z`, seen from the side of smaller z.
    static func face(x0: Double, x1: Double, z: Double) -> WallFace {
        WallFace(line: PlanLine(origin: SIMD2(0, z), direction: SIMD2(1, 0)), t0: x0, t1: x1)
    }

    /// A face along z from `z0` to `z1` at `x`.
    static func side(x: Double, z0: Double, z1: Double) -> WallFace {
        WallFace(line: PlanLine(origin: SIMD2(x, 0), direction: SIMD2(0, 1)), t0: z0, t1: z1)
    }

    /// A bookcase 0.7 m wide and 0.35 m deep in the corner of a back wall (z = 3.6) and a left wall
    /// (x = 0): its front (z = 3.25) ends in the open at x = 0.7, where the back wall's seen part
    /// begins, so it is furniture; so is a refrigerator whose side closes the end where the wall
    /// begins while its other end is free. The same front with a recess's side wall at its end (an L-shaped
    /// room's notch) is a wall; so is a front whose end meets the other face of a 15 cm interior
    /// wall (a corner seen across the wall's thickness).
    @Test func aFrontEndingInTheOpenBesideItsWallIsFurniture() {
        let extractor = FloorPlanExtractor()
        let left = Self.side(x: 0, z0: 0, z1: 3.25)
        let front = Self.face(x0: 0.02, x1: 0.7, z: 3.25)
        let back = Self.face(x0: 0.72, x1: 4.0, z: 3.6)
        var faces = [left, front, back]
        #expect(extractor.endsBesideWall(front: 1, from: 0.02, to: 0.7, wall: 2, depth: 0.35, faces: faces))

        // The notch: a side wall from the front's end back to the wall.
        faces.append(Self.side(x: 0.7, z0: 3.25, z1: 3.6))
        #expect(!extractor.endsBesideWall(front: 1, from: 0.02, to: 0.7, wall: 2, depth: 0.35, faces: faces))

        // The front's end at an interior wall 15 cm thick, seen only on the far face (x = 0.85),
        // its near face (x = 0.7) never reaching the back.
        faces = [left, front, back, Self.side(x: 0.85, z0: 0, z1: 3.7), Self.side(x: 0.7, z0: 0, z1: 1.5)]
        #expect(!extractor.endsBesideWall(front: 1, from: 0.02, to: 0.7, wall: 2, depth: 0.35, faces: faces))

        // A refrigerator beside the back wall's seen part (x 0…1, z = 3.6): its front (x 1…1.6,
        // z = 2.9) and its side towards that part (x = 1) were found as faces. The end where the wall
        // begins is closed by the piece's own side, but its other end is free: furniture.
        faces = [left, Self.face(x0: 0, x1: 1.0, z: 3.6), Self.face(x0: 1.0, x1: 1.6, z: 2.9), Self.side(x: 1.0, z0: 2.93, z1: 3.5)]
        #expect(extractor.endsBesideWall(front: 2, from: 1.0, to: 1.6, wall: 1, depth: 0.7, faces: faces))

        // A wall that does not begin near the front's end (a room 2 m away) says nothing.
        faces = [left, front, Self.face(x0: 2.7, x1: 4.0, z: 3.6)]
        #expect(!extractor.endsBesideWall(front: 1, from: 0.02, to: 0.7, wall: 2, depth: 0.35, faces: faces))
    }

    /// A room's right wall (x = 4, seen from the room, x < 4) whose seen part ends at z = 3.45, where
    /// the next room's back wall (z = 3.45, from x = 4.2, seen from that room, z < 3.45) lies on
    /// its line across the 20 cm partition; the room's own back wall (z = 3.7) was seen only up to
    /// x = 3.3. The right wall's end lies exactly on the next room's
    /// back-wall line, but that wall lies behind it while it stands in front of that wall: faces of
    /// two rooms, which never meet. The right wall runs on to its own back wall (z = 3.7), which a
    /// corner of one room allows; without the seen sides it stopped at z = 3.45 and the room
    /// stayed open there. A recess's corner (each face behind the other) and a T junction (a
    /// partition standing in front of a wall that runs on past it) still meet.
    @Test func aWallNeverMeetsTheNextRoomsWallAcrossAPartition() {
        let extractor = FloorPlanExtractor()
        // Right wall: direction +z, normal −x, seen from −x (side +1).
        let right = Self.side(x: 4, z0: 0, z1: 3.45)
        // Back walls: direction +x, normal +z, seen from −z (side −1).
        let nextBack = Self.face(x0: 4.2, x1: 8, z: 3.45)
        let ownBack = Self.face(x0: 0, x1: 3.3, z: 3.7)
        #expect(!extractor.canMeet(right, 1, nextBack, -1))
        #expect(extractor.canMeet(right, 1, ownBack, -1))

        let snapped = extractor.snapCorners([right, nextBack, ownBack], sides: [1, -1, -1])
        #expect(abs(snapped[0].end.y - 3.7) < 1e-9, "\(snapped[0].end)")
        #expect(abs(snapped[2].end.x - 4) < 1e-9, "\(snapped[2].end)")
        let unsided = extractor.snapCorners([right, nextBack, ownBack])
        #expect(abs(unsided[0].end.y - 3.45) < 1e-9, "\(unsided[0].end)")

        // A notch's corner: its bottom (z = 2.6, x 0…0.9, seen from −z) and its side (x = 1, z 2.7…3.7,
        // seen from +x: side −1) each lie behind the other.
        let notchBottom = Self.face(x0: 0, x1: 0.9, z: 2.6)
        let notchSide = Self.side(x: 1, z0: 2.7, z1: 3.7)
        #expect(extractor.canMeet(notchBottom, -1, notchSide, -1))
        // A T junction: a partition face (x = 2, z 0…3.3, seen from −x) ending on the back wall
        // (x 0…4 at z = 3.7, seen from −z), which runs on past it on both sides.
        #expect(extractor.canMeet(Self.side(x: 2, z0: 0, z1: 3.3), 1, Self.face(x0: 0, x1: 4, z: 3.7), -1))
    }

    /// A wardrobe (x 1…3, top 2.3 m) 0.6 m before a back wall (z = 3.85) in a room 2.65 m high: its
    /// front (z = 3.25) is found in the wall band, the back wall only beyond x = 3.9 (the band between
    /// hidden or unseen), so the wall found does not reach the front's side. The back wall's line was
    /// seen above the wardrobe's top (2.35–2.65 m): the front is furniture 0.6 m before it (before:
    /// a wall, the room left open behind it). Without the wall seen above the front, a wall found
    /// elsewhere on the line says nothing, and the front stays a wall; so does the ceiling seen over
    /// the wall's line (one height: a ceiling, not a wall standing there).
    @Test func aFrontBelowItsWallSeenAboveIsFurnitureWhereverTheWallWasFound() {
        let extractor = FloorPlanExtractor()
        let faces = [
            Self.side(x: 0, z0: 0.02, z1: 3.83), Self.face(x0: 1.0, x1: 3.0, z: 3.25),
            Self.face(x0: 3.9, x1: 4.4, z: 3.85), Self.side(x: 5, z0: 0.02, z1: 3.83),
        ]
        func furniture(wallSeenAbove: Bool, ceilingSeen: Bool = false) -> [FurnitureOccluder] {
            var parts = [
                ObjectBackFillTests.wall(x: 0, from: 0, to: 3.85) { _ in 0.05...2.65 },
                ObjectBackFillTests.wall(z: 3.25, from: 1.0, to: 3.0) { _ in 0.05...2.3 },
                ObjectBackFillTests.wall(z: 3.85, from: 3.9, to: 4.4) { _ in 0.05...2.65 },
                ObjectBackFillTests.wall(x: 5, from: 0, to: 3.85) { _ in 0.05...2.65 },
            ]
            // The floor in front of the walls (it tells the side each face was seen from).
            parts.append(ObjectBackFillTests.wall(x: 2.5, from: 0.1, to: 3.2) { _ in 0...0 })
            parts.append(ObjectBackFillTests.wall(z: 1.5, from: 0.1, to: 4.9) { _ in 0...0 })
            parts.append(ObjectBackFillTests.wall(z: 3.5, from: 3.1, to: 4.9) { _ in 0...0 })
            if wallSeenAbove { parts.append(ObjectBackFillTests.wall(z: 3.85, from: 1.0, to: 3.0) { _ in 2.4...2.65 }) }
            if ceilingSeen {
                for z in stride(from: 3.3, through: 3.9, by: 0.05) {
                    parts.append(ObjectBackFillTests.wall(z: z, from: 1.0, to: 3.0) { _ in 2.65...2.65 })
                }
            }
            let grid = PlanPointGrid(
                positions: parts.flatMap(\.positions), heights: parts.flatMap(\.heights),
                cellSize: FloorPlanExtractor.pointGridCellSize)
            return extractor.separatingFurniture(faces, grid: grid, cameras: []).furniture
        }
        let seen = furniture(wallSeenAbove: true)
        #expect(seen.count == 1 && abs((seen.first?.depth ?? 0) - 0.6) < 1e-9, "\(seen)")
        #expect(furniture(wallSeenAbove: false).isEmpty)
        #expect(furniture(wallSeenAbove: false, ceilingSeen: true).isEmpty)
    }

    /// Normal equations of correspondences on one wall (normal x) and the floor (normal y), lever
    /// 1 m: x and y are pinned, z and the turn are free. The constrained step moves along x and y
    /// only, by the damped least-squares amount; with nothing pinned there is no step.
    @Test func refinementStepsOnlyAlongConstrainedDirections() throws {
        let count = 400
        var a = [Double](repeating: 0, count: 16)
        var b = [Double](repeating: 0, count: 4)
        // 200 wall correspondences with residual −1 cm along x, 200 floor ones with +2 mm along y.
        a[0] = 200
        a[5] = 200
        b[0] = 200 * 0.01
        b[1] = 200 * -0.002
        let step = try #require(DepthPoseRefiner.constrainedStep(a, b, count: count))
        let damping = DepthPoseRefiner.dampingPerCorrespondence * Double(count)
        #expect(abs(step[0] - 2 / (200 + damping)) < 1e-12)
        #expect(abs(step[1] + 0.4 / (200 + damping)) < 1e-12)
        #expect(step[2] == 0 && step[3] == 0)

        // Only a weak constraint (below `minimumConstraint` per correspondence): no step at all.
        var weak = [Double](repeating: 0, count: 16)
        weak[0] = DepthPoseRefiner.minimumConstraint * Double(count) / 2
        #expect(DepthPoseRefiner.constrainedStep(weak, b, count: count) == nil)
    }
}
