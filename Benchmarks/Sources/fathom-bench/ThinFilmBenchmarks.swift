import Fathom
import Foundation

/// 1000 (thickness nm, angle °) pairs over a soap film's range, seeded.
func thinFilmSamples(seed: UInt64) -> [(Double, Double)] {
    var g = SeededGenerator(seed: seed)
    return (0..<1000).map { _ in (Double.random(in: 0...1500, using: &g), Double.random(in: 0...85, using: &g)) }
}

var thinFilmBenchmarks: [BenchmarkCase] {
    [
        // Milliseconds per 1000 colours = microseconds per colour.
        BenchmarkCase(name: "thinfilm/color (1000 colours)", iterations: 50) {
            let samples = thinFilmSamples(seed: 1)
            return {
                var sum = SIMD3<Double>.zero
                for (d, a) in samples {
                    sum += ThinFilm.soap.color(thicknessNanometres: d, incidenceAngleDegrees: a).xyz
                }
                blackHole(sum)
            }
        },
        BenchmarkCase(name: "thinfilm/table/build (751x65)", iterations: 5) {
            { blackHole(try! ThinFilmColorTable()) }
        },
        BenchmarkCase(name: "thinfilm/table/lookup (1000 colours)", iterations: 200) {
            let table = try! ThinFilmColorTable()
            let samples = thinFilmSamples(seed: 2).map { ($0.0, cos($0.1 * .pi / 180)) }
            return {
                var sum = SIMD3<Float>.zero
                for (d, c) in samples { sum += table.linearSRGB(thicknessNanometres: d, cosIncidenceAngle: c) }
                blackHole(sum)
            }
        },
        BenchmarkCase(name: "thinfilm/pane-mesh/17x13", iterations: 50) {
            let pane = try! FilmPane(seed: 3)
            return { blackHole(try! FilmPaneMesh(pane: pane)) }
        },
        BenchmarkCase(name: "thinfilm/export-usda/10 panes", iterations: 10) {
            let anchors = (0..<10).map { k in
                try! FilmPane(seed: UInt64(k)).anchor(
                    worldFromAnchor: RigidTransform(translation: SIMD3(Float(k), 1.5, -1)))
            }
            let scene = try! FilmPaneScene(anchors: anchors)
            return { blackHole(try! scene.usda()) }
        },
    ]
}

var thinFilmReports: [BenchmarkReport] {
    [
        BenchmarkReport(name: "thinfilm/chromaticity") {
            print("thickness nm   x (0°)     y (0°)     x (45°)    y (45°)    Y (0°)")
            for d in stride(from: 100.0, through: 1000, by: 100) {
                let head = ThinFilm.soap.color(thicknessNanometres: d)
                let tilted = ThinFilm.soap.color(thicknessNanometres: d, incidenceAngleDegrees: 45)
                let a = head.chromaticity!
                let b = tilted.chromaticity!
                print(String(format: "%12.0f %10.4f %10.4f %10.4f %10.4f %10.4f", d, a.x, a.y, b.x, b.y, head.xyz.y))
            }
        },
        BenchmarkReport(name: "thinfilm/table-error") {
            let table = try! ThinFilmColorTable()
            var g = SeededGenerator(seed: 9)
            print("angle band   max |table − direct| (linear sRGB, 20000 samples per band, 0…1500 nm)")
            for band in [(0.0, 30.0), (30, 60), (60, 75), (75, 85), (85, 90)] {
                var worst: Float = 0
                for _ in 0..<20_000 {
                    let d = Double.random(in: 0...1500, using: &g)
                    let a = Double.random(in: band.0...band.1, using: &g)
                    let direct = SIMD3<Float>(
                        ThinFilm.soap.color(thicknessNanometres: d, incidenceAngleDegrees: a).linearSRGB)
                    let looked = table.linearSRGB(thicknessNanometres: d, incidenceAngleDegrees: a)
                    worst = max(worst, (direct - looked).max(), (looked - direct).max())
                }
                print(String(format: "%4.0f…%-4.0f°   %.5f", band.0, band.1, worst))
            }
        },
    ]
}

var thinFilmShadingBenchmarks: [BenchmarkCase] {
    [
        BenchmarkCase(name: "thinfilm/pane-shade-table/17x13", iterations: 200) {
            let mesh = try! FilmPaneMesh(pane: try! FilmPane(seed: 4))
            let table = try! ThinFilmColorTable()
            var colors: [SIMD3<Float>] = []
            var k: Float = 0
            return {
                k += 0.01
                mesh.shade(from: SIMD3(0.3 * sin(k), 0.1, 0.8), table: table, scaling: .exposure(10), into: &colors)
                blackHole(colors)
            }
        }
    ]
}
