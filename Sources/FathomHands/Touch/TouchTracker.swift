import FathomCore

/// Follows the fingertip over frames: casts it onto the scene, lifts the hit by the surface offset,
/// smooths it with a 1€ filter, holds it through short dropouts and loses it after
/// `configuration.lostTimeout`.
public struct TouchTracker: Sendable {
    /// The settings.
    public let configuration: TouchConfiguration
    /// The current touch, or `nil` when there is none.
    public private(set) var current: TouchPoint?
    private var filter: OneEuroFilter

    /// Creates a tracker with no touch.
    public init(configuration: TouchConfiguration = TouchConfiguration()) {
        self.configuration = configuration
        filter = OneEuroFilter(parameters: configuration.smoothing)
    }

    /// The world ray through a fingertip seen by `camera` (whose intrinsics describe the stored,
    /// undisplayed camera image).
    public func ray(through fingertip: Fingertip, camera: PinholeCamera) -> Ray {
        camera.ray(throughAreaNormalized: fingertip.cameraNormalized(displayOrientation: configuration.displayOrientation))
    }

    /// Takes one frame's fingertip (or `nil` when none was found) and returns the touch after it.
    /// - Parameters:
    ///   - fingertip: the frame's fingertip, in displayed coordinates.
    ///   - camera: the frame's posed camera.
    ///   - scene: the surfaces and points to land on.
    ///   - timestamp: the frame time, seconds, increasing.
    /// - Returns: the touch, held (`isHeld`) through frames without a hit until the timeout, then `nil`.
    public mutating func update(
        fingertip: Fingertip?, camera: PinholeCamera, scene: TouchScene, timestamp: Double
    ) -> TouchPoint? {
        if let previous = current, timestamp - previous.timestamp > configuration.lostTimeout {
            current = nil
            filter.reset()
        }
        if let fingertip, let hit = scene.hit(ray(through: fingertip, camera: camera), configuration: configuration) {
            let raw = hit.position + hit.liftDirection * configuration.surfaceOffset
            let smoothed = filter.update(raw, timestamp: timestamp)
            current = TouchPoint(position: smoothed, rawPosition: raw, hit: hit, timestamp: timestamp, isHeld: false)
        } else {
            current?.isHeld = true
        }
        return current
    }

    /// Drops the current touch and the smoothing history.
    public mutating func reset() {
        current = nil
        filter.reset()
    }
}
