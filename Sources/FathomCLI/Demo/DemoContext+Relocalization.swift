import Fathom
import Foundation

extension DemoContext {
    /// Where the demo's second session starts: its world origin turned 40° about +y and moved 1.3 m
    /// across and 0.7 m back in the room (ARKit gives every session its own origin).
    static let secondSessionSceneFromSession = RigidTransform(
        rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 40 * .pi / 180), translation: SIMD3(1.3, 0, -0.7))
    /// How long the second session runs at most, seconds.
    static let secondSessionDuration = 8.0

    /// A second session in the same room, walked the other way round from another world origin: its feature points are
    /// relocalized against the saved world map (gravity-aligned registration, retried as points
    /// accumulate), the map's anchors are moved into the new session's frame, and both are compared
    /// with the simulator's truth.
    mutating func relocalize() throws {
        guard let map = worldMap, let simulation else { return }
        var sensors = SensorConfiguration()
        sensors.depthEveryNthFrame = 0
        sensors.imageEveryNthFrame = 0
        // The same room (the same physical features to detect), walked the other way round.
        var description = ScenePreset.demo.description
        if case .walk(var walk)? = description.path {
            walk.waypoints.reverse()
            description.path = .walk(walk)
        }
        let second = try ScanSimulation(
            description: description, sensors: sensors, seed: simulation.seed, duration: Self.secondSessionDuration,
            sceneFromSession: Self.secondSessionSceneFromSession)
        var relocalizer = Relocalizer(map: map, seed: seed)
        for i in 0..<second.frameCount {
            if relocalizer.process(second.frame(i)).isFinal { break }
        }
        // The truth: map world (the first session's) → scene → the second session's world.
        let truth = second.sessionFromScene * simulation.sessionFromScene.inverse
        var rows: [[String]] = [["state", relocalizer.state.name]]
        var line = "relocalization: \(relocalizer.state.name)"
        if case .relocalized(let result) = relocalizer.state, let found = relocalizer.newWorldFromMapWorld {
            let yawError = (found.rotation.transposed * truth.rotation).rotationAngle * 180 / .pi
            let anchorErrors = map.anchors.map {
                found.apply(to: $0.worldFromAnchor.translation).distance(to: truth.apply(to: $0.worldFromAnchor.translation))
            }
            let anchorError = anchorErrors.max() ?? 0
            rows += [
                ["session time needed", "\(fmt(relocalizer.relocalizedAtSessionTime ?? 0, 2)) s (\(relocalizer.attempts.count) attempts)"],
                ["fitness / inlier rmse", "\(fmt(result.fitness, 3)) / \(fmt(result.inlierRMSE * 1000, 1)) mm"],
                ["error against the truth", "yaw \(fmt(yawError, 2))°, anchors moved within \(fmt(anchorError * 1000, 1)) mm"],
            ]
            line += " after \(fmt(relocalizer.relocalizedAtSessionTime ?? 0, 1)) s, anchors within \(fmt(anchorError * 1000, 1)) mm"
        } else {
            rows.append(["session time used", "\(fmt(relocalizer.sessionTime, 2)) s (\(relocalizer.attempts.count) attempts)"])
        }
        if !relocalizer.attempts.isEmpty {
            let ms = relocalizer.attempts.map { $0.elapsedSeconds * 1000 }
            rows.append(["attempt time (this build)", "mean \(fmt(ms.reduce(0, +) / Double(ms.count), 1)) ms"])
        }
        report.section("Relocalization")
        report.paragraph(
            "A second session in the same room starts with its own world origin (turned 40° and moved 1.3 m). Its "
                + "feature points are registered to the saved world map (yaw and translation, as ARKit's frames are "
                + "gravity-aligned: descriptor matches, robust sampling, point-to-plane ICP) until the result is "
                + "trusted; the panes then move into the new session's frame.")
        report.table(header: ["measure", "value"], rows: rows)
        summary.append(line)
    }
}
