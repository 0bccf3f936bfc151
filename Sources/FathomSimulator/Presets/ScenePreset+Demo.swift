extension ScenePreset {
    /// The demo room: polygon (0,0)–(0,4)–(5,4)–(5,0) (`[x, z]`), a door in wall 1 (z = 4) and a
    /// window in wall 3 (z = 0).
    static var demoScene: SceneDescription {
        SceneDescription(
            rooms: [
                RoomDescription(
                    polygon: [SIMD2(0, 0), SIMD2(0, 4), SIMD2(5, 4), SIMD2(5, 0)], height: 2.6,
                    openings: [
                        OpeningDescription(kind: .door, wall: 1, offset: 0.5, width: 0.9, bottom: 0, top: 2.05),
                        OpeningDescription(kind: .window, wall: 3, offset: 2, width: 1.2, bottom: 0.9, top: 2.0),
                    ], wallColor: "beige")
            ],
            objects: [
                ObjectDescription(
                    name: "table", shape: .box(size: SIMD3(1.2, 0.75, 0.7)), position: SIMD3(2.5, 0.375, 2),
                    color: "wood"),
                ObjectDescription(
                    name: "ring", shape: .torus(majorRadius: 0.2, minorRadius: 0.04),
                    position: SIMD3(2.3, 0.79, 2), color: "red"),
                ObjectDescription(
                    name: "ball", shape: .sphere(radius: 0.12), position: SIMD3(1.3, 0.12, 1.1), color: "orange"),
                ObjectDescription(
                    name: "pipe", shape: .cylinder(radius: 0.05, height: 1, capped: true),
                    position: SIMD3(4.85, 1.0, 1.5), rotation: YawPitchRoll(pitch: 90), color: "grey"),
                ObjectDescription(
                    name: "cone", shape: .cone(bottomRadius: 0.15, topRadius: 0, height: 0.35, capped: true),
                    position: SIMD3(3.9, 0, 3.2), color: "blue"),
            ],
            labels: [SceneLabel(text: "Demo room", position: SIMD2(2.5, 2))],
            path: .walk(
                WalkPath(
                    waypoints: [SIMD2(1.0, 0.9), SIMD2(1.0, 3.1), SIMD2(4.0, 3.1), SIMD2(4.0, 0.9)],
                    speed: 0.55, sweepDegrees: 25, closed: true, headingOffsetDegrees: 35)))
    }

    /// The demo with faults: portrait orientation at 2 s (0.8 s), fast spin at 4 s, sideways walk at 6 s, floor at 8 s, ceiling at 9.5 s,
    /// tracking loss at 11 s (1.5 s, then 1 s relocalizing), too close to a wall at 14 s, NaN pose at
    /// 16 s, pose jump of 12 m at 17 s (within 1 s).
    static var demoFaultsScene: SceneDescription {
        var d = demoScene
        d.faults = [
            .deviceOrientation(start: 2, duration: 0.8, orientation: .portrait),
            .fastSpin(start: 4, duration: 1, degreesPerSecond: 200),
            .sidewaysWalk(start: 6, duration: 1.5),
            .lookAtFloor(start: 8, duration: 1),
            .lookAtCeiling(start: 9.5, duration: 1),
            .trackingLoss(start: 11, duration: 1.5, state: .limited(.insufficientFeatures), relocalizingDuration: 1),
            .tooCloseToWall(start: 14, duration: 1.5, distance: 0.15),
            .nanPose(start: 16, duration: 0.2),
            .poseJump(start: 17, duration: 1, offset: SIMD3(12, 0, 0)),
        ]
        return d
    }
}
