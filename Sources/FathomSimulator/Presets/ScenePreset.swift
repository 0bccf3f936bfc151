/// Ready-made scenes with camera paths, embedded in code and exportable as JSON
/// (`ScenePreset.demo.description.jsonData()`).
public enum ScenePreset: String, Sendable, CaseIterable {
    /// One 5 × 4 m room, 2.6 m high, with a door and a window; a ball, a pipe, a cone and a ring on a
    /// table; a ~20 s walk around the room at 30 Hz.
    case demo = "demo"
    /// The demo walk with one of each fault (see `ScenePreset.demoFaults`).
    case demoFaults = "demo-faults"
    /// Three rooms: an L-shaped living room, a bedroom with a 45° wall, a kitchen; doors between
    /// them, windows, a label per room; a walk through all three.
    case apartment = "apartment"
    /// An orbit around a sphere (r 0.25 m) in a 4 × 4 m room.
    case orbitSphere = "orbit-sphere"
    /// An orbit around a vertical cylinder (r 0.15 m, 1 m high) in a 4 × 4 m room.
    case orbitCylinder = "orbit-cylinder"
    /// An orbit around a torus (R 0.3 m, r 0.06 m) lying on a box in a 4 × 4 m room.
    case orbitTorus = "orbit-torus"

    /// The preset's name (as on the command line).
    public var name: String { rawValue }

    /// The scene, path and faults.
    public var description: SceneDescription {
        switch self {
        case .demo: Self.demoScene
        case .demoFaults: Self.demoFaultsScene
        case .apartment: Self.apartmentScene
        case .orbitSphere:
            Self.orbitScene(
                ObjectDescription(
                    name: "sphere", shape: .sphere(radius: 0.25), position: SIMD3(2, 0.25, 2), color: "orange"),
                center: SIMD3(2, 0.25, 2), eyeHeight: 0.9)
        case .orbitCylinder:
            Self.orbitScene(
                ObjectDescription(
                    name: "cylinder", shape: .cylinder(radius: 0.15, height: 1, capped: true),
                    position: SIMD3(2, 0, 2), color: "teal"),
                center: SIMD3(2, 0.5, 2), eyeHeight: 1.1)
        case .orbitTorus:
            Self.orbitScene(
                ObjectDescription(
                    name: "torus", shape: .torus(majorRadius: 0.3, minorRadius: 0.06),
                    position: SIMD3(2, 0.56, 2), color: "red"),
                ObjectDescription(
                    name: "stand", shape: .box(size: SIMD3(0.5, 0.5, 0.5)), position: SIMD3(2, 0.25, 2),
                    color: "grey"),
                center: SIMD3(2, 0.56, 2), eyeHeight: 1.2)
        }
    }

    /// Looks a preset up by name; `nil` when there is none.
    public init?(name: String) { self.init(rawValue: name) }

    static func orbitScene(_ objects: ObjectDescription..., center: SIMD3<Float>, eyeHeight: Float) -> SceneDescription
    {
        SceneDescription(
            rooms: [RoomDescription(polygon: [SIMD2(0, 0), SIMD2(0, 4), SIMD2(4, 4), SIMD2(4, 0)])],
            objects: objects,
            path: .orbit(OrbitPath(center: center, radius: 1.0, eyeHeight: eyeHeight, degreesPerSecond: 30)))
    }
}
