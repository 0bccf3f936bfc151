import FathomCore
import FathomSimulator
import Foundation
import Testing

@testable import FathomSurfaces

/// Block claiming under the orientation test (issue 16, ninth pass): a block is claimed when its
/// points lie along the model as one patch and within the noise of it; the claimed growth takes what
/// the per-point rule (the plain flood, every point tested on its own patch) takes.
@Suite struct TestedClaimingTests {
    /// The hand-built ball's radius, metres, and its centre's height above the floor (it rests on it).
    static let ballRadius: Float = 0.3
    /// Spacing of the hand-built points, metres.
    static let spacing: Float = 0.01
    /// The index cell edge, metres.
    static let cellSize: Float = 0.05
    /// The band's half-width, metres (3 × a 5 mm noise): within half a cell, so blocks are claimed.
    static let band = 0.015
    /// The orientation test's patch radius, metres (1.5 bands, as a search sets it).
    static let normalRadius: Float = 0.0225
    /// The connection radius, metres (3.5 spacings, within a cell).
    static let connectionRadius: Float = 0.035
    /// The seed ball's radius, metres.
    static let seedRadius: Float = 0.1
    /// The share of the ball's points at least taken with claimed blocks.
    static let minimumClaimedShare = 0.5
    /// Points off the ball the claimed growth may take beyond the flood's, as a fraction of the ball.
    static let foreignTolerance = 0.005

    /// Points on a sphere (a Fibonacci lattice at about `spacing`).
    static func ball(centre: SIMD3<Float>) -> [SIMD3<Float>] {
        let area = 4 * Float.pi * ballRadius * ballRadius
        let count = Int(area / (spacing * spacing))
        let golden = Float.pi * (3 - 5.0.squareRoot().float)
        return (0..<count).map { k in
            let z = 1 - 2 * (Float(k) + 0.5) / Float(count)
            let ring = (1 - z * z).squareRoot()
            let angle = golden * Float(k)
            return centre + ballRadius * SIMD3(ring * cos(angle), ring * sin(angle), z)
        }
    }

    /// Grows the ball from its top twice, claiming blocks under the test and as the plain flood.
    static func grow(_ positions: [SIMD3<Float>], centre: SIMD3<Float>)
        -> (claimed: (inliers: [Int], claimed: [Int]), flood: [Int])
    {
        let index = SpatialIndex(positions: positions, cellSize: cellSize)
        let top = centre + SIMD3(0, 0, ballRadius)
        let start = index.neighbors(of: top, radius: seedRadius).sorted()
        let model = SurfaceModel.sphere(center: SIMD3<Double>(centre), radius: Double(ballRadius))
        var grower = RegionGrower(
            positions: positions, index: index, band: band, connectionRadius: connectionRadius,
            seed: top, reach: .infinity, excluded: [], normalRadius: normalRadius)
        var reference = grower
        reference.fastGrowth = false
        grower.fastGrowth = true
        let fast = grower.grow(model, from: start, initialReach: seedRadius)
        let flood = reference.grow(model, from: start, initialReach: seedRadius)
        return ((fast.inliers, fast.claimed), flood.inliers)
    }

    /// A ball alone: the claimed growth takes exactly the flood's points (all of the ball) and claims
    /// most of them.
    @Test func aBallAloneIsClaimedExactlyAsFlooded() throws {
        let centre = SIMD3<Float>(0, 0, Self.ballRadius)
        let positions = Self.ball(centre: centre)
        let (fast, flood) = Self.grow(positions, centre: centre)
        #expect(flood == Array(0..<positions.count))
        #expect(fast.inliers == flood, "\(fast.inliers.count) claimed growth vs \(flood.count) flooded")
        #expect(Double(fast.claimed.count) >= Self.minimumClaimedShare * Double(positions.count),
                "\(fast.claimed.count) of \(positions.count) claimed")
    }

    /// A ball on a floor with a wall cutting through its side (a tangent surface and a steep one): the
    /// claimed growth takes the ball as the flood does, and no more of the floor and the wall.
    @Test func touchingAndCrossingSurfacesStayOutAsInTheFlood() throws {
        let centre = SIMD3<Float>(0, 0, Self.ballRadius)
        var positions = Self.ball(centre: centre)
        let ballCount = positions.count
        let side = Int(4 * Self.ballRadius / Self.spacing)
        for y in 0..<side {
            for x in 0..<side {
                let u = Float(x) * Self.spacing - 2 * Self.ballRadius, v = Float(y) * Self.spacing - 2 * Self.ballRadius
                positions.append(SIMD3(u, v, 0))
                // The wall at x = 0.8 r, standing on the floor.
                if v >= 0 { positions.append(SIMD3(0.8 * Self.ballRadius, u, v)) }
            }
        }
        let (fast, flood) = Self.grow(positions, centre: centre)
        let ballFast = fast.inliers.filter { $0 < ballCount }.count
        let ballFlood = flood.filter { $0 < ballCount }.count
        let foreignFast = fast.inliers.count - ballFast, foreignFlood = flood.count - ballFlood
        #expect(ballFast >= ballFlood, "ball points: \(ballFast) claimed growth vs \(ballFlood) flooded")
        #expect(Double(foreignFast - foreignFlood) <= Self.foreignTolerance * Double(ballCount),
                "floor and wall points: \(foreignFast) claimed growth vs \(foreignFlood) flooded")
        #expect(Double(fast.claimed.count) >= Self.minimumClaimedShare * Double(ballFlood),
                "\(fast.claimed.count) of \(ballFlood) claimed")
        let floodSet = Set(flood)
        let claimedBeyondFlood = fast.claimed.filter { !floodSet.contains($0) }.count
        // A block whose region points lie within the strip where the wall crosses the ball's band
        // passes as one patch although the wall's own points, tested one by one, would not: a few
        // (29 of ~11 000 on this cloud) are taken that the per-point rule leaves out.
        #expect(Double(claimedBeyondFlood) <= Self.foreignTolerance * Double(ballCount),
                "\(claimedBeyondFlood) claimed points the flood leaves out")
    }

    /// Symmetric difference allowed between the claimed growth and the flood on the crowded scenes,
    /// as a fraction of the flood's inliers (as `TestedGrowthTests.agreement`).
    static let agreement = 0.02
    /// The share of the object's in-band points the two may take differently.
    static let recallTolerance = 0.005

    /// Crowded scenes at 5 mm (the object touching a floor, a wall and distractors): the claimed
    /// growth takes what the tested flood takes, claims most of a sphere, and keeps the recall.
    @Test(arguments: SyntheticPrimitiveScene.Kind.allCases.filter { $0 != .plane })
    func claimingUnderTheTestTakesWhatTheTestedFloodTakes(kind: SyntheticPrimitiveScene.Kind) throws {
        let noise: Float = 0.005
        let normalRadius = Float(1.5 * 3 * Double(noise))
        let run = GrowthComparison(
            kind, noise: noise, seed: 23, connectionRadius: { _ in 1.5 * normalRadius }, normalRadius: normalRadius)
        let (a, b, difference) = (run.fast, run.reference, run.difference)
        #expect(b.claimed.isEmpty)
        #expect(Double(difference) <= Self.agreement * Double(b.inliers.count),
                "\(kind): \(a.inliers.count) claimed growth vs \(b.inliers.count) flooded, \(difference) differ")
        let (fastRecall, referenceRecall) = (run.recall(a.inliers), run.recall(b.inliers))
        #expect(fastRecall >= referenceRecall - Self.recallTolerance,
                "\(kind): recall \(fastRecall) claimed growth vs \(referenceRecall) flooded")
        let (foreign, referenceForeign) = (run.foreign(a.inliers), run.foreign(b.inliers))
        #expect(Double(foreign - referenceForeign) <= TestedGrowthTests.foreignTolerance * Double(b.inliers.count),
                "\(kind): \(foreign) points off the object claimed growth vs \(referenceForeign) flooded")
        if kind == .sphere {
            #expect(Double(a.claimed.count) >= Self.minimumClaimedShare * Double(a.inliers.count),
                    "\(kind): \(a.claimed.count) of \(a.inliers.count) claimed")
        }
    }
}

private extension Double {
    var float: Float { Float(self) }
}
