import FathomCore
import FathomSimulator
import Testing

@testable import FathomSurfaces

/// Cell claiming where the band is wider than half an index cell (high noise next to the cells): the
/// claimed blocks hold only points the plain point-by-point flood takes too, and in-band points that
/// are not connected to the surface stay out.
@Suite struct WideBandClaimingTests {
    /// The hand-built plane: a square grid of this many points a side…
    static let gridSide = 100
    /// …this far apart, metres, on z = 0.
    static let gridSpacing: Float = 0.01
    /// The index cell edge, metres.
    static let cellSize: Float = 0.05
    /// The band's half-width, metres: wider than half a cell.
    static let band = 0.04
    /// The connection radius, metres (3.5 grid spacings, within a cell).
    static let connectionRadius: Float = 0.035
    /// The seed ball's radius, metres.
    static let seedRadius: Float = 0.1
    /// The share of the grid at least taken with claimed blocks.
    static let minimumClaimedShare = 0.5

    /// A plane grid and, past its edge in the neighbouring cells, single points lying within the band
    /// but farther than the connection radius from every grid point: the flood leaves them out, so
    /// claiming must too (a block of one in-band point is not a surface).
    @Test func claimedBlocksTakeExactlyTheConnectedPlane() throws {
        var positions: [SIMD3<Float>] = []
        for y in 0..<Self.gridSide {
            for x in 0..<Self.gridSide {
                positions.append(SIMD3(Float(x), Float(y), 0) * Self.gridSpacing)
            }
        }
        let gridCount = positions.count
        let edge = Float(Self.gridSide - 1) * Self.gridSpacing
        // 5 cm past the last column (or row) and 2 cm above the plane: within the band, 5.4 cm from
        // the nearest grid point, in the cell next to the grid's last one.
        var g = SeededGenerator(seed: 7)
        for _ in 0..<12 {
            let along = Float.random(in: 0...edge, using: &g)
            positions.append(SIMD3(edge + 0.05, along, 0.02))
            positions.append(SIMD3(along, edge + 0.05, -0.02))
        }
        let index = SpatialIndex(positions: positions, cellSize: Self.cellSize)
        #expect(Self.band > RegionGrower.claimBandCellFraction * Double(index.cellSize))
        let centre = SIMD3<Float>(0.5, 0.5, 0)
        let start = index.neighbors(of: centre, radius: Self.seedRadius).sorted()
        let plane = SurfaceModel.plane(point: .zero, normal: SIMD3(0, 0, 1))
        var grower = RegionGrower(
            positions: positions, index: index, band: Self.band, connectionRadius: Self.connectionRadius,
            seed: centre, reach: .infinity, excluded: [], normalRadius: 0)
        var reference = grower
        reference.fastGrowth = false
        grower.fastGrowth = true
        let fast = grower.grow(plane, from: start, initialReach: Self.seedRadius)
        let flood = reference.grow(plane, from: start, initialReach: Self.seedRadius)
        #expect(flood.inliers == Array(0..<gridCount))
        #expect(fast.inliers == flood.inliers, "\(fast.inliers.count) claimed growth vs \(flood.inliers.count) flooded")
        #expect(Double(fast.claimed.count) >= Self.minimumClaimedShare * Double(gridCount),
                "\(fast.claimed.count) of \(gridCount) claimed")
        #expect(Set(fast.claimed).isSubset(of: flood.inliers))
    }

    /// The largest symmetric difference of the two growths at 20 mm, as a fraction of the reference's.
    static let agreement = 0.01

    /// A crowded plane scene at 20 mm (a band of 6 cm in cells of about 7 cm): the claiming growth
    /// takes what the point flood takes and claims most of it.
    @Test func wideBandClaimingTakesWhatThePointFloodTakes() throws {
        let kind = SyntheticPrimitiveScene.Kind.plane
        let run = GrowthComparison(kind, noise: 0.02, seed: 21, connectionRadius: { $0.cellSize }, normalRadius: 0)
        let (a, b, difference) = (run.fast, run.reference, run.difference)
        #expect(run.fastGrower.band > RegionGrower.claimBandCellFraction * Double(run.fastGrower.index.cellSize))
        #expect(Double(a.claimed.count) >= Self.minimumClaimedShare * Double(a.inliers.count),
                "\(kind): \(a.claimed.count) of \(a.inliers.count) inliers claimed")
        #expect(Double(difference) <= Self.agreement * Double(b.inliers.count),
                "\(kind): \(a.inliers.count) claimed vs \(b.inliers.count) flooded, \(difference) differ")
        #expect(run.foreign(a.inliers) <= run.foreign(b.inliers) + Int(Self.agreement * Double(b.inliers.count)),
                "\(kind): \(run.foreign(a.inliers)) foreign points claimed vs \(run.foreign(b.inliers)) flooded")
        #expect(run.recall(a.inliers) >= 0.95, "\(kind): recall \(run.recall(a.inliers))")
    }
}

extension WideBandClaimingTests {
    /// Curved models claim no cells where the band is wider than half a cell: their growth is the
    /// point flood's, point for point.
    @Test(arguments: [SyntheticPrimitiveScene.Kind.sphere, .cylinder, .cone, .torus])
    func curvedModelsFloodPointByPointInAWideBand(kind: SyntheticPrimitiveScene.Kind) throws {
        let run = GrowthComparison(kind, noise: 0.02, seed: 21, connectionRadius: { $0.cellSize }, normalRadius: 0)
        #expect(run.fastGrower.band > RegionGrower.claimBandCellFraction * Double(run.fastGrower.index.cellSize))
        #expect(run.fast.claimed.isEmpty, "\(kind): \(run.fast.claimed.count) claimed")
        #expect(run.fast.inliers == run.reference.inliers)
    }
}
