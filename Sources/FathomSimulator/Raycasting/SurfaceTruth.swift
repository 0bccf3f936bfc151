/// One surface of a simulated scene with its ground truth.
public struct SurfaceTruth: Sendable, Equatable {
    /// Index in `SimulatedScene.surfaces` (the `surfaceID` of hits).
    public var id: Int
    /// What it is.
    public var kind: SurfaceKind
    /// A readable name: the object's name, or e.g. "room 0 wall 2", "room 1 floor".
    public var name: String
    /// The object index in the description for objects; `nil` for the room shell.
    public var objectIndex: Int?
    /// The room index for shell surfaces; `nil` for objects.
    public var roomIndex: Int?
    /// The exact geometry.
    public var primitive: PrimitiveTruth
    /// Colour and texture.
    public var material: SurfaceMaterial
    /// Surface area, square metres.
    public var area: Float
}
