import FathomCore
import FathomSimulator
import Testing

@testable import FathomSurfaces

/// The session's finder follows a growing cloud incrementally and finds what a fresh finder finds.
@Suite struct IncrementalFinderTests {
    @Test func appendedFinderMatchesAFreshOne() throws {
        let scene = SyntheticCrowdedScene(.sphere, totalPoints: 6000, sensor: .lidar(noise: 0.002), seed: 8)
        let session = SurfaceDetectionSession()
        // The object and part of the rest first, the remaining points in three frames.
        session.addPoints(Array(scene.positions[0..<3000]))
        let first = try session.makeFinder()
        #expect(first.pointCount == 3000)
        for k in 0..<3 {
            session.addPoints(Array(scene.positions[(3000 + k * 1000)..<(4000 + k * 1000)]))
            _ = try session.makeFinder()
        }
        let grown = try session.makeFinder()
        #expect(grown.pointCount == 6000)
        let fresh = try SurfaceFinder(positions: scene.positions)
        let search = SurfaceSearch(type: .sphere, seed: .index(0), seedRadius: scene.seedRadius, accuracy: 0.002)
        let a = try grown.find(search), b = try fresh.find(search)
        // The merged index keeps the first grid's cells, so the growth's connection radius may differ a
        // little from a fresh build's: the same object, up to a few points.
        let common = Set(a.surface?.fit.inlierIndices ?? []).intersection(b.surface?.fit.inlierIndices ?? []).count
        #expect(common * 100 >= 99 * (b.surface?.fit.inlierCount ?? 1))
        guard case let .sphere(s)? = a.surface, case let .sphere(_, radius) = scene.truth else {
            Issue.record("no sphere: \(a)"); return
        }
        #expect(abs(s.radius - radius) / radius < 0.01)
        // A new generation starts from scratch.
        session.clearPoints()
        session.addPoints(Array(scene.positions[0..<100]))
        #expect(try session.makeFinder().pointCount == 100)
    }
}
