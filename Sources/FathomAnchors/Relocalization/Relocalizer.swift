import FathomCore
import FathomRegistration
import FathomSensing
import Foundation

/// Finds a saved `WorldMap` again in a new AR session and moves its anchors into the new session's
/// frame: ARKit's relocalization, in the open.
///
/// Feed the new session's frames in order (`process(_:)`). Their feature points are accumulated per
/// identifier (`FeaturePointAccumulator`); every `attemptInterval` seconds of session time, the
/// features seen in at least `minimumSamplesPerFeature` frames are registered to the map
/// (gravity-aligned by default: yaw and translation). The first trusted result (or
/// `requiredAgreements` agreeing ones) relocalizes; after `timeout` seconds the relocalizer gives up.
///
/// Frames: the map is in the saving session's world frame ("map world"), the frames in the new
/// session's ("new world"). `newWorldFromMapWorld` maps the first to the second.
public struct Relocalizer: Sendable {
    /// The saved map.
    public let map: WorldMap
    /// The settings.
    public let configuration: RelocalizerConfiguration
    /// The current state.
    public private(set) var state: RelocalizationState = .waiting
    /// Every attempt made, oldest first.
    public private(set) var attempts: [RelocalizationAttempt] = []
    /// Session time of the latest frame, seconds since the first frame (0 before any frame).
    public private(set) var sessionTime: Double = 0
    /// Session time at which the state became `.relocalized`, seconds.
    public private(set) var relocalizedAtSessionTime: Double?

    let registrar: PointCloudRegistrar
    let target: RegistrationCloud
    var accumulator: FeaturePointAccumulator
    var generator: SeededGenerator
    var firstTimestamp: Double?
    var nextAttemptTime: Double
    var agreeing: [RegistrationResult] = []

    /// Samples kept per feature (enough for the filtered mean; bounds memory).
    static let samplesPerFeature = 30

    /// Prepares the map for registration (once; O(map points)), or takes the map's stored
    /// `registrationCloud` when it was prepared with the same settings.
    /// - Parameters:
    ///   - map: the saved map.
    ///   - configuration: settings; must be valid (`configuration.problem == nil`).
    ///   - seed: seeds the registration's random sampling.
    public init(map: WorldMap, configuration: RelocalizerConfiguration = RelocalizerConfiguration(), seed: UInt64 = 0) {
        precondition(configuration.problem == nil, "invalid relocalizer configuration: \(configuration.problem!)")
        self.map = map
        self.configuration = configuration
        registrar = PointCloudRegistrar(configuration: configuration.registration(forMap: map.points))
        // A map saved with its prepared cloud under the same settings is matched without recomputing.
        if let stored = map.registrationCloud, stored.configuration == registrar.configuration {
            target = stored
        } else {
            target = registrar.prepare(map.points)
        }
        accumulator = FeaturePointAccumulator(
            configuration: FeatureAccumulatorConfiguration(
                maximumSamplesPerFeature: Self.samplesPerFeature, filterPasses: 3, rayWeighting: true))
        generator = SeededGenerator(seed: seed)
        nextAttemptTime = configuration.attemptInterval
    }

    /// The transform from the map's world frame to the new session's, once relocalized.
    public var newWorldFromMapWorld: RigidTransform? {
        guard case .relocalized(let r) = state else { return nil }
        return r.targetFromSource.inverse
    }

    /// The map's anchors with their poses moved into the new session's frame; empty until relocalized.
    public var relocalizedAnchors: [Anchor] {
        guard let newFromMap = newWorldFromMapWorld else { return [] }
        return map.anchors.map { anchor in
            var moved = anchor
            moved.worldFromAnchor = newFromMap * anchor.worldFromAnchor
            return moved
        }
    }

    /// Adds one frame of the new session and, when an attempt is due, registers. Frames after a final
    /// state are ignored.
    /// - Returns: the state after the frame.
    @discardableResult
    public mutating func process(_ frame: SensorFrame) -> RelocalizationState {
        guard !state.isFinal else { return state }
        let start = firstTimestamp ?? frame.timestamp
        firstTimestamp = start
        sessionTime = max(sessionTime, frame.timestamp - start)
        accumulator.accumulate(frame)
        if sessionTime >= nextAttemptTime {
            while nextAttemptTime <= sessionTime { nextAttemptTime += configuration.attemptInterval }
            attempt()
        }
        if !state.isFinal && sessionTime >= configuration.timeout { state = .failed(timeout: sessionTime) }
        return state
    }

    /// The session's cloud as registered: filtered positions of the features seen in at least
    /// `minimumSamplesPerFeature` frames, new-world metres, with their identifiers.
    public func sessionCloud() -> PointCloud {
        let all = accumulator.filteredPoints()
        let minimum = configuration.minimumSamplesPerFeature
        guard minimum > 1 else { return all }
        var keep: [Int] = []
        for (i, id) in all.identifiers.enumerated() where accumulator.samples(of: id).count >= minimum { keep.append(i) }
        return all.selecting(keep)
    }

    /// Registers the current session cloud to the map now and updates the state.
    mutating func attempt() {
        let clock = ContinuousClock()
        let start = clock.now
        accumulator.refreshFilteredPositions()
        let cloud = sessionCloud()
        guard cloud.count >= configuration.minimumFeatureCount else { return }
        let result = registrar.register(source: cloud, target: target, using: &generator)
        let elapsed = clock.now - start
        attempts.append(
            RelocalizationAttempt(
                sessionTime: sessionTime, featureCount: cloud.count, result: result,
                elapsedSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18))
        state = .searching
        guard result.isTrusted else {
            agreeing.removeAll()
            return
        }
        if let last = agreeing.last, !agrees(last, result) { agreeing.removeAll() }
        agreeing.append(result)
        if agreeing.count >= configuration.requiredAgreements {
            state = .relocalized(result)
            relocalizedAtSessionTime = sessionTime
        }
    }

    /// Whether two results move the map's extent corners by at most `agreementDistance`.
    func agrees(_ a: RegistrationResult, _ b: RegistrationResult) -> Bool {
        let e = map.extent
        let corners = [e.min, e.max, SIMD3(e.min.x, e.min.y, e.max.z), SIMD3(e.max.x, e.min.y, e.min.z)]
        let ia = a.targetFromSource.inverse, ib = b.targetFromSource.inverse
        return corners.allSatisfy { ia.apply(to: $0).distance(to: ib.apply(to: $0)) <= configuration.agreementDistance }
    }
}
