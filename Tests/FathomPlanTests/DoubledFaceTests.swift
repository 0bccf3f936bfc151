@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made cases of a wall face found twice (`mergingDoubledFaces`): a back wall at z = 3
/// (x 0…4, seen from −z) and a copy of part of it 6 cm before it (a ghost left by tracking drift, or
/// the face's halves fitted apart), against a wall's two faces (z = 3 and z = 3.12, seen from either
/// side) and a shelf's front 20 cm before the wall.
@Suite struct DoubledFaceTests {
    /// A face along x from `x0` to `x1` at `z`, holding `points` points.
    static func face(x0: Double, x1: Double, z: Double, points: Int) -> WallFace {
        var face = FurnitureFrontTests.face(x0: x0, x1: x1, z: z)
        face.pointCount = points
        return face
    }

    /// The copy, seen from the same side, is folded into the face: one face is left, on the line of
    /// the one holding more points, spanning both (x 0…4.3).
    @Test func aCopySeenFromTheSameSideIsKeptOnce() throws {
        let extractor = FloorPlanExtractor()
        let faces = [Self.face(x0: 0, x1: 4, z: 3, points: 1000), Self.face(x0: 2, x1: 4.3, z: 2.94, points: 300)]
        let (merged, sides) = extractor.mergingDoubledFaces(faces, sides: [-1, -1])
        try #require(merged.count == 1)
        #expect(sides == [-1])
        #expect(abs(merged[0].start.y - 3) < 1e-9)
        #expect(abs(merged[0].t0 - 0) < 1e-9 && abs(merged[0].t1 - 4.3) < 1e-9)
        #expect(merged[0].pointCount == 1300)
    }

    /// A copy whose side is unknown gives way to the face whose side is known, even when it is longer:
    /// the face kept is the one seen from a known side, and it spans both.
    @Test func theFaceWithAKnownSideIsKept() throws {
        let extractor = FloorPlanExtractor()
        let faces = [Self.face(x0: 0, x1: 4, z: 3.05, points: 2000), Self.face(x0: 0.5, x1: 3.5, z: 3, points: 500)]
        let (merged, sides) = extractor.mergingDoubledFaces(faces, sides: [nil, -1])
        try #require(merged.count == 1)
        #expect(sides == [-1])
        #expect(abs(merged[0].start.y - 3) < 1e-9)
        #expect(abs(merged[0].t0 - 0) < 1e-9 && abs(merged[0].t1 - 4) < 1e-9)
    }

    /// A wall's two faces (12 cm apart, seen from opposite sides), a shelf's front 20 cm before the
    /// wall (farther than a ghost lies), and a copy overlapping the face over less than half its own
    /// length all stay.
    @Test func aWallsTwoFacesAndFacesFartherOffStay() {
        let extractor = FloorPlanExtractor()
        let twoFaces = [Self.face(x0: 0, x1: 4, z: 3, points: 1000), Self.face(x0: 0, x1: 4, z: 3.12, points: 1000)]
        #expect(extractor.mergingDoubledFaces(twoFaces, sides: [-1, 1]).faces.count == 2)
        let shelf = [Self.face(x0: 0, x1: 4, z: 3, points: 1000), Self.face(x0: 1, x1: 2, z: 2.8, points: 300)]
        #expect(extractor.mergingDoubledFaces(shelf, sides: [-1, -1]).faces.count == 2)
        let apart = [Self.face(x0: 0, x1: 4, z: 3, points: 1000), Self.face(x0: 3.5, x1: 5, z: 2.95, points: 300)]
        #expect(extractor.mergingDoubledFaces(apart, sides: [-1, -1]).faces.count == 2)
    }
}
