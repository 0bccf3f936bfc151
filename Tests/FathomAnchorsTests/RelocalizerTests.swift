import FathomAnchors
import FathomCore
import FathomRegistration
import FathomTestSupport
import Foundation
import Testing

@Suite struct RelocalizerTests {
    /// A map of a furnished corner with one anchor, and the truth `newWorldFromMapWorld`.
    static let scene = RegistrationFixtures.furnishedCorner(seed: 21)
    static let newWorldFromMapWorld = RegistrationFixtures.yawTransform(1.9, SIMD3(-2, 0.3, 4))
    static let anchorPose = RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 0.4), translation: SIMD3(2, 1.2, 1))

    /// Default settings with the fast registration of `RegistrationTests`.
    static let fast: RelocalizerConfiguration = {
        var c = RelocalizerConfiguration()
        c.registration.maximumKeypoints = 120
        c.registration.samplingIterations = 1000
        return c
    }()

    static let map: WorldMap = {
        let anchor = Anchor(worldFromAnchor: anchorPose, kind: "film-pane", createdAt: Date(timeIntervalSince1970: 0))
        return WorldMap(points: PointCloud(unchecked: scene), anchors: [anchor])
    }()

    static func frames(of points: [SIMD3<Float>], newWorldFromScene: RigidTransform, count: Int) -> [SensorFrame] {
        RegistrationFixtures.sessionFrames(of: points, newWorldFromScene: newWorldFromScene, count: count)
    }

    @Test func relocalizesAndMovesTheAnchors() {
        var relocalizer = Relocalizer(map: Self.map, configuration: Self.fast, seed: 3)
        #expect(relocalizer.state == .waiting)
        #expect(relocalizer.relocalizedAnchors.isEmpty && relocalizer.newWorldFromMapWorld == nil)
        var states: [String] = []
        for frame in Self.frames(of: Self.scene, newWorldFromScene: Self.newWorldFromMapWorld, count: 60) {
            let s = relocalizer.process(frame)
            if states.last != s.name { states.append(s.name) }
        }
        // Waiting, perhaps searching while features are few, then relocalized.
        #expect(states.first == "waiting" && states.last == "relocalized")
        #expect(Set(states).isSubset(of: ["waiting", "searching", "relocalized"]))
        guard case .relocalized(let result) = relocalizer.state, let estimate = relocalizer.newWorldFromMapWorld else {
            Issue.record("not relocalized: \(relocalizer.state)")
            return
        }
        #expect(result.isTrusted)
        // The first attempt is due at 0.5 s of session time (timestamps start at 100 s).
        #expect(relocalizer.attempts.first.map { abs($0.sessionTime - 0.5) < 0.04 } == true)
        #expect(relocalizer.relocalizedAtSessionTime.map { $0 <= 1.5 } == true)
        #expect(estimate.isApproximatelyEqual(to: Self.newWorldFromMapWorld, translationTolerance: 0.01, angleTolerance: 0.005))
        let moved = relocalizer.relocalizedAnchors
        #expect(moved.count == 1)
        let truth = Self.newWorldFromMapWorld * Self.anchorPose
        #expect(moved[0].worldFromAnchor.isApproximatelyEqual(to: truth, translationTolerance: 0.01, angleTolerance: 0.005))
        #expect(moved[0].id == Self.map.anchors[0].id && moved[0].kind == "film-pane")
        // Final: later frames change nothing.
        let attempts = relocalizer.attempts.count
        for frame in Self.frames(of: Self.scene, newWorldFromScene: .identity, count: 30) { relocalizer.process(frame) }
        #expect(relocalizer.attempts.count == attempts)
    }

    @Test func aDifferentPlaceSearchesThenTimesOut() {
        var configuration = Self.fast
        configuration.timeout = 1.2
        var relocalizer = Relocalizer(map: Self.map, configuration: configuration, seed: 4)
        let elsewhere = RegistrationFixtures.furnishedCorner(seed: 77, boxes: 6, walls: 0)
        var states: [String] = []
        for frame in Self.frames(of: elsewhere, newWorldFromScene: .identity, count: 45) {
            let s = relocalizer.process(frame)
            if states.last != s.name { states.append(s.name) }
        }
        #expect(states == ["waiting", "searching", "failed"])
        guard case .failed(let timeout) = relocalizer.state else {
            Issue.record("expected a timeout, got \(relocalizer.state)")
            return
        }
        #expect(timeout >= 1.2 && timeout < 1.25)
        #expect(relocalizer.attempts.count == 2 && relocalizer.attempts.allSatisfy { !$0.result.isTrusted })
        #expect(relocalizer.newWorldFromMapWorld == nil && relocalizer.relocalizedAnchors.isEmpty)
    }

    @Test func waitsWhileTooFewFeaturesAreSeenTwice() {
        var relocalizer = Relocalizer(map: Self.map, configuration: Self.fast, seed: 5)
        // Fresh identifiers every frame: nothing is seen twice, so nothing is registered.
        for k in 0..<45 {
            let ids = (0..<50).map { UInt64(k * 1000 + $0) }
            let positions = (0..<50).map { Self.scene[(k * 50 + $0) % Self.scene.count] }
            let frame = SensorFrame(
                camera: CameraFrame(frameNumber: k, timestamp: Double(k) / 30, cameraTransform: Matrix4x4.identity,
                                    intrinsics: .iPhoneWide1920x1440),
                features: FeaturePointFrame(frameNumber: k, timestamp: Double(k) / 30, identifiers: ids, positions: positions))
            #expect(relocalizer.process(frame) == .waiting)
        }
        #expect(relocalizer.attempts.isEmpty)
        #expect(relocalizer.sessionCloud().isEmpty)
    }
}
