/// What a simulated surface is.
public enum SurfaceKind: String, Sendable, Codable, CaseIterable {
    /// A room floor.
    case floor
    /// A room ceiling.
    case ceiling
    /// A wall face, or the reveal of an opening (jamb, head, sill).
    case wall
    /// A box object.
    case box
    /// A sphere object.
    case sphere
    /// A cylinder object.
    case cylinder
    /// A cone (frustum) object.
    case cone
    /// A torus object.
    case torus

    /// Whether the surface belongs to the room shell (floor, ceiling, walls) rather than an object.
    public var isRoomShell: Bool { self == .floor || self == .ceiling || self == .wall }
}
