/// A simulated scan: a scene, a camera trajectory with faults, sensor models and a seed. Frames are
/// rendered on demand (`frames` is lazy) and each depends only on `(seed, frameNumber)`.
///
/// Sensors observe the true world from the true pose; the recorded `cameraTransform` is the truth
/// altered by faults, in the session's world frame (the scene's unless `sceneFromSession` is given).
/// Feature positions are reported in the session's frame; ground truth is in scene coordinates.
public struct ScanSimulation: Sendable {
    /// The scene.
    public let scene: SimulatedScene
    /// The trajectory (path, faults, timing).
    public let trajectory: ScanTrajectory
    /// The sensor model.
    public let sensors: SensorConfiguration
    /// The seed of every random choice.
    public let seed: UInt64
    /// Depth renderer.
    public let depthSimulator: DepthSimulator
    /// Feature-point renderer, with the landmarks.
    public let featureSimulator: FeaturePointSimulator
    /// Camera-image renderer.
    public let imageSimulator: ImageSimulator
    /// Room labels, emitted when the camera enters a room that has one.
    public let labels: [ScanLabel]

    /// Creates a simulation.
    /// - Parameters:
    ///   - description: the scene, path and faults; without a path, a default closed walk through the
    ///     first room's vertices pulled 40% towards their mean.
    ///   - duration: seconds; `nil` uses the path's natural duration.
    ///   - sceneFromSession: where the session's world origin lies in the scene (ARKit starts each
    ///     session with its own origin); only a turn about +Y and a translation are allowed. Recorded
    ///     poses and feature positions are reported in the session's frame; ground truth stays in scene
    ///     coordinates. Default: identity (session world = scene).
    /// - Throws: `SceneValidationError`, `SensorConfigurationError`.
    public init(
        description: SceneDescription, sensors: SensorConfiguration = SensorConfiguration(), seed: UInt64 = 0,
        duration: Double? = nil, sceneFromSession: RigidTransform = .identity
    ) throws {
        try sensors.validate()
        let up = sceneFromSession.rotation * SIMD3<Float>(0, 1, 0)
        guard sceneFromSession.translation.isFinite, sceneFromSession.rotation.isRotation,
            up.distance(to: SIMD3(0, 1, 0)) < Self.gravityAlignmentTolerance
        else {
            throw SceneValidationError.invalidSessionOrigin("it must be a rotation about +Y plus a finite translation")
        }
        let scene = try SimulatedScene(description)
        if let duration, !(duration.isFinite && duration > 0) {
            throw SceneValidationError.invalidPath("duration \(duration) s must be positive")
        }
        let pathDescription = description.path ?? Self.defaultPath(for: description.rooms[0])
        let path = try CameraPath(pathDescription)
        self.scene = scene
        self.sensors = sensors
        self.seed = seed
        trajectory = ScanTrajectory(
            path: path, faults: description.faults, scene: scene, frameRate: sensors.frameRate,
            duration: duration, sessionFromScene: sceneFromSession.inverse)
        depthSimulator = DepthSimulator(scene: scene, configuration: sensors)
        featureSimulator = FeaturePointSimulator(scene: scene, configuration: sensors, seed: seed)
        imageSimulator = ImageSimulator(scene: scene, configuration: sensors)
        labels = Self.roomLabels(scene: scene, trajectory: trajectory)
    }

    /// Creates a simulation of a preset.
    public init(
        preset: ScenePreset, sensors: SensorConfiguration = SensorConfiguration(), seed: UInt64 = 0,
        duration: Double? = nil, sceneFromSession: RigidTransform = .identity
    ) throws {
        try self.init(
            description: preset.description, sensors: sensors, seed: seed, duration: duration,
            sceneFromSession: sceneFromSession)
    }

    /// How far a session origin's +Y may deviate from the scene's up (unit-vector distance).
    public static let gravityAlignmentTolerance: Float = 1e-4

    /// Maps scene coordinates to the session's world frame (the inverse of `sceneFromSession`).
    public var sessionFromScene: RigidTransform { trajectory.sessionFromScene }

    /// The default walk for a scene without a path.
    static func defaultPath(for room: RoomDescription) -> CameraPathDescription {
        let mean = room.polygon.reduce(SIMD2<Float>.zero, +) / Float(room.polygon.count)
        return .walk(WalkPath(waypoints: room.polygon.map { mean + ($0 - mean) * 0.6 }, closed: true))
    }

    static func roomLabels(scene: SimulatedScene, trajectory: ScanTrajectory) -> [ScanLabel] {
        var out: [ScanLabel] = []
        var currentRoom: Int? = nil
        for i in 0..<trajectory.frameCount {
            let t = trajectory.time(ofFrame: i)
            let p = trajectory.trueSample(at: t).position
            let room = scene.room(containing: p)
            guard let room, room != currentRoom else { continue }
            currentRoom = room
            for label in scene.description.labels
            where scene.room(containing: SIMD3(label.position.x, 0, label.position.y)) == room {
                out.append(ScanLabel(timestamp: t, frameNumber: i, text: label.text))
            }
        }
        return out
    }

    /// The number of frames.
    public var frameCount: Int { trajectory.frameCount }
    /// The duration, seconds.
    public var duration: Double { trajectory.duration }

    /// The pose and states of frame `i` (0 ≤ i < frameCount).
    public func pose(frame i: Int) -> SimulatedPose { trajectory.pose(frame: i) }

    /// The true `worldFromCamera` of frame `i` in scene coordinates: what the sensors saw from.
    public func groundTruthWorldFromCamera(frame i: Int) -> RigidTransform {
        trajectory.pose(frame: i).trueWorldFromCamera
    }

    /// The true pose of frame `i` in the session's world frame (what a perfect tracker would record).
    public func groundTruthSessionFromCamera(frame i: Int) -> RigidTransform {
        trajectory.sessionFromScene * groundTruthWorldFromCamera(frame: i)
    }

    /// The noise-free depth map of frame `i` (0 where nothing lies within range).
    public func groundTruthDepth(frame i: Int) -> DepthMap {
        depthSimulator.trueDepth(worldFromCamera: groundTruthWorldFromCamera(frame: i)).depth
    }

    /// The true position of a feature identifier, or `nil` for spurious or unknown identifiers.
    public func truePosition(ofFeature id: UInt64) -> SIMD3<Float>? { featureSimulator.truePosition(ofFeature: id) }

    /// Renders frame `i` (0 ≤ i < frameCount): pose and states, plus depth, image and feature points
    /// on the frames their rates select.
    public func frame(_ i: Int) -> SensorFrame {
        precondition(i >= 0 && i < frameCount, "frame \(i) outside 0..<\(frameCount)")
        let pose = trajectory.pose(frame: i)
        let camera = CameraFrame(
            frameNumber: i, timestamp: pose.timestamp, cameraTransform: pose.recordedTransform,
            intrinsics: sensors.cameraIntrinsics, trackingState: pose.trackingState,
            worldMappingStatus: pose.worldMappingStatus, orientation: pose.orientation)
        func due(_ n: Int) -> Bool { n > 0 && i % n == 0 }
        let truth = pose.trueWorldFromCamera
        let t = pose.timestamp
        var depth: DepthFrame? = nil
        var color: ColorFrame? = nil
        let wantDepth = due(sensors.depthEveryNthFrame)
        let wantColor = due(sensors.imageEveryNthFrame)
        if wantDepth && wantColor && sensors.depthIntrinsics == sensors.imageIntrinsics {
            // Same rays for both: trace once.
            let trace = scene.trace(
                worldFromCamera: truth, intrinsics: sensors.depthIntrinsics,
                maxDistance: ImageSimulator.maximumDistance)
            depth = depthSimulator.render(
                trace: trace, worldFromCamera: truth, frameNumber: i, timestamp: t, seed: seed)
            color = imageSimulator.render(
                trace: trace, worldFromCamera: truth, frameNumber: i, timestamp: t, seed: seed)
        } else {
            if wantDepth {
                depth = depthSimulator.render(worldFromCamera: truth, frameNumber: i, timestamp: t, seed: seed)
            }
            if wantColor {
                color = imageSimulator.render(worldFromCamera: truth, frameNumber: i, timestamp: t, seed: seed)
            }
        }
        var features =
            due(sensors.featuresEveryNthFrame)
            ? featureSimulator.render(worldFromCamera: truth, frameNumber: i, timestamp: t, seed: seed) : nil
        if features != nil && trajectory.sessionFromScene != .identity {
            let sessionFromScene = trajectory.sessionFromScene
            features!.positions = features!.positions.map { sessionFromScene.apply(to: $0) }
        }
        return SensorFrame(camera: camera, depth: depth, color: color, features: features)
    }

    /// All frames, rendered lazily in order.
    public var frames: Frames { Frames(simulation: self) }

    /// The lazy sequence of a simulation's frames.
    public struct Frames: Sequence, Sendable {
        /// The simulation.
        public let simulation: ScanSimulation

        /// An iterator rendering one frame per `next()`.
        public struct Iterator: IteratorProtocol {
            let simulation: ScanSimulation
            var index = 0

            /// The next frame, or `nil` after the last.
            public mutating func next() -> SensorFrame? {
                guard index < simulation.frameCount else { return nil }
                defer { index += 1 }
                return simulation.frame(index)
            }
        }

        /// Starts at frame 0.
        public func makeIterator() -> Iterator { Iterator(simulation: simulation) }

        /// The number of frames.
        public var underestimatedCount: Int { simulation.frameCount }
    }
}
