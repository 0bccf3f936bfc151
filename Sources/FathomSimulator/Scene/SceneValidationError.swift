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

    public var description: String {
        switch self {
        case let .invalidJSON(m): "scene JSON could not be decoded: \(m)"
        case .noRooms: "scene has no rooms"
        case let .tooFewVertices(r, n): "room \(r): polygon has \(n) vertices; at least 3 are needed"
        case let .nonSimplePolygon(r): "room \(r): polygon is not simple (edges cross or a vertex repeats)"
        case let .clockwisePolygon(r):
            "room \(r): polygon runs clockwise seen from above; reverse the vertex order (counter-clockwise expected)"
        case let .invalidRoomDimension(r, name, v): "room \(r): \(name) \(v) is invalid"
        case let .openingWallOutOfRange(r, o, w, n):
            "room \(r), opening \(o): wall \(w) does not exist (the room has walls 0…\(n - 1))"
        case let .openingOutsideWall(r, o, d): "room \(r), opening \(o): outside its wall: \(d)"
        case let .overlappingOpenings(r, w): "room \(r), wall \(w): openings overlap"
        case let .invalidPrimitive(o, name, d): "object \(o) '\(name)': \(d)"
        case let .unknownColor(c):
            "unknown colour '\(c)'; known: \(SurfaceMaterial.namedColors.keys.sorted().joined(separator: ", "))"
        case let .invalidPath(d): "camera path: \(d)"
        case let .invalidFault(i, d): "fault \(i): \(d)"
        }
    }
}
