/// A primitive object placed in the scene.
///
/// Local frames: a box and a sphere are centred on `position`; a cylinder and a cone stand on
/// `position` (the centre of their bottom cap) with their axis along local +Y; a torus is centred on
/// `position` with its axis (the normal of its mean circle) along local +Y. `rotation` turns the local
/// frame into the world.
public struct ObjectDescription: Sendable, Equatable, Codable {
    /// A name for reports and tests (e.g. "ball").
    public var name: String
    /// Shape and size.
    public var shape: PrimitiveShape
    /// Position of the local origin, world metres.
    public var position: SIMD3<Float>
    /// Orientation of the local frame.
    public var rotation: YawPitchRoll
    /// Colour name (see `SurfaceMaterial.namedColors`).
    public var color: String
    /// Procedural texture (default `.speckle`).
    public var texture: SurfaceTexture

    /// Creates an object.
    public init(
        name: String, shape: PrimitiveShape, position: SIMD3<Float>, rotation: YawPitchRoll = .zero,
        color: String = "grey", texture: SurfaceTexture = .speckle
    ) {
        self.name = name
        self.shape = shape
        self.position = position
        self.rotation = rotation
        self.color = color
        self.texture = texture
    }

    enum CodingKeys: String, CodingKey { case name, shape, position, rotation, color, texture }

    /// Decodes an object; `name`, `rotation`, `color` and `texture` are optional.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        shape = try c.decode(PrimitiveShape.self, forKey: .shape)
        position = try c.decode(SIMD3<Float>.self, forKey: .position)
        rotation = try c.decodeIfPresent(YawPitchRoll.self, forKey: .rotation) ?? .zero
        color = try c.decodeIfPresent(String.self, forKey: .color) ?? "grey"
        texture = try c.decodeIfPresent(SurfaceTexture.self, forKey: .texture) ?? .speckle
    }

    /// The transform from the object's local frame to the world.
    public var worldFromLocal: RigidTransform {
        RigidTransform(rotation: rotation.matrix, translation: position)
    }
}
