/// A problem in a scene description, naming the element and what is wrong.
public enum SceneValidationError: Error, Equatable, CustomStringConvertible {
    /// The JSON could not be decoded (the decoder's message).
    case invalidJSON(String)
    /// The description has no rooms.
    case noRooms
    /// A room polygon has fewer than 3 vertices.
    case tooFewVertices(room: Int, count: Int)
    /// A room polygon crosses itself or repeats a vertex.
    case nonSimplePolygon(room: Int)
    /// A room polygon runs clockwise seen from above.
    case clockwisePolygon(room: Int)
    /// A room dimension (height, wall thickness) is not positive / negative, or a value is not finite.
    case invalidRoomDimension(room: Int, name: String, value: Float)
    /// An opening names a wall the room does not have.
    case openingWallOutOfRange(room: Int, opening: Int, wall: Int, wallCount: Int)
    /// An opening extends beyond its wall (along it, below the floor or above the ceiling).
    case openingOutsideWall(room: Int, opening: Int, detail: String)
    /// Two openings of one wall overlap.
    case overlappingOpenings(room: Int, wall: Int)
    /// A primitive parameter is invalid (negative radius, zero size, …).
    case invalidPrimitive(object: Int, name: String, detail: String)
    /// A colour name is not in `SurfaceMaterial.namedColors`.
    case unknownColor(String)
    /// The camera path is invalid.
    case invalidPath(String)
    /// A fault is invalid.
    case invalidFault(index: Int, detail: String)
    /// The session origin is not a gravity-aligned rigid transform (it may only turn about +Y).
    case invalidSessionOrigin(String)

    public var description: String {
        switch self {
        case .invalidJSON(let m): "scene JSON could not be decoded: \(m)"
        case .noRooms: "scene has no rooms"
        case .tooFewVertices(let r, let n): "room \(r): polygon has \(n) vertices; at least 3 are needed"
        case .nonSimplePolygon(let r): "room \(r): polygon is not simple (edges cross or a vertex repeats)"
        case .clockwisePolygon(let r):
            "room \(r): polygon runs clockwise seen from above; reverse the vertex order (counter-clockwise expected)"
        case .invalidRoomDimension(let r, let name, let v): "room \(r): \(name) \(v) is invalid"
        case .openingWallOutOfRange(let r, let o, let w, let n):
            "room \(r), opening \(o): wall \(w) does not exist (the room has walls 0…\(n - 1))"
        case .openingOutsideWall(let r, let o, let d): "room \(r), opening \(o): outside its wall: \(d)"
        case .overlappingOpenings(let r, let w): "room \(r), wall \(w): openings overlap"
        case .invalidPrimitive(let o, let name, let d): "object \(o) '\(name)': \(d)"
        case .unknownColor(let c):
            "unknown colour '\(c)'; known: \(SurfaceMaterial.namedColors.keys.sorted().joined(separator: ", "))"
        case .invalidPath(let d): "camera path: \(d)"
        case .invalidFault(let i, let d): "fault \(i): \(d)"
        case .invalidSessionOrigin(let d): "session origin: \(d)"
        }
    }
}
