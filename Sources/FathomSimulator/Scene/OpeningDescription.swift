/// A rectangular hole in a wall: a door, a window or a plain opening.
public struct OpeningDescription: Sendable, Equatable, Codable {
    /// What the opening is (only affects labelling; all are holes).
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A doorway (usually `bottom == 0`).
        case door
        /// A window (a hole; no glass is rendered).
        case window
        /// A plain opening between spaces.
        case opening
    }

    /// The kind.
    public var kind: Kind
    /// The wall: polygon edge `wall → wall + 1` of its room.
    public var wall: Int
    /// Distance from the wall's start vertex to the opening's near side, metres.
    public var offset: Float
    /// Width along the wall, metres.
    public var width: Float
    /// Bottom edge above the floor, metres (0 for doors).
    public var bottom: Float
    /// Top edge above the floor, metres.
    public var top: Float

    /// Creates an opening.
    public init(kind: Kind, wall: Int, offset: Float, width: Float, bottom: Float = 0, top: Float = 2.05) {
        self.kind = kind
        self.wall = wall
        self.offset = offset
        self.width = width
        self.bottom = bottom
        self.top = top
    }

    enum CodingKeys: String, CodingKey { case kind, wall, offset, width, bottom, top }

    /// Decodes an opening; `kind` defaults to `opening`, `bottom` to 0 m and `top` to 2.05 m.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decodeIfPresent(Kind.self, forKey: .kind) ?? .opening
        wall = try c.decode(Int.self, forKey: .wall)
        offset = try c.decode(Float.self, forKey: .offset)
        width = try c.decode(Float.self, forKey: .width)
        bottom = try c.decodeIfPresent(Float.self, forKey: .bottom) ?? 0
        top = try c.decodeIfPresent(Float.self, forKey: .top) ?? 2.05
    }
}
