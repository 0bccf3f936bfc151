import Foundation
import Fathom

/// A 1920 × 1440 sensor-frame hand (palm and finger pointing up on a portrait screen) as a mask.
func benchmarkHandMask(size: Int) -> GrayImage {
    SyntheticHand.pointing(
        tip: SIMD2(700, 760), direction: SIMD2(-1, 0), fingerLength: 420, fingerRadius: 60, palmRadius: 260,
        referenceWidth: 1920, referenceHeight: 1440
    ).mask(width: size, height: size)
}

var handsBenchmarks: [BenchmarkCase] { [
    BenchmarkCase(name: "hands/fingertip/224 (.up)", iterations: 2000) {
        let mask = benchmarkHandMask(size: 224)
        let detector = FingertipDetector()
        return { blackHole(detector.fingertip(in: mask)) }
    },
    BenchmarkCase(name: "hands/fingertip/224 (.right)", iterations: 2000) {
        let mask = benchmarkHandMask(size: 224)
        let detector = FingertipDetector(configuration: .init(orientation: .right))
        return { blackHole(detector.fingertip(in: mask)) }
    },
    BenchmarkCase(name: "hands/fingertip/224 (full mask)", iterations: 2000) {
        let mask = GrayImage(width: 224, height: 224, repeating: 255)
        let detector = FingertipDetector(configuration: .init(orientation: .right))
        return { blackHole(detector.fingertip(in: mask)) }
    },
    BenchmarkCase(name: "hands/fingertip/224 (empty mask)", iterations: 2000) {
        let mask = GrayImage(width: 224, height: 224, repeating: 0)
        let detector = FingertipDetector()
        return { blackHole(detector.fingertip(in: mask)) }
    },
    BenchmarkCase(name: "hands/fingertip/112 (.right)", iterations: 2000) {
        let mask = benchmarkHandMask(size: 112)
        let detector = FingertipDetector(configuration: .init(orientation: .right))
        return { blackHole(detector.fingertip(in: mask)) }
    },
    BenchmarkCase(name: "hands/touch-update (plane hit)", iterations: 2000) {
        let camera = PinholeCamera(
            intrinsics: .iPhoneWide1920x1440,
            worldFromCamera: .lookAt(eye: SIMD3(0, 0.3, 0.05), target: SIMD3(0, 0, -0.1), up: SIMD3(1, 0, 0))!)
        let scene = TouchScene(surfaces: [TouchSurface.horizontal(center: SIMD3(0, 0, -0.1), sizeX: 1, sizeZ: 0.8)!])
        let tip = Fingertip(normalized: SIMD2(0.5, 0.45), pixel: .zero, robustPixelCount: 100)
        var tracker = TouchTracker(configuration: TouchConfiguration(displayOrientation: .right))
        var t = 0.0
        return {
            t += 1.0 / 60
            blackHole(tracker.update(fingertip: tip, camera: camera, scene: scene, timestamp: t))
        }
    },
    BenchmarkCase(name: "hands/physics/step (16 balls)", iterations: 2000) {
        let table = TouchSurface.horizontal(center: SIMD3(0, 0.7, 0), sizeX: 1, sizeZ: 0.6)!
        var g = SeededGenerator(seed: 5)
        let balls = (0..<16).map { _ in
            Ball(position: SIMD3(Float.random(in: -0.4...0.4, using: &g), 0.8, Float.random(in: -0.25...0.25, using: &g)),
                 radius: 0.03, mass: 0.1)!
        }
        var world = PhysicsWorld(surfaces: [table], balls: balls)
        return { world.step(); blackHole(world.balls.count) }
    },
] }
