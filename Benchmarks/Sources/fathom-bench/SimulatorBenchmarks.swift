import Fathom

/// The demo scan at a frame where the table, ring and cone are in view.
func demoSimulation() -> ScanSimulation {
    // The preset is valid by construction.
    try! ScanSimulation(preset: .demo, seed: 1)
}

var simulatorBenchmarks: [BenchmarkCase] {
    [
        BenchmarkCase(name: "sim/depth-frame/256x192 demo", iterations: 20) {
            let sim = demoSimulation()
            let pose = sim.groundTruthWorldFromCamera(frame: 90)
            return {
                blackHole(sim.depthSimulator.render(worldFromCamera: pose, frameNumber: 90, timestamp: 3, seed: 1))
            }
        },
        BenchmarkCase(name: "sim/feature-frame/demo", iterations: 20) {
            let sim = demoSimulation()
            let pose = sim.groundTruthWorldFromCamera(frame: 90)
            return {
                blackHole(sim.featureSimulator.render(worldFromCamera: pose, frameNumber: 90, timestamp: 3, seed: 1))
            }
        },
        BenchmarkCase(name: "sim/camera-image/256x192 demo", iterations: 20) {
            let sim = demoSimulation()
            let pose = sim.groundTruthWorldFromCamera(frame: 90)
            return {
                blackHole(sim.imageSimulator.render(worldFromCamera: pose, frameNumber: 90, timestamp: 3, seed: 1))
            }
        },
        BenchmarkCase(name: "sim/full-frame/demo (depth+image+features)", iterations: 10) {
            let sim = demoSimulation()
            return { blackHole(sim.frame(90)) }
        },
        BenchmarkCase(name: "sim/distance-to-surface/demo (10k points)", iterations: 10) {
            let sim = demoSimulation()
            var g = SeededGenerator(seed: 3)
            let points = (0..<10_000).map { _ in
                SIMD3<Float>(
                    Float.random(in: 0...5, using: &g), Float.random(in: 0...2.6, using: &g),
                    Float.random(in: 0...4, using: &g))
            }
            return {
                var s: Float = 0
                for p in points { s += sim.scene.distanceToNearestSurface(p) }
                blackHole(s)
            }
        },
    ]
}
