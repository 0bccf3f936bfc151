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

    /// The reach does not pass through a wall band: in a 9 × 5 raster whose column x = 4 is a wall,
    /// a seen cell at (2, 2) with a radius of 4 reaches the cells of columns 0…3 (within 4 steps), and
    /// none beyond the wall, although they lie within 4 cells of it (the square would take them).
    @Test func floorReachStopsAtWalls() {
        let w = 9
        let d = 5
        var seen = [Bool](repeating: false, count: w * d)
        seen[2 * w + 2] = true
        var wall = [Bool](repeating: false, count: w * d)
        for z in 0..<d { wall[z * w + 4] = true }
        let reach = FloorPlanExtractor.floorReachable(seen, width: w, depth: d, radius: 4, blocked: wall)
        for z in 0..<d {
            for x in 0..<w {
                #expect(reach[z * w + x] == (x < 4), "cell \(x), \(z)")
            }
        }
        // Open on one row (z = 0): the reach goes round the wall's end within its step budget only.
        wall[4] = false
        let round = FloorPlanExtractor.floorReachable(seen, width: w, depth: d, radius: 4, blocked: wall)
        // (2, 2) → (4, 0) takes 2 steps, (5, 1) 3, (6, 2) 4, (7, 2) 5.
        #expect(round[1 * w + 5] && round[2 * w + 6] && round[0 * w + 6])
        #expect(!round[2 * w + 7] && !round[4 * w + 5])
    }

    /// A window in a partition wall: the left space (x 0…4) was walked and its floor seen; the
    /// partition at x = 4 (z 1.5…3.6, its far face never found) holds a window whose sill, 0.97 m high,
    /// lies in the wall's body behind the face (x 4.07…4.25, z 2.6…3.5), and the space beyond it has no
    /// seen floor (the outside). The open space the cameras stood in runs round the partition's end,
    /// and the sill lies within `objectFloorReach` of the left space's floor as the crow flies, but
    /// not without crossing the wall: no object (it was a 0.18 × 0.9 m "object" before). A table in
    /// the left space is still found.
    @Test func aSillBehindAWallFaceIsNotAnObject() {
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        let n = Int((3.99 / Self.spacing).rounded())
        let m = Int((3.6 / Self.spacing).rounded())
        for i in 1..<n {
            for j in 1..<m {
                let p = SIMD2(Double(i) * Self.spacing, Double(j) * Self.spacing)
                positions.append(p)
                let onTable = (1.5...2.5).contains(p.x) && (1.0...1.8).contains(p.y)
                heights.append(onTable ? 0.75 : 0)
            }
        }
        var x = 4.07
        while x <= 4.25 {
            var z = 2.6
            while z <= 3.5 {
                positions.append(SIMD2(x, z))
                heights.append(0.97)
                z += Self.spacing
            }
            x += Self.spacing
        }
        let grid = PlanPointGrid(positions: positions, heights: heights, cellSize: FloorPlanExtractor.pointGridCellSize)
        let faces: [WallFace] = [
            .handMade(from: SIMD2(0, 3.6), along: SIMD2(1, 0), length: 6, side: -1),
            .handMade(from: SIMD2(0, 0), along: SIMD2(0, 1), length: 3.6, side: -1),
            .handMade(from: SIMD2(6, 0), along: SIMD2(0, 1), length: 3.6, side: 1),
            .handMade(from: SIMD2(4, 1.5), along: SIMD2(0, 1), length: 2.1, side: 1),
        ]
        let cameras = [SIMD2(1.0, 0.5), SIMD2(2.0, 0.6), SIMD2(3.0, 0.5)]
        let objects = FloorPlanExtractor().findObjects(
            grid: grid, faces: faces, rooms: [], ceilingHeight: 2.5, cameras: cameras)
        #expect(objects.count == 1, "\(objects)")
        guard let table = objects.first else { return }
        let xs = table.corners.map(\.x)
        #expect(abs(xs.min()! - 1.495) <= Self.boxTolerance && abs(xs.max()! - 2.505) <= Self.boxTolerance, "\(xs)")
        #expect(abs(table.top - 0.75) <= Self.topTolerance)
    }
}
