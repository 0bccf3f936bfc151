import FathomCore
import Foundation
import Testing

@testable import FathomSurfaces

/// CurvSurf's public `sample.xyz` (MIT, see Fixtures/SOURCE.md) with the parameters CurvSurf publishes.
@Suite struct CurvSurfSampleTests {
    /// The fixture's points, parsed here (three numbers per line).
    static let positions: [SIMD3<Float>] = {
        guard let url = Bundle.module.url(forResource: "sample", withExtension: "xyz", subdirectory: "Fixtures"),
              let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return text.split(whereSeparator: \.isNewline).compactMap { line in
            let f = line.split(separator: " ").compactMap { Float($0) }
            return f.count == 3 ? SIMD3(f[0], f[1], f[2]) : nil
        }
    }()

    static let finder = try? SurfaceFinder(positions: positions)

    /// The 2025 iOS demo's parameters: accuracy 0.01, mean distance 0.05, seed radius 0.08, RE 5, LE 10,
    /// all conversions on.
    static func demo(_ type: SurfaceType, _ seed: Int) -> SurfaceSearch {
        SurfaceSearch(
            type: type, seed: .index(seed), seedRadius: 0.08, accuracy: 0.01, meanDistance: 0.05,
            lateralExtension: 10, radialExpansion: 5, conversions: .all)
    }

    /// The 2018 sample's and 2021 demos' parameters: accuracy 0.01, mean distance 0.01, seed radius 0.025.
    static func classic(_ type: SurfaceType, _ seed: Int, conversions: SurfaceConversions = []) -> SurfaceSearch {
        SurfaceSearch(
            type: type, seed: .index(seed), seedRadius: 0.025, accuracy: 0.01, meanDistance: 0.01,
            conversions: conversions)
    }

    @Test func fixtureHasAllPoints() {
        #expect(Self.positions.count == 9664)
    }

    @Test(arguments: [(SurfaceType.sphere, 7811), (.cylinder, 3437), (.cone, 6637), (.torus, 7384)])
    func findsTheFourObjectsWithThePublishedParameters(type: SurfaceType, seed: Int) throws {
        let finder = try #require(Self.finder)
        for search in [Self.demo(type, seed), Self.classic(type, seed)] {
            let result = try finder.find(search)
            let surface = try #require(result.surface, "\(type)@\(seed): \(result)")
            #expect(surface.type == type)
            #expect(surface.fit.inlierIndices.contains(seed) || surface.fit.inlierCount > 100)
            #expect(surface.fit.rms <= 0.01)
            #expect(surface.fit.inlierCount >= 100, "\(type)@\(seed): \(surface.fit.inlierCount) inliers")
        }
    }

    @Test(arguments: [(SurfaceType.cone, 3437, SurfaceType.cylinder), (.torus, 7811, .sphere), (.torus, 3437, .cylinder)])
    func smartConversionPresetsConvert(type: SurfaceType, seed: Int, expected: SurfaceType) throws {
        let finder = try #require(Self.finder)
        for search in [Self.demo(type, seed), Self.classic(type, seed, conversions: .all)] {
            let result = try finder.find(search)
            #expect(result.surface?.type == expected, "\(type)@\(seed): \(result)")
        }
    }
}
