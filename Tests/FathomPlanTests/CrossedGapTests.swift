@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made lines fitted on across a gap through which another wall passes (`wallCrossesGap`): a face
/// along z = 3.0 (x 0.02…3.98) whose band points stop over x 1.5…2.7, seen from z < 3, with a wall
/// along x = 2.1 across the gap. A wall never runs on through another wall.
@Suite struct CrossedGapTests {
    /// Wall height, metres.
    static let height = 2.5
    /// The gap in the line's band, metres along x.
    static let gap = 1.5...2.7
    /// Tolerance of a cut's position, metres (the 2 cm point spacing).
    static let positionTolerance = 0.025

    /// The points: the line's two stretches floor to ceiling, the wall across from z = 0 to `acrossEnd`,
    /// and the floor on the seen side of the line (z < 3).
    static func grid(acrossEnd: Double) -> PlanPointGrid {
        let full: (Double) -> ClosedRange<Double> = { _ in 0.05...height }
        var floor: [SIMD2<Double>] = []
        for i in 1..<80 {
            for j in 1..<59 { floor.append(SIMD2(Double(i) * 0.05, Double(j) * 0.05)) }
        }
        let parts = [
            ObjectBackFillTests.wall(z: 3.0, from: 0, to: gap.lowerBound, heights: full),
            ObjectBackFillTests.wall(z: 3.0, from: gap.upperBound, to: 4, heights: full),
            ObjectBackFillTests.wall(x: 2.1, from: 0, to: acrossEnd, heights: full),
            (positions: floor, heights: [Float](repeating: 0, count: floor.count)),
        ]
        return PlanPointGrid(
            positions: parts.flatMap(\.positions), heights: parts.flatMap(\.heights),
            cellSize: FloorPlanExtractor.pointGridCellSize)
    }

    /// The wall across runs on 0.6 m past the line (to z = 3.6): the line is cut at the gap into its two
    /// stretches (x 0.02…1.5 and 2.7…3.98), and nothing is inferred.
    @Test func aLineThroughAWallIsCut() throws {
        let extractor = FloorPlanExtractor()
        let faces = [
            FurnitureFrontTests.face(x0: 0.02, x1: 3.98, z: 3.0),
            FurnitureFrontTests.side(x: 2.1, z0: 0.02, z1: 3.58),
        ]
        let (cut, _, inferred) = extractor.cuttingRecessMouths(faces, grid: Self.grid(acrossEnd: 3.6), cameras: [])
        #expect(inferred.isEmpty)
        let pieces = cut.filter { abs($0.start.y - 3.0) < 1e-9 && abs($0.end.y - 3.0) < 1e-9 }
        try #require(pieces.count == 2, "\(pieces.map { ($0.start, $0.end) })")
        let ranges = pieces.map { (min($0.start.x, $0.end.x), max($0.start.x, $0.end.x)) }.sorted { $0.0 < $1.0 }
        #expect(abs(ranges[0].1 - Self.gap.lowerBound) < Self.positionTolerance, "\(ranges)")
        #expect(abs(ranges[1].0 - Self.gap.upperBound) < Self.positionTolerance, "\(ranges)")
    }

    /// The wall across ends at the line (z = 3.1, within a wall's thickness: a T junction): the line is
    /// one wall with a gap (a doorway beside the junction) and is not cut.
    @Test func aLineAtAJunctionIsNotCut() {
        let extractor = FloorPlanExtractor()
        let faces = [
            FurnitureFrontTests.face(x0: 0.02, x1: 3.98, z: 3.0),
            FurnitureFrontTests.side(x: 2.1, z0: 0.02, z1: 3.1),
        ]
        let (cut, _, inferred) = extractor.cuttingRecessMouths(faces, grid: Self.grid(acrossEnd: 3.1), cameras: [])
        #expect(inferred.isEmpty)
        #expect(cut.count == faces.count)
        #expect(cut.contains { abs($0.length - 3.96) < 1e-9 && abs($0.start.y - 3.0) < 1e-9 })
    }
}
