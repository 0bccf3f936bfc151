/// One room: a floor polygon extruded to `height`, with openings cut into its walls.
///
/// The polygon is the room's interior outline (the wall faces you see), `[x, z]` metres,
/// counter-clockwise seen from above (+Y); wall `i` is the edge from vertex `i` to vertex `i + 1`
/// (the last wall closes the polygon). Neighbouring rooms are placed with their facing walls
/// `wallThickness` apart (or touching when it is 0); an opening then cuts through both walls and its
/// reveal (jambs, head, sill) spans the thickness, so the rooms form one connected space.
public struct RoomDescription: Sendable, Equatable, Codable {
    /// Interior floor outline, `[x, z]` metres, counter-clockwise from above; at least 3 vertices.
    public var polygon: [SIMD2<Float>]
    /// Height of the floor, metres (default 0).
    public var floorY: Float
    /// Floor-to-ceiling height, metres (default 2.6).
    public var height: Float
    /// Wall thickness, metres (default 0.1): the depth of opening reveals.
    public var wallThickness: Float
    /// Doors, windows and plain openings.
    public var openings: [OpeningDescription]
    /// Colour name of the walls (default "white"; see `SurfaceMaterial`).
    public var wallColor: String
    /// Colour name of the floor (default "wood").
    public var floorColor: String
    /// Colour name of the ceiling (default "white").
    public var ceilingColor: String

    /// Creates a room.
    public init(
        polygon: [SIMD2<Float>], floorY: Float = 0, height: Float = 2.6, wallThickness: Float = 0.1,
        openings: [OpeningDescription] = [], wallColor: String = "white", floorColor: String = "wood",
        ceilingColor: String = "white"
    ) {
        self.polygon = polygon
        self.floorY = floorY
        self.height = height
        self.wallThickness = wallThickness
        self.openings = openings
        self.wallColor = wallColor
        self.floorColor = floorColor
        self.ceilingColor = ceilingColor
    }

    enum CodingKeys: String, CodingKey {
        case polygon, floorY, height, wallThickness, openings, wallColor, floorColor, ceilingColor
    }

    /// Decodes a room; only `polygon` is required.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        polygon = try c.decode([SIMD2<Float>].self, forKey: .polygon)
        floorY = try c.decodeIfPresent(Float.self, forKey: .floorY) ?? 0
        height = try c.decodeIfPresent(Float.self, forKey: .height) ?? 2.6
        wallThickness = try c.decodeIfPresent(Float.self, forKey: .wallThickness) ?? 0.1
        openings = try c.decodeIfPresent([OpeningDescription].self, forKey: .openings) ?? []
        wallColor = try c.decodeIfPresent(String.self, forKey: .wallColor) ?? "white"
        floorColor = try c.decodeIfPresent(String.self, forKey: .floorColor) ?? "wood"
        ceilingColor = try c.decodeIfPresent(String.self, forKey: .ceilingColor) ?? "white"
    }

    /// The length of wall `i`, metres.
    public func wallLength(_ i: Int) -> Float {
        (polygon[(i + 1) % polygon.count] - polygon[i]).lengthXZ
    }

    /// Whether the floor-plan point `p` (`[x, z]`) lies inside the polygon (even-odd rule).
    public func contains(_ p: SIMD2<Float>) -> Bool { PolygonMath.contains(p, polygon: polygon) }

    /// The signed area of the polygon, square metres (positive when counter-clockwise from above).
    public var signedArea: Float { PolygonMath.signedArea(polygon) }
}
