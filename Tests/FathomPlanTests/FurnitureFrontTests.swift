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
    /// begins, so it is furniture. The same front with a recess's side wall at its end (an L-shaped
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

        // A wall that does not begin near the front's end (a room 2 m away) says nothing.
        faces = [left, front, Self.face(x0: 2.7, x1: 4.0, z: 3.6)]
        #expect(!extractor.endsBesideWall(front: 1, from: 0.02, to: 0.7, wall: 2, depth: 0.35, faces: faces))
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
