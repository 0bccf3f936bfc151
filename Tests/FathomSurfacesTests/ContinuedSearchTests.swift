import FathomCore
import FathomSimulator
import FathomTestSupport
import Testing

@testable import FathomSurfaces

/// A search continued on a cloud that only grew gives what a full search on the same cloud gives,
/// and runs a full search (saying why) when it cannot continue.
@Suite struct ContinuedSearchTests {
    /// Where the continued and the full search disagree and the simulator's truth sides with the full
    /// search (points the continued search takes off the object, or leaves out of it while the full
    /// search takes them), at most this share of the full search's inliers: the two take the band's
    /// points connected to the seed in a different order (covered points take their coverer's test,
    /// the full growth's widening band and touching-plane step are not repeated).
    static let wrongDisagreementShare = 0.02
    /// All disagreements, whichever side the truth takes, at most this share of the full search's
    /// inliers (a full search on a cylinder misses up to 3% of the object's points that the
    /// continued region keeps from an earlier frame).
    static let disagreementShare = 0.05
    /// The continued region holds at least this share of the object's points delivered so far.
    static let minimumRecall = 0.95
    /// The continued model may differ from the full search's by at most this fraction of the search's
    /// accuracy (the largest change of an inlier's orthogonal distance).
    static let modelShiftAccuracyFraction = 0.5

    /// A crowded scene delivered in shuffled frames (half the cloud first, then `frames` equal parts);
    /// after every frame the search continues from the previous frame's result and runs in full on
    /// the same cloud.
    func framesCompared(_ kind: SyntheticPrimitiveScene.Kind, noise: Float, points: Int, frames: Int, seed: UInt64)
        throws -> [(continued: ContinuedSearch, full: ContinuedSearch, finder: SurfaceFinder, scene: SyntheticCrowdedScene)]
    {
        let scene = SyntheticCrowdedScene(kind, totalPoints: points, sensor: .lidar(noise: noise), seed: seed)
        var order = Array(scene.positions.indices)
        var generator = SeededGenerator(seed: seed &+ 1)
        order.shuffle(using: &generator)
        let shuffled = order.map { scene.positions[$0] }
        let type = try #require(SurfaceType(rawValue: kind.rawValue))
        let search = SurfaceSearch(
            type: type, seed: .point(scene.positions[0]), seedRadius: scene.seedRadius, accuracy: noise)
        let half = points / 2
        var finder = try SurfaceFinder(positions: Array(shuffled[0..<half]))
        var previous = try finder.find(search, continuing: nil)
        #expect(previous.start == .full(.noPreviousSurface))
        #expect(previous.result == (try finder.find(search)))
        var out: [(ContinuedSearch, ContinuedSearch, SurfaceFinder, SyntheticCrowdedScene)] = []
        let step = (points - half + frames - 1) / frames
        for start in stride(from: half, to: points, by: step) {
            finder = finder.appending(Array(shuffled[start..<min(points, start + step)]))
            let continued = try finder.find(search, continuing: previous.continuation)
            let full = try finder.find(search, continuing: nil)
            out.append((continued, full, finder, scene))
            previous = continued
        }
        return out
    }

    /// Every frame continues, and matches the full search on the same cloud: the same inliers within
    /// `disagreementShare` (within `wrongDisagreementShare` where the truth sides with the full
    /// search), the same model within half the accuracy, and the object's points taken.
    @Test(arguments: [
        (SyntheticPrimitiveScene.Kind.sphere, Float(0.005)), (.sphere, 0.001), (.cylinder, 0.005), (.plane, 0.005),
    ])
    func continuedSearchMatchesAFullOne(kind: SyntheticPrimitiveScene.Kind, noise: Float) throws {
        let compared = try framesCompared(kind, noise: noise, points: 24_000, frames: 6, seed: 31)
        #expect(compared.count == 6)
        for (continued, full, finder, scene) in compared {
            #expect(continued.start.isContinued, "\(kind) \(noise): \(continued.start)")
            let a = try #require(continued.result.surface), b = try #require(full.result.surface)
            #expect(a.type == b.type)
            let warm = Set(a.fit.inlierIndices), cold = Set(b.fit.inlierIndices)
            let difference = warm.symmetricDifference(cold).count
            #expect(Double(difference) <= Self.disagreementShare * Double(cold.count),
                    "\(kind) \(noise): \(difference) of \(cold.count) inliers differ")
            // The simulator's truth: the object's points are the first `objectCount` of the scene.
            let object = Set(scene.positions[0..<scene.objectCount])
            let onObject = { (i: Int) in object.contains(finder.positions[i]) }
            let wrong = warm.subtracting(cold).filter { !onObject($0) }.count + cold.subtracting(warm).filter(onObject).count
            #expect(Double(wrong) <= Self.wrongDisagreementShare * Double(cold.count),
                    "\(kind) \(noise): \(wrong) of \(cold.count) inliers differ where the truth sides with the full search")
            let delivered = finder.positions.filter { object.contains($0) }.count
            #expect(Double(a.fit.inlierIndices.filter(onObject).count) >= Self.minimumRecall * Double(delivered))
            let shift = SurfaceFinder.largestShift(
                from: try #require(continued.continuation).model, to: try #require(full.continuation).model,
                over: b.fit.inlierIndices, finder.positions)
            #expect(shift <= Self.modelShiftAccuracyFraction * Double(noise), "\(kind) \(noise): model shift \(shift) m")
        }
    }

    /// Points appended into a gap connect the part of the wall beyond it, which the previous search
    /// could not reach: the continued search floods through the new points into the old ones.
    @Test func appendedPointsConnectWhatLayBeyondAGap() throws {
        // A wall at z = −2 on a 1 cm grid, x in [−0.3, 0.3) and [0.5, 1.1): 20 cm apart.
        func columns(_ count: Int, from x0: Float) -> [SIMD3<Float>] {
            var points: [SIMD3<Float>] = []
            for i in 0..<count {
                for j in 0..<60 { points.append(SIMD3<Float>(x0 + Float(i) * 0.01, Float(j) * 0.01 - 0.3, -2)) }
            }
            return points
        }
        let sides = columns(60, from: -0.3) + columns(60, from: 0.5)
        let gap = columns(20, from: 0.3)
        let search = SurfaceSearch(type: .plane, seed: .index(0), seedRadius: 0.1, accuracy: 0.002)
        let before = try SurfaceFinder(positions: sides)
        let first = try before.find(search, continuing: nil)
        #expect(first.result.surface?.fit.inlierIndices == Array(0..<3600))
        let after = before.appending(gap)
        let continued = try after.find(search, continuing: first.continuation)
        #expect(continued.start == .continued(taken: 4800, dropped: 0))
        let full = try after.find(search)
        #expect(continued.result.surface?.fit.inlierIndices == Array(0..<8400))
        #expect(full.surface?.fit.inlierIndices == Array(0..<8400))
        guard case let .plane(p)? = continued.result.surface else { Issue.record("no plane"); return }
        #expect(angleDegrees(p.normal, SIMD3(0, 0, 1)) < 0.01)
        #expect(abs(p.center.z + 2) < 1e-5)
    }

    /// Two parallel walls and, 1 m beside the first, a wall in its plane: a search on the first wall.
    static let walls: [SIMD3<Float>] = {
        var points: [SIMD3<Float>] = []
        for (x0, z) in [(Float(-0.3), Float(-2)), (0.7, -2.5), (1.7, -2)] {
            for i in 0..<40 { for j in 0..<40 { points.append(SIMD3(x0 + Float(i) * 0.01, Float(j) * 0.01 - 0.2, z)) } }
        }
        return points
    }()

    /// Each reason a search cannot continue gives a full search, the same result as `find(_:)`.
    @Test func fullSearchWhenTheSearchCannotContinue() throws {
        let finder = try SurfaceFinder(positions: Self.walls)
        let search = SurfaceSearch(type: .plane, seed: .index(0), seedRadius: 0.1, accuracy: 0.002)
        let first = try finder.find(search, continuing: nil)
        let previous = try #require(first.continuation)
        #expect(first.result.surface?.fit.inlierIndices == Array(0..<1600))
        func expectFull(_ s: SurfaceSearch, on f: SurfaceFinder = finder, _ reason: FullSearchReason) throws {
            let r = try f.find(s, continuing: previous)
            #expect(r.start == .full(reason))
            #expect(r.result == (try f.find(s)))
        }
        // The same search continues (nothing appended: the same region).
        let same = try finder.find(search, continuing: previous)
        #expect(same.start == .continued(taken: 0, dropped: 0))
        #expect(same.result.surface?.fit.inlierIndices == first.result.surface?.fit.inlierIndices)
        // The seed on the wall behind (off the plane), or on the coplanar wall beside (not connected).
        var moved = search
        moved.seed = .index(1600)
        try expectFull(moved, .seedLeftSurface)
        moved.seed = .index(3200)
        try expectFull(moved, .seedLeftSurface)
        var changed = search
        changed.accuracy = 0.003
        try expectFull(changed, .searchChanged)
        changed = search
        changed.excludedIndices = [5]
        try expectFull(changed, .searchChanged)
        // A search that decides between types decides again over the whole region.
        var any = search
        any.type = .any
        let decided = try finder.find(any, continuing: nil)
        let again = try finder.find(any, continuing: decided.continuation)
        #expect(again.start == .full(.typeDecision))
        #expect(again.result == (try finder.find(any)))
        // The seed may move on the surface; its radius may change when the reach is unlimited, not otherwise.
        var other = search
        other.seed = .index(820)
        other.seedRadius = 0.15
        #expect(try finder.find(other, continuing: previous).start.isContinued)
        other.lateralExtension = 4
        let limited = try finder.find(other, continuing: nil)
        #expect(try finder.find(other, continuing: limited.continuation).start.isContinued)
        var radius = other
        radius.seedRadius = 0.12
        let r = try finder.find(radius, continuing: limited.continuation)
        #expect(r.start == .full(.searchChanged))
        // A cloud that is not the previous one with points appended.
        let smaller = try SurfaceFinder(positions: Array(Self.walls[0..<1000]))
        try expectFull(search, on: smaller, .cloudNotAppended)
        let moved3 = try SurfaceFinder(positions: Self.walls.map { $0 + SIMD3(0, 0, 0.01) })
        try expectFull(search, on: moved3, .cloudNotAppended)
        // Nothing to continue from.
        #expect(try finder.find(search, continuing: nil).start == .full(.noPreviousSurface))
    }
}
