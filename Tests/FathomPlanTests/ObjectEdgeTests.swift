@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made cases of how an object's box sides are placed on the surfaces its points show
/// (`surfaceEdges`): a counter run 1.6 m long, 0.58 m deep and 0.9 m high (x 1.0…2.6, z 3.0…3.58)
/// whose front face (z = 3.0) is seen through depth noise, with flying pixels in front of it.
@Suite struct ObjectEdgeTests {
    /// Raster cell of the object search, metres.
    static let cell = FloorPlanExtractor.objectCellSize
    /// The true sides of the counter, metres.
    static let front = 3.0
    static let back = 3.58
    static let left = 1.0
    static let right = 2.6
    static let top = 0.9
    /// Spacing of the hand-made points, metres (the fused cloud's voxel).
    static let spacing = 0.02
    /// A blurred face's half-height crossing lies 1.18 standard deviations outside it (the half width
    /// at half maximum of a normal distribution); the bins add half a centimetre.
    static let halfHeightOffset = 1.18
    static let binTolerance = FloorPlanExtractor.objectEdgeBin / 2

    /// The counter's points: its top every 2 cm, its front face every 2 cm along x and up to the top,
    /// the front moved along z by normal noise of `sigma` metres (seeded), and `flying` flying pixels
    /// spread evenly over the 12 cm in front of the face at any height.
    static func counter(sigma: Double, flying: Int, seed: UInt64) -> (positions: [SIMD2<Double>], heights: [Float]) {
        var random = SeededGenerator(seed: seed)
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        var x = left + spacing / 2
        while x < right {
            var z = front + spacing / 2
            while z < back {
                positions.append(SIMD2(x, z))
                heights.append(Float(top))
                z += spacing
            }
            var h = 0.07
            while h < top {
                positions.append(SIMD2(x, front + random.nextGaussian(mean: 0, standardDeviation: sigma)))
                heights.append(Float(h))
                h += spacing
            }
            x += spacing
        }
        for _ in 0..<flying {
            positions.append(SIMD2(Double.random(in: left...right, using: &random), front - Double.random(in: 0...0.12, using: &random)))
            heights.append(Float(Double.random(in: 0.07...top, using: &random)))
        }
        return (positions, heights)
    }

    /// Runs `surfaceEdges` on the box of every occupied cell (as the object search makes it: cell
    /// centres ± half a cell, axis-aligned here), every cell holding a point labelled as the cluster.
    static func edges(_ points: (positions: [SIMD2<Double>], heights: [Float])) -> (
        cells: FloorPlanExtractor.PlanBox, surfaces: FloorPlanExtractor.PlanBox
    ) {
        let w = Int(4.0 / cell) + 1
        let d = Int(4.0 / cell) + 1
        var label = [Int32](repeating: -1, count: w * d)
        var lo = SIMD2<Double>(repeating: .infinity)
        var hi = SIMD2<Double>(repeating: -.infinity)
        for p in points.positions {
            let x = Int(p.x / cell)
            let z = Int(p.y / cell)
            label[z * w + x] = 0
            let c = SIMD2(Double(x) + 0.5, Double(z) + 0.5) * cell
            lo = pointwiseMin(lo, c - cell / 2)
            hi = pointwiseMax(hi, c + cell / 2)
        }
        let box = FloorPlanExtractor.PlanBox(centre: (lo + hi) / 2, u: SIMD2(1, 0), size: hi - lo)
        let grid = PlanPointGrid(
            positions: points.positions, heights: points.heights, cellSize: FloorPlanExtractor.pointGridCellSize)
        let out = FloorPlanExtractor().surfaceEdges(
            box, cluster: 0, label: label, grid: grid, origin: .zero, width: w, depth: d, cell: cell,
            heightRange: FloorPlanExtractor.objectFloorClearance...2.4)
        return (box, out)
    }

    /// Sides of a box: x from, x to, z from, z to.
    static func sides(_ b: FloorPlanExtractor.PlanBox) -> (Double, Double, Double, Double) {
        (b.centre.x - b.size.x / 2, b.centre.x + b.size.x / 2, b.centre.y - b.size.y / 2, b.centre.y + b.size.y / 2)
    }

    /// Depth noise of 1.5 cm on the front and 60 flying pixels in front of it: the occupied cells
    /// reach 9–12 cm in front of the face; the front side comes back to the face's half-height
    /// crossing (1.8 cm out) and the other sides, clean steps, stay within a bin of the truth.
    @Test func aNoisyFrontComesBackToItsSurface() {
        let sigma = 0.015
        let (cells, surfaces) = Self.edges(Self.counter(sigma: sigma, flying: 60, seed: 14))
        let (x0, x1, z0, z1) = Self.sides(surfaces)
        #expect(Self.front - Self.sides(cells).2 > 0.08, "the cells reach into the fringe: \(cells)")
        #expect(abs(Self.front - z0 - Self.halfHeightOffset * sigma) <= 0.5 * sigma + Self.binTolerance, "\(surfaces)")
        #expect(abs(z1 - Self.back) <= Self.cell / 2 + Self.binTolerance, "\(surfaces)")
        #expect(abs(x0 - Self.left) <= Self.cell / 2 + Self.binTolerance, "\(surfaces)")
        #expect(abs(x1 - Self.right) <= Self.cell / 2 + Self.binTolerance, "\(surfaces)")
    }

    /// Exact depth, no flying pixels: every side stays within a bin of the cells' box or moves onto
    /// the true surface (the cells' box is up to half a cell wider than the piece).
    @Test func cleanEdgesKeepTheirPlace() {
        let (cells, surfaces) = Self.edges(Self.counter(sigma: 0, flying: 0, seed: 14))
        let (x0, x1, z0, z1) = Self.sides(surfaces)
        let (c0, c1, c2, c3) = Self.sides(cells)
        for (found, truth, before) in [(x0, Self.left, c0), (x1, Self.right, c1), (z0, Self.front, c2), (z1, Self.back, c3)] {
            #expect(abs(found - truth) <= abs(before - truth) + Self.binTolerance, "\(surfaces) from \(cells)")
            #expect(abs(found - truth) <= Self.cell / 2 + Self.binTolerance, "\(surfaces)")
        }
    }

    /// A tall piece seen only from the front (a wardrobe's face, nothing behind it): the box of its
    /// face cells is not collapsed, its back side stays behind its front.
    @Test func aFaceSeenAloneKeepsItsDepth() {
        var random = SeededGenerator(seed: 7)
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        var x = 1.0
        while x < 2.0 {
            var h = 0.07
            while h < 2.0 {
                positions.append(SIMD2(x, 3.0 + random.nextGaussian(mean: 0, standardDeviation: 0.01)))
                heights.append(Float(h))
                h += Self.spacing
            }
            x += Self.spacing
        }
        let (cells, surfaces) = Self.edges((positions, heights))
        let (_, _, z0, z1) = Self.sides(surfaces)
        #expect(z1 > z0 && z0 >= Self.sides(cells).2 && z1 <= Self.sides(cells).3, "\(surfaces) from \(cells)")
        #expect(z0 < 3.0 && z1 > 3.0, "the face stays inside its box: \(surfaces)")
    }
}
