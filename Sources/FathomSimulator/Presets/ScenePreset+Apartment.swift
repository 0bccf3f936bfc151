extension ScenePreset {
    /// Three rooms with walls 0.1 m thick: the L-shaped living room (0,0)–(0,6)–(3,6)–(3,3)–(6,3)–(6,0),
    /// the bedroom (3.1,3.1)–(3.1,6)–(5,6)–(6,5)–(6,3.1) with a 45° wall, the kitchen
    /// (0,−3.1)–(0,−0.1)–(4,−0.1)–(4,−3.1); doors living↔bedroom (x = 3) and living↔kitchen (z = 0).
    static var apartmentScene: SceneDescription {
        let living = RoomDescription(
            polygon: [SIMD2(0, 0), SIMD2(0, 6), SIMD2(3, 6), SIMD2(3, 3), SIMD2(6, 3), SIMD2(6, 0)],
            openings: [
                OpeningDescription(kind: .window, wall: 0, offset: 1.5, width: 1.2, bottom: 0.9, top: 2.1),
                OpeningDescription(kind: .door, wall: 2, offset: 1.0, width: 0.9),
                OpeningDescription(kind: .door, wall: 5, offset: 3.5, width: 0.9),
            ])
        let bedroom = RoomDescription(
            polygon: [SIMD2(3.1, 3.1), SIMD2(3.1, 6), SIMD2(5, 6), SIMD2(6, 5), SIMD2(6, 3.1)],
            openings: [OpeningDescription(kind: .window, wall: 1, offset: 0.5, width: 1.0, bottom: 0.9, top: 2.1)],
            wallColor: "beige")
        let kitchen = RoomDescription(
            polygon: [SIMD2(0, -3.1), SIMD2(0, -0.1), SIMD2(4, -0.1), SIMD2(4, -3.1)],
            openings: [OpeningDescription(kind: .window, wall: 3, offset: 1.5, width: 1.0, bottom: 1.0, top: 2.1)],
            floorColor: "grey")
        return SceneDescription(
            rooms: [living, bedroom, kitchen],
            objects: [
                ObjectDescription(
                    name: "sofa", shape: .box(size: SIMD3(2.0, 0.8, 0.9)), position: SIMD3(1.5, 0.4, 5.45),
                    color: "green"),
                ObjectDescription(
                    name: "bed", shape: .box(size: SIMD3(1.4, 0.5, 1.9)), position: SIMD3(5.0, 0.25, 4.2),
                    color: "blue"),
                ObjectDescription(
                    name: "kitchen table", shape: .box(size: SIMD3(1.0, 0.75, 0.8)),
                    position: SIMD3(2.0, 0.375, -1.9), color: "wood"),
                ObjectDescription(
                    name: "ball", shape: .sphere(radius: 0.12), position: SIMD3(2.2, 0.87, -1.9), color: "orange"),
                ObjectDescription(
                    name: "pipe", shape: .cylinder(radius: 0.05, height: 2.6, capped: false),
                    position: SIMD3(3.85, 0, -2.95), color: "grey"),
                ObjectDescription(
                    name: "lamp", shape: .cone(bottomRadius: 0.2, topRadius: 0.08, height: 0.3, capped: true),
                    position: SIMD3(5.2, 1.2, 1.0), color: "yellow"),
                ObjectDescription(
                    name: "lamp stand", shape: .cylinder(radius: 0.03, height: 1.2, capped: true),
                    position: SIMD3(5.2, 0, 1.0), color: "black"),
            ],
            labels: [
                SceneLabel(text: "Living room", position: SIMD2(1.5, 1.5)),
                SceneLabel(text: "Bedroom", position: SIMD2(4.5, 4.5)),
                SceneLabel(text: "Kitchen", position: SIMD2(2, -1.6)),
            ],
            path: .walk(
                WalkPath(waypoints: [
                    SIMD2(1.2, 1.2), SIMD2(4.6, 1.6), SIMD2(2.05, 1.0), SIMD2(2.05, -0.8), SIMD2(1.0, -2.3),
                    SIMD2(3.0, -2.5),
                    SIMD2(2.05, -0.8), SIMD2(2.05, 1.0), SIMD2(1.6, 4.55), SIMD2(3.8, 4.55), SIMD2(3.7, 5.5),
                ])))
    }
}
