import FathomCore
@testable import FathomHands

/// A phone held in portrait over a table: the landscape sensor (1920 × 1440, iPhone wide intrinsics)
/// is shown turned `.right`; a synthetic hand's finger, pointing up on the screen, touches the table at
/// a known point.
struct SimulatedTable {
    let surface = TouchSurface.horizontal(center: SIMD3(0, 0, -0.1), sizeX: 1.0, sizeZ: 0.8)!
    let camera: PinholeCamera
    let display = ImageOrientation.right

    init(eye: SIMD3<Float> = SIMD3(0, 0.3, 0.05), target: SIMD3<Float> = SIMD3(0, 0, -0.1)) {
        // Camera +Y (the sensor's up) is shown to the right on a portrait screen: world +X.
        camera = PinholeCamera(intrinsics: .iPhoneWide1920x1440,
                               worldFromCamera: .lookAt(eye: eye, target: target, up: SIMD3(1, 0, 0))!)
    }

    var scene: TouchScene { TouchScene(surfaces: [surface]) }

    /// The true touch point for a fingertip pressing the table at `tip`: 1 cm above it.
    func truth(_ tip: SIMD3<Float>) -> SIMD3<Float> { tip + SIMD3(0, 0.01, 0) }

    /// The sensor-orientation mask (`size` × `size`) of a hand whose fingertip touches `tip`, shifted
    /// by `jitter` mask pixels.
    func mask(tip: SIMD3<Float>, size: Int, jitter: SIMD2<Float> = .zero) -> GrayImage {
        let reference = SIMD2<Float>(1920, 1440)
        let tipReference = camera.areaNormalized(of: tip)! * reference
        // The stored direction shown as "up" on the screen.
        let a = display.storedNormalized(fromDisplayed: SIMD2(0.5, 0.5))
        let b = display.storedNormalized(fromDisplayed: SIMD2(0.5, 0.4))
        let up = (b - a) * reference
        let hand = SyntheticHand.pointing(
            tip: tipReference, direction: up, fingerLength: 420, fingerRadius: 60, palmRadius: 260,
            referenceWidth: 1920, referenceHeight: 1440)
        return hand.translated(by: jitter * reference / Float(size)).mask(width: size, height: size)
    }
}
