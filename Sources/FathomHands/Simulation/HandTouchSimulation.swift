import FathomCore

/// A simulated ARML session for tests and demos: a phone held in portrait 0.3 m over a table, a
/// synthetic hand whose fingertip touches known points, the full pipeline (mask → fingertip → touch →
/// physics) run on every frame, and the ground truth beside each result.
///
/// The sensor is landscape (1920 × 1440, `CameraIntrinsics.iPhoneWide1920x1440`) and shown turned
/// `.right`; masks are produced in the sensor's orientation at `maskSize` × `maskSize` (the model
/// output), with the finger pointing up on the screen, that is away from the user along world −Z.
public struct HandTouchSimulation: Sendable {
    /// One simulated frame.
    public struct Frame: Sendable {
        /// The frame time, seconds.
        public var timestamp: Double
        /// The hand mask as the model would return it (sensor orientation), empty without a hand.
        public var mask: GrayImage
        /// The fingertip found in the mask.
        public var fingertip: Fingertip?
        /// The tracked touch.
        public var touch: TouchPoint?
        /// Where the touch should be: the true fingertip contact lifted by the surface offset, or `nil`
        /// without a hand.
        public var trueTouch: SIMD3<Float>?
        /// The balls after this frame's physics.
        public var balls: [Ball]
    }

    /// The posed camera (intrinsics of the stored, landscape image).
    public let camera: PinholeCamera
    /// The table top (1 × 0.8 m, at y = 0, centred at z = −0.1 m).
    public let table: TouchSurface
    /// The mask resolution, pixels (square, as ARML's model).
    public let maskSize: Int
    /// Finds fingertips (orientation `.right`).
    public let detector: FingertipDetector
    /// Tracks the touch (display orientation `.right`).
    public private(set) var tracker: TouchTracker
    /// The balls and the pushing touch sphere.
    public private(set) var world: PhysicsWorld

    /// The touch sphere's radius, metres (ARML's touch node).
    public static let touchRadius: Float = 0.01

    /// Creates the scene with `balls` resting on the table.
    public init(maskSize: Int = 112, balls: [Ball] = []) {
        precondition(maskSize >= 3, "mask size must be at least 3 pixels")
        camera = PinholeCamera(
            intrinsics: .iPhoneWide1920x1440,
            worldFromCamera: .lookAt(eye: SIMD3(0, 0.3, 0.05), target: SIMD3(0, 0, -0.1), up: SIMD3(1, 0, 0))!)
        table = TouchSurface.horizontal(center: SIMD3(0, 0, -0.1), sizeX: 1.0, sizeZ: 0.8)!
        self.maskSize = maskSize
        detector = FingertipDetector(configuration: .init(orientation: .right))
        tracker = TouchTracker(configuration: TouchConfiguration(displayOrientation: .right))
        world = PhysicsWorld(surfaces: [table], balls: balls)
    }

    /// The real-world geometry touches land on.
    public var scene: TouchScene { TouchScene(surfaces: [table]) }

    /// The sensor-orientation mask of a hand whose fingertip touches the world point `tip` (on the
    /// table), shifted by `jitter` mask pixels; `nil` when the tip is behind the camera.
    public func handMask(tip: SIMD3<Float>, jitter: SIMD2<Float> = .zero) -> GrayImage? {
        let reference = SIMD2(Float(camera.intrinsics.width), Float(camera.intrinsics.height))
        guard let tipNormalized = camera.areaNormalized(of: tip) else { return nil }
        let display = ImageOrientation.right
        // The stored direction shown as "up" on the screen.
        let up = (display.storedNormalized(fromDisplayed: SIMD2(0.5, 0.4))
            - display.storedNormalized(fromDisplayed: SIMD2(0.5, 0.5))) * reference
        let scale = reference.x / 1920
        let hand = SyntheticHand.pointing(
            tip: tipNormalized * reference, direction: up, fingerLength: 420 * scale, fingerRadius: 60 * scale,
            palmRadius: 260 * scale, referenceWidth: reference.x, referenceHeight: reference.y)
        return hand.translated(by: jitter * reference / Float(maskSize)).mask(width: maskSize, height: maskSize)
    }

    /// Runs one frame: the hand touches `tip` (or is absent with `nil`), the mask is segmented, the
    /// fingertip found and tracked, the touch moves the pusher and physics advances to `timestamp`.
    public mutating func frame(tip: SIMD3<Float>?, jitter: SIMD2<Float> = .zero, timestamp: Double) -> Frame {
        let mask = tip.flatMap { handMask(tip: $0, jitter: jitter) }
            ?? GrayImage(width: maskSize, height: maskSize, repeating: 0)
        let fingertip = detector.fingertip(in: mask)
        let touch = tracker.update(fingertip: fingertip, camera: camera, scene: scene, timestamp: timestamp)
        world.movePusher(to: touch?.position, radius: Self.touchRadius)
        world.advance(by: Float(max(0, timestamp - world.time)))
        return Frame(
            timestamp: timestamp, mask: mask, fingertip: fingertip, touch: touch,
            trueTouch: tip.map { $0 + table.normal * tracker.configuration.surfaceOffset }, balls: world.balls)
    }

    /// The demo: a 4 cm ball dropped on the table settles for 0.5 s, then a finger slides 25 cm
    /// forward through it over 1.5 s at 30 frames per second, and is lifted for the last 0.5 s.
    public static func demo(maskSize: Int = 112) -> [Frame] {
        let ball = Ball(position: SIMD3(0.0, 0.06, -0.12), radius: 0.02, mass: 0.05)!
        var simulation = HandTouchSimulation(maskSize: maskSize, balls: [ball])
        var frames: [Frame] = []
        let rate = 30.0
        for k in 0..<Int(2.5 * rate) {
            let t = Double(k) / rate
            let sliding = t >= 0.5 && t < 2.0
            let progress = Float((t - 0.5) / 1.5)
            let tip: SIMD3<Float>? = sliding ? SIMD3(0, 0, -0.02 - 0.25 * progress) : nil
            frames.append(simulation.frame(tip: tip, timestamp: t))
        }
        return frames
    }
}
