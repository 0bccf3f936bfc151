@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made cases of where furniture is sought when no room closes (`objectSearchRegion`): a
/// 4 × 3.6 m space whose front (z = 0) was never found as a wall, so no room closes, with a closet
/// walled off in its back-right corner (x 3…4, z 2.6…3.6) that no camera stood in.
@Suite struct ObjectSearchRegionTests {
    /// Spacing of the hand-made points, metres.
    static let spacing = 0.01
    /// Tolerance on a found box's centre and sides, metres (the edges are placed from the points'
    /// profile to within a bin, `objectEdgeBin`).
    static let boxTolerance = 0.02
    /// Tolerance on a found top, metres.
    static let topTolerance: Double = 0.005

    /// The back, left and right walls, and the closet's two walls (its side at x = 3 and its front at
    /// z = 2.6, both seen from the open space).
    static var faces: [WallFace] {
        [
            .handMade(from: SIMD2(0, 3.6), along: SIMD2(1, 0), length: 4, side: -1),
            .handMade(from: SIMD2(0, 0), along: SIMD2(0, 1), length: 3.6, side: -1),
            .handMade(from: SIMD2(4, 0), along: SIMD2(0, 1), length: 3.6, side: 1),
            .handMade(from: SIMD2(3, 2.6), along: SIMD2(0, 1), length: 1, side: -1),
            .handMade(from: SIMD2(3, 2.6), along: SIMD2(1, 0), length: 1, side: -1),
        ]
    }

    /// Points on a 1 cm lattice: the floor (height 0) everywhere except under `boxes`, and each box's
    /// top (x range, z range, top height).
    static func points(boxes: [(ClosedRange<Double>, ClosedRange<Double>, Float)]) -> PlanPointGrid {
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        let n = Int((4 / spacing).rounded())
        let m = Int((3.6 / spacing).rounded())
        for i in 1..<n {
            for j in 1..<m {
                let p = SIMD2(Double(i) * spacing, Double(j) * spacing)
                if let box = boxes.first(where: { $0.0.contains(p.x) && $0.1.contains(p.y) }) {
                    positions.append(p)
                    heights.append(box.2)
                } else {
                    positions.append(p)
                    heights.append(0)
                }
            }
        }
        return PlanPointGrid(positions: positions, heights: heights, cellSize: FloorPlanExtractor.pointGridCellSize)
    }

    /// A table 1.0 × 0.8 m, 0.75 m high, in the open space (x 1.5…2.5, z 1.0…1.8) and a chest in the
    /// walled-off closet (x 3.3…3.8, z 2.9…3.4, 0.6 m high), the floor seen around both. No room
    /// closes; the cameras stood in the open space. The table comes out as an object at its place (it
    /// was not sought at all before: objects were sought inside closed rooms only); the chest, in a
    /// space no camera stood in, does not.
    @Test func furnitureIsFoundWhereTheRoomDoesNotClose() {
        let grid = Self.points(boxes: [(1.5...2.5, 1.0...1.8, 0.75), (3.3...3.8, 2.9...3.4, 0.6)])
        let cameras = [SIMD2(1.0, 0.5), SIMD2(2.0, 0.6), SIMD2(3.0, 0.5)]
        let objects = FloorPlanExtractor().findObjects(
            grid: grid, faces: Self.faces, rooms: [], ceilingHeight: 2.5, cameras: cameras)
        #expect(objects.count == 1, "\(objects)")
        guard let table = objects.first else { return }
        let xs = table.corners.map(\.x)
        let zs = table.corners.map(\.y)
        #expect(abs(xs.min()! - 1.495) <= Self.boxTolerance && abs(xs.max()! - 2.505) <= Self.boxTolerance, "\(xs)")
        #expect(abs(zs.min()! - 0.995) <= Self.boxTolerance && abs(zs.max()! - 1.805) <= Self.boxTolerance, "\(zs)")
        #expect(abs(table.top - 0.75) <= Self.topTolerance)
        #expect(table.category == .table)
    }

    /// Without cameras (nothing says where the walk stood) and without a closed room, nothing is sought.
    @Test func nothingIsSoughtWithoutRoomsOrCameras() {
        let grid = Self.points(boxes: [(1.5...2.5, 1.0...1.8, 0.75)])
        let objects = FloorPlanExtractor().findObjects(grid: grid, faces: Self.faces, rooms: [], ceilingHeight: 2.5)
        #expect(objects.isEmpty)
    }

    /// A cell is within reach of seen floor when a seen cell lies within `radius` cells (a square):
    /// one seen cell in a 7 × 5 raster reaches exactly the cells two columns and rows around it.
    @Test func floorReachIsASquareAroundSeenCells() {
        var seen = [Bool](repeating: false, count: 7 * 5)
        seen[2 * 7 + 3] = true
        let reach = FloorPlanExtractor.floorReachable(seen, width: 7, depth: 5, radius: 2)
        for z in 0..<5 {
            for x in 0..<7 {
                #expect(reach[z * 7 + x] == (abs(x - 3) <= 2 && abs(z - 2) <= 2), "cell \(x), \(z)")
            }
        }
    }
}
