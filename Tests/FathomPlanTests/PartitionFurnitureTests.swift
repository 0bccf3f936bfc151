@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made case of two rooms either side of a partition: room A (x 0…4, z 0…3) and room B
/// (x 4.1…8, z 0…3.8) share a 10 cm partition at x = 4…4.1, and B's back wall (z = 3.8) runs parallel
/// to A's back wall (z = 3) 0.8 m behind its line, both seen from −z. A's back wall was seen only up to
/// 2 m (the view ended on it), and the space behind it (a third room, seen through a door elsewhere)
/// was seen at 2.4 m: before the partition rule, A's back wall was furniture standing 0.8 m before B's
/// back wall (something seen above its top behind it, B's wall reaching its side), and room A had no
/// back wall.
@Suite struct PartitionFurnitureTests {
    /// Ceiling height, metres.
    static let height = 2.5

    /// The faces found in the wall band: A's left, front and back walls, the partition's two faces, and
    /// B's back, right and front walls.
    static var faces: [WallFace] {
        [
            FurnitureFrontTests.side(x: 0, z0: 0.02, z1: 2.98),
            FurnitureFrontTests.face(x0: 0.02, x1: 3.98, z: 0),
            FurnitureFrontTests.face(x0: 0.02, x1: 3.98, z: 3),
            FurnitureFrontTests.side(x: 4, z0: 0.02, z1: 2.98),
            FurnitureFrontTests.side(x: 4.1, z0: 0.02, z1: 3.78),
            FurnitureFrontTests.face(x0: 4.12, x1: 7.98, z: 3.8),
            FurnitureFrontTests.side(x: 8, z0: 0.02, z1: 3.78),
            FurnitureFrontTests.face(x0: 4.12, x1: 7.98, z: 0),
        ]
    }

    /// Points every 5 cm at height `h` over `x`…, `z`… (inside the bounds by 2 cm).
    static func horizontal(at h: Double, x: ClosedRange<Double>, z: ClosedRange<Double>)
        -> (positions: [SIMD2<Double>], heights: [Float])
    {
        var positions: [SIMD2<Double>] = []
        for i in 0...Int(((x.upperBound - x.lowerBound) / 0.05).rounded()) {
            for j in 0...Int(((z.upperBound - z.lowerBound) / 0.05).rounded()) {
                let p = SIMD2(x.lowerBound + Double(i) * 0.05, z.lowerBound + Double(j) * 0.05)
                if p.x > x.lowerBound + 0.02 && p.x < x.upperBound - 0.02 && p.y > z.lowerBound + 0.02
                    && p.y < z.upperBound - 0.02
                {
                    positions.append(p)
                }
            }
        }
        return (positions, [Float](repeating: Float(h), count: positions.count))
    }

    /// The scan: A's walls (its back wall up to 2 m), the partition, B's walls to the ceiling, both
    /// floors, and the space behind A's back wall seen at 2.4 m.
    static var grid: PlanPointGrid {
        let full: (Double) -> ClosedRange<Double> = { _ in 0.05...height }
        let parts = [
            ObjectBackFillTests.wall(x: 0, from: 0, to: 3, heights: full),
            ObjectBackFillTests.wall(z: 0, from: 0, to: 4, heights: full),
            ObjectBackFillTests.wall(z: 3, from: 0, to: 4) { _ in 0.05...2.0 },
            ObjectBackFillTests.wall(x: 4, from: 0, to: 3, heights: full),
            ObjectBackFillTests.wall(x: 4.1, from: 0, to: 3.8, heights: full),
            ObjectBackFillTests.wall(z: 3.8, from: 4.1, to: 8, heights: full),
            ObjectBackFillTests.wall(x: 8, from: 0, to: 3.8, heights: full),
            ObjectBackFillTests.wall(z: 0, from: 4.1, to: 8, heights: full),
            horizontal(at: 0, x: 0...4, z: 0...3),
            horizontal(at: 0, x: 4.1...8, z: 0...3.8),
            horizontal(at: 2.4, x: 0...4, z: 3.1...3.8),
        ]
        return PlanPointGrid(
            positions: parts.flatMap(\.positions), heights: parts.flatMap(\.heights),
            cellSize: FloorPlanExtractor.pointGridCellSize)
    }

    /// The partition meets A's back wall at its end and leaves it on one side, B's back wall on the
    /// other: it separates them.
    @Test func thePartitionSeparatesTheBackWalls() {
        let extractor = FloorPlanExtractor()
        #expect(extractor.partitionSeparates(front: 2, seenFrom: -1, wall: 5, faces: Self.faces))
        // A's back wall and its own left wall: no partition between a wall and the room's other walls.
        #expect(!extractor.partitionSeparates(front: 2, seenFrom: -1, wall: 1, faces: Self.faces))
    }

    /// A refrigerator in a corner (front z = 3.0, x 3.2…3.98) whose side (x = 3.2, z 3.0…3.58) stands
    /// behind its front, before a back wall (z = 3.6) found only beside it (x 0.02…3.2, its band hidden
    /// behind the piece): the side runs on the wall's side of the front, not into the room, so it is no
    /// partition, and the front stays furniture.
    @Test func aPiecesOwnSideIsNoPartition() {
        let extractor = FloorPlanExtractor()
        let faces = [
            FurnitureFrontTests.face(x0: 3.2, x1: 3.98, z: 3.0),
            FurnitureFrontTests.face(x0: 0.02, x1: 3.2, z: 3.6),
            FurnitureFrontTests.side(x: 3.2, z0: 3.0, z1: 3.58),
            FurnitureFrontTests.side(x: 4, z0: 0.02, z1: 3.58),
        ]
        #expect(!extractor.partitionSeparates(front: 0, seenFrom: -1, wall: 1, faces: faces))
    }

    /// A's back wall stays a wall: nothing is furniture, every face is kept, and room A closes on its
    /// back wall (12 m²).
    @Test func aWallOfOneRoomIsNotFurnitureBeforeTheNextRoomsWall() throws {
        let extractor = FloorPlanExtractor()
        let grid = Self.grid
        let (walls, sides, furniture) = extractor.separatingFurniture(Self.faces, grid: grid, cameras: [])
        #expect(furniture.isEmpty, "\(furniture.map { ($0.face.start, $0.face.end, $0.depth) })")
        #expect(walls.count == Self.faces.count)
        let snapped = extractor.snapCorners(walls, sides: sides, occluders: furniture)
        let kept = extractor.droppingUnsupported(extractor.splitAtJunctions(snapped), grid: grid, occluders: furniture)
        let rooms = extractor.findRooms(faces: kept, cameras: Array(repeating: SIMD2(2, 1.5), count: 20))
        try #require(rooms.count == 1)
        let area = abs(FloorPlanGeometry.signedArea(rooms[0].polygon))
        #expect(abs(area - 12) < RecessTests.areaTolerance, "\(area) m², \(rooms[0].polygon)")
    }
}
