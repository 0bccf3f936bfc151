import FathomAnchors
import FathomCore
import FathomTestSupport
import Foundation
import Testing

@Suite struct FilmPaneMeshTests {
    /// Largest linear-sRGB difference between a 3 nm × 31-cosine table and the direct computation up
    /// to 60° from the normal, and up to grazing (where R → 1 and the Airy peaks sharpen).
    static let coarseTableTolerance: Float = 1.5e-3, coarseTableGrazingTolerance: Float = 0.06

    @Test func gridGeometryAndTopology() throws {
        let pane = try FilmPane(widthMetres: 0.4, heightMetres: 0.3, seed: 1)
        let mesh = try FilmPaneMesh(pane: pane, configuration: .init(columns: 5, rows: 4))
        #expect(mesh.vertexCount == 20 && mesh.positions.count == 20 && mesh.colors.count == 20)
        #expect(mesh.positions[0] == SIMD3(-0.2, 0.15, 0))  // top-left
        #expect(mesh.positions[19] == SIMD3(0.2, -0.15, 0))  // bottom-right
        let quads = mesh.quadVertexIndices
        #expect(quads.count == 4 * 12)
        #expect(Array(quads.prefix(4)) == [0, 5, 6, 1])
        // Every quad and triangle winds counter-clockwise seen from +z.
        let triangles = mesh.triangleVertexIndices
        #expect(triangles.count == 6 * 12)
        for k in stride(from: 0, to: triangles.count, by: 3) {
            let a = mesh.positions[triangles[k]]
            let b = mesh.positions[triangles[k + 1]]
            let c = mesh.positions[triangles[k + 2]]
            #expect((b - a).cross(c - a).z > 0)
        }
        // Thickness: the top row near 100 nm, the bottom row near 900 nm.
        #expect(mesh.thicknessesNanometres.prefix(5).allSatisfy { $0 < 350 })
        #expect(mesh.thicknessesNanometres.suffix(5).allSatisfy { $0 > 650 })
    }

    @Test func coloursComeFromThePhysicsAtEachVertexAngle() throws {
        let pane = try FilmPane(seed: 4)
        let eye = SIMD3<Float>(0.3, 0.1, 0.5)
        let config = FilmPaneMesh.Configuration(columns: 6, rows: 5, scaling: .exposure(8), eyeInAnchor: eye)
        let mesh = try FilmPaneMesh(pane: pane, configuration: config)
        let field = FilmThicknessField(pane: pane)
        for k in [0, 7, 16, 29] {
            let p = mesh.positions[k]
            let ray = eye - p
            let angle = Double(acos(ray.z / ray.length)) * 180 / .pi
            #expect(abs(Double(mesh.viewAnglesDegrees[k]) - angle) < 1e-3)
            let u = Double(k % 6) / 5
            let v = Double(k / 6) / 4
            let thickness = field.thicknessNanometres(u: u, v: v)
            #expect(abs(Double(mesh.thicknessesNanometres[k]) - thickness) < 1e-3)
            let expected = ThinFilm.soap.color(thicknessNanometres: thickness, incidenceAngleDegrees: angle).linearSRGB(
                .exposure(8))
            #expect(isClose(mesh.colors[k], SIMD3<Float>(expected), tolerance: 1e-4))
            #expect(mesh.colors[k].min() >= 0 && mesh.colors[k].max() <= 1)
        }
        // Viewing angle changes the colours.
        let headOn = try FilmPaneMesh(pane: pane, configuration: .init(columns: 6, rows: 5, scaling: .exposure(8)))
        #expect(headOn.colors != mesh.colors)
    }

    @Test func badConfigurationsAreRefused() throws {
        let pane = try FilmPane()
        #expect(throws: ThinFilmError.self) { try FilmPaneMesh(pane: pane, configuration: .init(columns: 1)) }
        #expect(throws: ThinFilmError.self) { try FilmPaneMesh(pane: pane, configuration: .init(rows: 5000)) }
        #expect(throws: ThinFilmError.self) {
            try FilmPaneMesh(pane: pane, configuration: .init(scaling: .exposure(0)))
        }
        #expect(throws: ThinFilmError.self) {
            try FilmPaneMesh(pane: pane, configuration: .init(eyeInAnchor: SIMD3(.nan, 0, 1)))
        }
    }

    @Test func colourTableAgreesWithTheDirectComputation() throws {
        // A coarser table than the default keeps the test fast; the default's error is in docs/thin-film.md.
        let table = try ThinFilmColorTable(
            configuration: .init(maximumThicknessNanometres: 600, thicknessStepNanometres: 3, cosineCount: 31))
        #expect(table.thicknessCount == 201 && table.cosineCount == 31)
        var g = SeededGenerator(seed: 11)
        var worst: Float = 0
        var worstGrazing: Float = 0
        for _ in 0..<300 {
            let d = Double.random(in: 0...600, using: &g)
            let a = Double.random(in: 0...90, using: &g)
            let direct = SIMD3<Float>(ThinFilm.soap.color(thicknessNanometres: d, incidenceAngleDegrees: a).linearSRGB)
            let looked = table.linearSRGB(thicknessNanometres: d, incidenceAngleDegrees: a)
            let error = max((direct - looked).max(), (looked - direct).max())
            if a <= 60 { worst = max(worst, error) } else { worstGrazing = max(worstGrazing, error) }
        }
        #expect(worst < Self.coarseTableTolerance)
        #expect(worstGrazing < Self.coarseTableGrazingTolerance)
        // On a grid point it is exact; outside the range it clamps.
        let angle = acos(0.6) * 180 / .pi  // cos θ = 18/30, a row of the table
        let exact = SIMD3<Float>(ThinFilm.soap.color(thicknessNanometres: 300, incidenceAngleDegrees: angle).linearSRGB)
        #expect(isClose(table.linearSRGB(thicknessNanometres: 300, cosIncidenceAngle: 0.6), exact, tolerance: 1e-6))
        #expect(
            table.linearSRGB(thicknessNanometres: 2000, incidenceAngleDegrees: 0)
                == table.linearSRGB(thicknessNanometres: 600, incidenceAngleDegrees: 0))
        #expect(throws: ThinFilmError.self) { try ThinFilmColorTable(configuration: .init(thicknessStepNanometres: 0)) }
    }
}
