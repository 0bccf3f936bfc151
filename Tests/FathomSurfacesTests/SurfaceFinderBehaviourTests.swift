import FathomCore
import FathomSimulator
import FathomTestSupport
import Testing

@testable import FathomSurfaces

/// Parameters, reasons, signs, options and reentrancy of `SurfaceFinder`.
@Suite struct SurfaceFinderBehaviourTests {
    /// A 1 m × 0.6 m grid on z = 0 (1 cm spacing; point i · 60 + j at (i, j) cm) with ±0.5 mm noise, seeded.
    static let floor: [SIMD3<Float>] = {
        var g = SeededGenerator(seed: 11)
        var pts: [SIMD3<Float>] = []
        for i in 0..<100 { for j in 0..<60 {
            pts.append(SIMD3(Float(i) * 0.01, Float(j) * 0.01, Float(g.nextGaussian()) * 0.0005))
        } }
        return pts
    }()

    @Test func invalidParametersAreErrors() throws {
        #expect(throws: SurfaceFinderError.emptyCloud) { try SurfaceFinder(positions: []) }
        #expect(throws: SurfaceFinderError.emptyCloud) { try SurfaceFinder(positions: [SIMD3(.nan, 0, 0)]) }
        let finder = try SurfaceFinder(positions: Self.floor)
        func search(_ change: (inout SurfaceSearch) -> Void) -> SurfaceSearch {
            var s = SurfaceSearch(type: .plane, seed: .index(0), seedRadius: 0.1, accuracy: 0.001)
            change(&s)
            return s
        }
        #expect(throws: SurfaceFinderError.seedIndexOutOfRange(index: 6000, count: 6000)) {
            try finder.find(search { $0.seed = .index(6000) })
        }
        #expect(throws: SurfaceFinderError.nonPositive(parameter: "seedRadius", value: 0)) {
            try finder.find(search { $0.seedRadius = 0 })
        }
        #expect(throws: SurfaceFinderError.nonPositive(parameter: "accuracy", value: -1)) {
            try finder.find(search { $0.accuracy = -1 })
        }
        #expect(throws: SurfaceFinderError.levelOutOfRange(parameter: "radialExpansion", value: 11)) {
            try finder.find(search { $0.radialExpansion = 11 })
        }
        #expect(throws: SurfaceFinderError.nonFiniteSeed) { try finder.find(search { $0.seed = .point(SIMD3(.infinity, 0, 0)) }) }
    }

    @Test func planeNormalFacesTheViewpointAndCornersBoundTheInliers() throws {
        let finder = try SurfaceFinder(positions: Self.floor)
        var s = SurfaceSearch(type: .plane, seed: .point(SIMD3(0.5, 0.3, 0)), seedRadius: 0.1, accuracy: 0.001)
        s.viewpoint = SIMD3(0.5, 0.3, -2)
        let below = try #require(finder.find(s).surface)
        guard case let .plane(p) = below else { Issue.record("not a plane"); return }
        #expect(angleDegrees(p.normal, SIMD3(0, 0, -1)) < 0.2)
        #expect(p.fit.inlierCount >= 5950)  // the band adapts to the 0.5 mm noise: ±3σ
        #expect(isClose(p.center, SIMD3(0.495, 0.295, 0), tolerance: 0.003))
        let size = p.size
        #expect(isClose(max(size.x, size.y), 0.99, tolerance: 0.003))
        #expect(isClose(min(size.x, size.y), 0.59, tolerance: 0.003))
        #expect(p.corners.count == 4)
        s.viewpoint = SIMD3(0, 0, 3)
        guard case let .plane(q)? = try finder.find(s).surface else { Issue.record("not a plane"); return }
        #expect(angleDegrees(q.normal, SIMD3(0, 0, 1)) < 0.2)
    }

    @Test func lateralExtensionZeroStaysWithinTheSeedRadius() throws {
        let finder = try SurfaceFinder(positions: Self.floor)
        let s = SurfaceSearch(type: .plane, seed: .index(3030), seedRadius: 0.1, accuracy: 0.001, lateralExtension: 0)
        let found = try #require(try finder.find(s).surface)
        let seed = Self.floor[3030]
        #expect(found.fit.inlierIndices.allSatisfy { Self.floor[$0].distance(to: seed) <= 0.1 + 1e-6 })
        #expect(found.fit.inlierCount > 250 && found.fit.inlierCount < 330)  // π · 10² ≈ 314 points
    }

    @Test func excludedPointsAreNeverInliers() throws {
        let finder = try SurfaceFinder(positions: Self.floor)
        let excluded = Set(0..<3000)  // the half with x < 0.5
        let s = SurfaceSearch(type: .plane, seed: .index(4030), seedRadius: 0.1, accuracy: 0.001, excludedIndices: excluded)
        let found = try #require(try finder.find(s).surface)
        #expect(found.fit.inlierCount >= 2970)
        #expect(found.fit.inlierIndices.allSatisfy { !excluded.contains($0) })
    }

    @Test func notFoundCarriesAReason() throws {
        // Uniform noise in a cube has no surface; a curved type on a flat floor is degenerate.
        var g = SeededGenerator(seed: 5)
        let cube = (0..<2000).map { _ in
            SIMD3<Float>(Float.random(in: 0...1, using: &g), Float.random(in: 0...1, using: &g), Float.random(in: 0...1, using: &g))
        }
        let noise = try SurfaceFinder(positions: cube)
        let r = try noise.find(SurfaceSearch(type: .plane, seed: .index(0), seedRadius: 0.15, accuracy: 0.001))
        #expect(r.surface == nil)
        #expect(r.reason != nil)
        let flat = try SurfaceFinder(positions: Self.floor)
        let sphere = try flat.find(SurfaceSearch(type: .sphere, seed: .index(3030), seedRadius: 0.1, accuracy: 0.001))
        #expect(sphere.surface == nil, "\(sphere)")
        let sparse = try SurfaceFinder(positions: [SIMD3(0, 0, 0), SIMD3(1, 0, 0)])
        #expect(try sparse.find(SurfaceSearch(type: .plane, seed: .index(0), seedRadius: 0.1, accuracy: 0.01)).reason
            == .tooFewPointsNearSeed(found: 1, needed: SurfaceFinder.minimumSeedPoints))
    }

    @Test func anyChoosesTheSimplestFittingType() throws {
        for (kind, expected) in [(SyntheticPrimitiveScene.Kind.plane, SurfaceType.plane), (.sphere, .sphere), (.cylinder, .cylinder)] {
            let scene = SyntheticPrimitiveScene(kind, noise: 0.001, objectPoints: 1200, clutterPoints: 600, seed: 3)
            let finder = try SurfaceFinder(positions: scene.positions)
            let r = try finder.find(SurfaceSearch(type: .any, seed: .index(0), seedRadius: scene.seedRadius, accuracy: 0.001))
            #expect(r.surface?.type == expected, "\(kind): \(String(describing: r.surface?.type))")
        }
    }

    @Test func conversionsTurnDegenerateConesAndToriIntoSimplerTypes() throws {
        let cylinder = SyntheticPrimitiveScene(.cylinder, noise: 0.001, objectPoints: 1200, clutterPoints: 600, seed: 4)
        let f1 = try SurfaceFinder(positions: cylinder.positions)
        let cone = try f1.find(SurfaceSearch(type: .cone, seed: .index(0), seedRadius: cylinder.seedRadius, accuracy: 0.001))
        #expect(cone.surface?.type == .cylinder)
        let sphere = SyntheticPrimitiveScene(.sphere, noise: 0.001, objectPoints: 1200, clutterPoints: 600, seed: 4)
        let f2 = try SurfaceFinder(positions: sphere.positions)
        let torus = try f2.find(SurfaceSearch(type: .torus, seed: .index(0), seedRadius: sphere.seedRadius, accuracy: 0.001))
        #expect(torus.surface?.type == .sphere)
    }

    @Test func cylinderAxisFollowsTheSignRule() throws {
        let scene = SyntheticPrimitiveScene(.cylinder, noise: 0.001, objectPoints: 1200, clutterPoints: 600, seed: 9)
        let finder = try SurfaceFinder(positions: scene.positions)
        guard case let .cylinder(c)? = try finder.find(
            SurfaceSearch(type: .cylinder, seed: .index(0), seedRadius: scene.seedRadius, accuracy: 0.001)).surface
        else { Issue.record("no cylinder"); return }
        let a = c.axis
        let largest = [a.x, a.y, a.z].max { abs($0) < abs($1) }!
        #expect(largest > 0)
        #expect(isClose((c.top - c.bottom).normalized!, a, tolerance: 1e-3))
        #expect(c.height > 0.55 && c.height < 0.62)  // the arc is 0.6 m long
    }

    @Test func concurrentSearchesOnOneFinderAgree() async throws {
        let scene = SyntheticPrimitiveScene(.sphere, noise: 0.001, objectPoints: 1000, clutterPoints: 500, seed: 12)
        let finder = try SurfaceFinder(positions: scene.positions)
        let search = SurfaceSearch(type: .sphere, seed: .index(0), seedRadius: scene.seedRadius, accuracy: 0.001)
        let reference = try finder.find(search)
        let results = try await withThrowingTaskGroup(of: SurfaceSearchResult.self) { group in
            for _ in 0..<4 { group.addTask { try finder.find(search) } }
            return try await group.reduce(into: [SurfaceSearchResult]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == reference })
    }
}

/// Degenerate clouds give results or reasons, never crashes or hangs.
@Suite struct DegenerateCloudTests {
    @Test(arguments: SurfaceType.allCases)
    func degenerateCloudsDoNotCrash(type: SurfaceType) throws {
        let identical = [SIMD3<Float>](repeating: SIMD3(1, 2, 3), count: 50)
        let line = (0..<200).map { SIMD3<Float>(Float($0) * 0.01, 0, 0) }
        var withNaN = line
        withNaN[5] = SIMD3(.nan, 0, 0)
        for cloud in [identical, line, withNaN] {
            let finder = try SurfaceFinder(positions: cloud)
            let result = try finder.find(SurfaceSearch(type: type, seed: .index(0), seedRadius: 0.5, accuracy: 0.001))
            if let s = result.surface {
                #expect(s.fit.rms.isFinite)
                #expect(s.fit.inlierIndices.allSatisfy { cloud[$0].isFinite })
            } else {
                #expect(result.reason != nil)
            }
        }
    }
}
