import FathomAnchors
import FathomCore
import Foundation
import Testing

@Suite struct FilmPaneShadingTests {
    @Test func tableShadingMatchesTheDirectColours() throws {
        let pane = try FilmPane(seed: 5)
        let table = try ThinFilmColorTable(
            configuration: .init(maximumThicknessNanometres: 900, thicknessStepNanometres: 3, cosineCount: 41))
        var colors: [SIMD3<Float>] = []
        for eye in [SIMD3<Float>(0, 0, 0.8), SIMD3(0.5, 0.2, 0.4), SIMD3(-0.3, -0.4, 0.6)] {
            let direct = try FilmPaneMesh(
                pane: pane, configuration: .init(columns: 9, rows: 7, scaling: .exposure(1), eyeInAnchor: eye))
            direct.shade(from: eye, table: table, scaling: .exposure(1), into: &colors)
            #expect(colors.count == 63)
            let worst = zip(colors, direct.colors).map { max(($0 - $1).max(), ($1 - $0).max()) }.max()!
            #expect(worst < 2e-3)
            // A different viewer gives different colours.
            var other: [SIMD3<Float>] = []
            direct.shade(from: eye + SIMD3(0.4, 0, 0), table: table, scaling: .exposure(1), into: &other)
            #expect(other != colors)
        }
    }
}
