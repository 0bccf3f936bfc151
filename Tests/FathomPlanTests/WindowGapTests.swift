@testable import FathomPlan
import FathomCore
import Testing

/// A wall runs on across its window (issue #14, session 10): a wall along x (0…4 m) with a window
/// 1.2 m wide (x 1.5…2.7, sill 0.9 m, head 2.1 m, ceiling 2.5 m), its two pieces found 4 cm apart
/// (z = 3.0 and z = 3.04, as drift leaves them), are joined into one face; a door's gap (no sill) and a
/// gap narrower than the narrowest opening are not.
@Suite struct WindowGapTests {
    /// The window's extent along x and its sill and head, metres.
    static let window = (from: 1.5, to: 2.7)
    static let sill = 0.9
    static let head = 2.1
    /// Ceiling height, metres; the walls' points stop 5 cm below it.
    static let ceiling = 2.5
    /// The two pieces' planes, metres.
    static let leftZ = 3.0
    static let rightZ = 3.04
    /// The drift between the two pieces, metres.
    static let drift = rightZ - leftZ
    /// The joined face's ends match the pieces' outer ends within this, metres.
    static let extentTolerance = 0.001

    /// The wall's points: both pieces over their full height, and across the gap (on the line
    /// between them) the parts `gapHeights` gives.
    static func grid(gap: (from: Double, to: Double), gapHeights: [ClosedRange<Double>]) -> PlanPointGrid {
        var parts = [
            ObjectBackFillTests.wall(z: leftZ, from: 0, to: gap.from) { _ in 0.05...(ceiling - 0.05) },
            ObjectBackFillTests.wall(z: rightZ, from: gap.to, to: 4) { _ in 0.05...(ceiling - 0.05) },
        ]
        for range in gapHeights {
            parts.append(
                ObjectBackFillTests.wall(z: (leftZ + rightZ) / 2, from: gap.from + 0.02, to: gap.to - 0.02) { _ in range })
        }
        return PlanPointGrid(
            positions: parts.flatMap(\.positions), heights: parts.flatMap(\.heights),
            cellSize: FloorPlanExtractor.pointGridCellSize)
    }

    static func pieces(gap: (from: Double, to: Double)) -> [WallFace] {
        [
            FurnitureFrontTests.face(x0: 0, x1: gap.from, z: leftZ),
            FurnitureFrontTests.face(x0: gap.to, x1: 4, z: rightZ),
        ]
    }

    @Test func aWallRunsOnAcrossItsWindow() throws {
        let extractor = FloorPlanExtractor()
        let grid = Self.grid(gap: Self.window, gapHeights: [0.05...Self.sill, Self.head...(Self.ceiling - 0.05)])
        let joined = extractor.joiningAcrossWindows(Self.pieces(gap: Self.window), grid: grid, ceilingHeight: Self.ceiling)
        try #require(joined.count == 1)
        let face = joined[0]
        // One face from the left piece's start to the right piece's end (the line through both is
        // tilted by the drift, 4 cm over 4 m, so the extent differs by far less than a millimetre).
        #expect(abs(face.length - 4) < Self.extentTolerance, "\(face.length)")
        #expect(abs(face.start.x) < Self.extentTolerance && abs(face.end.x - 4) < Self.extentTolerance)
        // The refitted line runs along the wall: within half the drift outside the two pieces' planes.
        for x in [0.0, 2.0, 4.0] {
            let z = face.line.point(at: face.line.coordinate(of: SIMD2(x, 3.02))).y
            #expect(z >= Self.leftZ - Self.drift / 2 && z <= Self.rightZ + Self.drift / 2, "\(z)")
        }
    }

    @Test func aDoorOrANarrowGapIsNotJoined() {
        let extractor = FloorPlanExtractor()
        // A door: the wall above its head only, nothing below it but the floor.
        let door = Self.grid(gap: Self.window, gapHeights: [Self.head...(Self.ceiling - 0.05)])
        #expect(extractor.joiningAcrossWindows(Self.pieces(gap: Self.window), grid: door, ceilingHeight: Self.ceiling).count == 2)
        // Nothing seen across the gap at all.
        let open = Self.grid(gap: Self.window, gapHeights: [])
        #expect(extractor.joiningAcrossWindows(Self.pieces(gap: Self.window), grid: open, ceilingHeight: Self.ceiling).count == 2)
        // Sill and head seen, but the gap is narrower than the narrowest opening.
        let narrow = (from: 1.9, to: 1.9 + FloorPlanExtractionConfiguration().minimumOpeningWidth * 0.75)
        let grid = Self.grid(gap: narrow, gapHeights: [0.05...Self.sill, Self.head...(Self.ceiling - 0.05)])
        #expect(extractor.joiningAcrossWindows(Self.pieces(gap: narrow), grid: grid, ceilingHeight: Self.ceiling).count == 2)
    }
}
