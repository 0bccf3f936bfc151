import Fathom
import Foundation

/// A cloud of `n` room-surface points with colours and normals, seeded.
func ioBenchmarkCloud(_ n: Int, seed: UInt64) -> PointCloud {
    let positions = roomSurfacePoints(n, seed: seed)
    let colors = positions.map { RGB8(unit: $0 / SIMD3(5, 2.5, 4)) }
    let normals = positions.map { p -> SIMD3<Float> in
        p.y < 0.001 || p.y > 2.499 ? SIMD3(0, 1, 0) : (p.x < 0.001 || p.x > 4.999 ? SIMD3(1, 0, 0) : SIMD3(0, 0, 1))
    }
    return PointCloud(unchecked: positions, colors: colors, normals: normals)
}

/// A 960 × 720 camera-like image: smooth gradients plus seeded noise of ±8 levels.
func ioBenchmarkImage(seed: UInt64) -> RGBImage {
    var g = SeededGenerator(seed: seed)
    var image = RGBImage(width: 960, height: 720, repeating: .black)
    for y in 0..<720 {
        for x in 0..<960 {
            let n = Int.random(in: -8...8, using: &g)
            @inline(__always) func c(_ v: Int) -> UInt8 { UInt8(max(0, min(255, v + n))) }
            image[x, y] = RGB8(r: c(x * 255 / 960), g: c(y * 255 / 720), b: c(128 + (x - y) / 8))
        }
    }
    return image
}

var ioBenchmarks: [BenchmarkCase] { [
    BenchmarkCase(name: "io/ply-binary/encode/1M", iterations: 10) {
        let cloud = ioBenchmarkCloud(1_000_000, seed: 10)
        return { blackHole(PLYFile.encode(cloud)) }
    },
    BenchmarkCase(name: "io/ply-binary/write-file/1M", iterations: 5) {
        let cloud = ioBenchmarkCloud(1_000_000, seed: 11)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fathom-bench-\(getpid()).ply")
        return {
            try! PLYFile.write(cloud, to: url)
            try? FileManager.default.removeItem(at: url)
        }
    },
    BenchmarkCase(name: "io/ply-binary/decode/1M", iterations: 10) {
        let data = PLYFile.encode(ioBenchmarkCloud(1_000_000, seed: 12))
        return { blackHole(try! PLYFile.decode(data)) }
    },
    BenchmarkCase(name: "io/ply-ascii/decode/100k", iterations: 10) {
        let data = PLYFile.encode(ioBenchmarkCloud(100_000, seed: 13), options: PLYWriteOptions(format: .ascii))
        return { blackHole(try! PLYFile.decode(data)) }
    },
    BenchmarkCase(name: "io/xyz/decode/100k", iterations: 10) {
        let data = XYZFile.encode(ioBenchmarkCloud(100_000, seed: 14))
        return { blackHole(try! XYZFile.decode(data)) }
    },
    BenchmarkCase(name: "io/png/encode-rgb/960x720", iterations: 10) {
        let image = ioBenchmarkImage(seed: 15)
        return { blackHole(PNGEncoder.encode(image)) }
    },
    BenchmarkCase(name: "io/png/decode-rgb/960x720", iterations: 10) {
        let data = PNGEncoder.encode(ioBenchmarkImage(seed: 16))
        return { blackHole(try! PNGDecoder.decode(data)) }
    },
] }
