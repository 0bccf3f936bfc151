@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made cases of where a face running past the end of a partition is cut
/// (`cutAtPartitionEnds`): a room's right wall (x = 4, seen from the room, x < 4) whose lower part
/// is one face of a 15 cm partition (its other face at x = 4.15, seen from the next room), the next
/// room ending before this one does.
@Suite struct PartitionEndTests {
    /// Coordinates are built from exact decimals; the cuts are intersections of such lines, metres.
    static let tolerance = 1e-9

    /// The wall stage's corners and cuts: `snappedFaces`, then `cutAtPartitionEnds`.
    static func cut(_ faces: [WallFace], sides: [Double?]) -> [WallFace] {
        let extractor = FloorPlanExtractor()
        return extractor.cutAtPartitionEnds(extractor.snappedFaces(faces, sides: sides), sides: sides)
    }

    /// The pieces of the face along x = 4, as (start z, end z), in order.
    static func rightPieces(_ faces: [WallFace]) -> [(Double, Double)] {
        faces.filter { abs($0.start.x - 4) < tolerance && abs($0.end.x - 4) < tolerance }
            .map { ($0.start.y, $0.end.y) }.sorted { $0.0 < $1.0 }
    }

    /// The next room's back wall (z = 4.12, x 4.15…8, seen from z < 4.12) ends on the partition
    /// while this room runs on to z = 4.4: the partition ends at the next room's corner, and the
    /// right wall is cut there into the partition's face (0…4.12) and the 28 cm of the next room's
    /// outer wall's end beyond it (furnished layout 205). The partition's far face was seen only up to
    /// z = 2.6, too far from the corner to be extended to it. Before, the two rooms' faces met at no
    /// corner (`canMeet`) and the right wall stayed whole (0…4.4), later matched to the 28 cm piece.
    @Test func aFaceIsCutWhereThePartitionBehindItEnds() {
        let faces = [
            FurnitureFrontTests.side(x: 4, z0: 0, z1: 4.4),  // right wall, seen from x < 4: side +1
            FurnitureFrontTests.face(x0: 0, x1: 3.9, z: 4.4),  // own back wall, seen from z < 4.4: side −1
            FurnitureFrontTests.side(x: 4.15, z0: 0, z1: 2.6),  // the partition's far face, seen from x > 4.15: side −1
            FurnitureFrontTests.face(x0: 4.15, x1: 8, z: 4.12),  // the next room's back wall
        ]
        let pieces = Self.rightPieces(Self.cut(faces, sides: [1, -1, -1, -1]))
        #expect(pieces.count == 2, "\(pieces)")
        guard pieces.count == 2 else { return }
        #expect(abs(pieces[0].0) < Self.tolerance && abs(pieces[0].1 - 4.12) < Self.tolerance, "\(pieces)")
        #expect(abs(pieces[1].0 - 4.12) < Self.tolerance && abs(pieces[1].1 - 4.4) < Self.tolerance, "\(pieces)")

        // Without the partition's far face nothing tells where the partition ends: left whole.
        let alone = Self.rightPieces(Self.cut([faces[0], faces[1], faces[3]], sides: [1, -1, -1]))
        #expect(alone.count == 1 && abs(alone[0].1 - 4.4) < Self.tolerance, "\(alone)")
        // The right wall seen only up to z = 4.0 and run on to its own corner (z = 4.4): a piece
        // above the cut would hold no points, so the face is left whole (furnished layout 308, where
        // the cut-off piece was dropped as unsupported and the room left open).
        var short = faces
        short[0] = FurnitureFrontTests.side(x: 4, z0: 0, z1: 4.0)
        let extended = Self.rightPieces(Self.cut(short, sides: [1, -1, -1, -1]))
        #expect(extended.count == 1 && abs(extended[0].1 - 4.4) < Self.tolerance, "\(extended)")
        // Unknown sides: no cut either.
        let unsided = Self.rightPieces(Self.cut(faces, sides: [1, -1, nil, nil]))
        #expect(unsided.count == 1, "\(unsided)")
    }

    /// The next room's corner is cut at 45°: its diagonal wall runs from the partition's far face at
    /// (4.15, 3.5) to (5.05, 4.4), seen from the next room (below it). The partition ends at that
    /// corner, so the right wall (0…3.7) is cut at z = 3.5, not where the diagonal's line crosses it
    /// (z = 3.35; furnished layout 205's second partition, where that left a 36 cm piece no true wall
    /// lies along).
    @Test func aFaceIsCutAtTheCornerNotWhereADiagonalsLineCrossesIt() {
        let diagonal = WallFace(
            line: PlanLine(origin: SIMD2(4.15, 3.5), direction: SIMD2(1, 1) / 2.0.squareRoot()), t0: 0,
            t1: 0.9 * 2.0.squareRoot())
        let faces = [
            FurnitureFrontTests.side(x: 4, z0: 0, z1: 3.7),
            FurnitureFrontTests.face(x0: 0, x1: 3.9, z: 3.7),
            FurnitureFrontTests.side(x: 4.15, z0: 0, z1: 3.5),
            diagonal,  // normal (−1, 1)/√2 points out of the next room: seen from the other side, −1
        ]
        let pieces = Self.rightPieces(Self.cut(faces, sides: [1, -1, -1, -1]))
        #expect(pieces.count == 2, "\(pieces)")
        guard pieces.count == 2 else { return }
        #expect(abs(pieces[0].1 - 3.5) < Self.tolerance && abs(pieces[1].0 - 3.5) < Self.tolerance, "\(pieces)")
        #expect(abs(pieces[1].1 - 3.7) < Self.tolerance, "\(pieces)")
    }
}
