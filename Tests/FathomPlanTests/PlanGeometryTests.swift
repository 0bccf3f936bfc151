@testable import FathomPlan
import Testing

/// Hand-made cases for the extraction's geometry helpers.
@Suite struct PlanGeometryTests {
    @Test func lineFitAndIntersection() throws {
        var points: [SIMD2<Double>] = []
        for i in 0..<20 {
            let x = Double(i) * 0.1
            let wobble = i % 2 == 0 ? 0.001 : -0.001
            points.append(SIMD2(x, 1 + x + wobble))
        }
        let line = try #require(PlanLine.fit(points))
        #expect(abs(abs(line.direction.x) - 0.5.squareRoot()) < 1e-3)
        #expect(abs(line.signedDistance(to: SIMD2(0, 1))) < 1e-3)
        let vertical = PlanLine(origin: SIMD2(3, 0), direction: SIMD2(0, 1))
        let x = try #require(line.intersection(with: vertical))
        #expect(abs(x.x - 3) < 1e-9 && abs(x.y - 4) < 1e-3)
        #expect(line.intersection(with: line) == nil)
    }

    /// An L of cells: 3×1 along the bottom plus 1×2 up the left; the outline has 6 corners and
    /// area 5 cells, counter-clockwise in (x, z).
    @Test func outlineOfAnLShapedRegion() {
        let w = 5
        let d = 5
        var raster = [Int32](repeating: 0, count: w * d)
        for (x, z) in [(1, 1), (2, 1), (3, 1), (1, 2), (1, 3)] { raster[z * w + x] = 7 }
        raster[3 * w + 3] = 7  // a separate cell, not part of the outer outline
        let outline = RoomOutline.trace(raster: raster, width: w, depth: d, label: 7)
        #expect(outline.count == 6)
        #expect(abs(FloorPlanGeometry.signedArea(outline) - 5) < 1e-12)
        #expect(Set(outline.map { [$0.x, $0.y] }) == [[1, 1], [4, 1], [4, 2], [2, 2], [2, 4], [1, 4]])
    }

    @Test func simplificationKeepsCornersAndDropsSteps() {
        // A square with a 1 cm bump on one side.
        let polygon: [SIMD2<Double>] = [
            SIMD2(0, 0), SIMD2(2, 0), SIMD2(2, 1), SIMD2(2.01, 1), SIMD2(2.01, 1.2), SIMD2(2, 1.2), SIMD2(2, 2),
            SIMD2(0, 2),
        ]
        let simple = RoomOutline.simplify(polygon, tolerance: 0.05)
        #expect(simple.count == 4)
        #expect(abs(abs(FloorPlanGeometry.signedArea(simple)) - 4) < 1e-9)
    }

    /// Points thrown far away (a bad pose) are left out; the rest are kept.
    @Test func strayPointsAreLeftOut() {
        var points: [SIMD3<Float>] = []
        for i in 0..<3000 { points.append(SIMD3(Float(i % 50) * 0.1, 1, Float(i / 50) * 0.1)) }
        points += [SIMD3(5000, 1, 0), SIMD3(0, 1, -4000), SIMD3(-9000, 0, 9000)]
        let kept = FloorPlanExtractor.withoutStrayPoints(points)
        #expect(kept.count == 3000)
        #expect(kept.allSatisfy { abs($0.x) < 10 && abs($0.z) < 10 })
    }
}
