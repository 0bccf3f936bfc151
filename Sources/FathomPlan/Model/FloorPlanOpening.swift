/// A door, window or open passage in a wall.
public struct FloorPlanOpening: Sendable, Equatable, Codable {
    /// What kind of opening it is.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Reaches the floor and is at most `FloorPlanOpening.maximumDoorWidth` wide.
        case door
        /// Has a sill: its bottom is above the floor.
        case window
        /// Reaches the floor and is wider than a door (an open passage).
        case opening
    }

    /// The widest opening reaching the floor that is still called a door, metres.
    public static let maximumDoorWidth = 1.2
    /// A bottom at most this high above the floor counts as reaching the floor, metres.
    public static let floorContactTolerance = 0.05

    /// Identifier, unique in the plan (`"o1"`, …).
    public var id: String
    /// Identifier of the wall that holds it.
    public var wallId: String
    /// Door, window or opening.
    public var kind: Kind
    /// One side of the opening on the wall line, `[x, z]` metres.
    public var start: SIMD2<Double>
    /// The other side, `[x, z]` metres.
    public var end: SIMD2<Double>
    /// Height of the opening's bottom above the floor, metres (0 for doors).
    public var bottom: Double
    /// Height of the opening's top above the floor, metres.
    public var top: Double

    /// Creates an opening.
    public init(
        id: String, wallId: String, kind: Kind, start: SIMD2<Double>, end: SIMD2<Double>, bottom: Double,
        top: Double
    ) {
        self.id = id
        self.wallId = wallId
        self.kind = kind
        self.start = start
        self.end = end
        self.bottom = bottom
        self.top = top
    }

    /// Width along the wall, metres.
    public var width: Double { FloorPlanGeometry.distance(start, end) }

    /// The kind the format's rule gives for an opening of this width and bottom height (metres).
    public static func kind(width: Double, bottom: Double) -> Kind {
        if bottom > floorContactTolerance { return .window }
        return width <= maximumDoorWidth ? .door : .opening
    }
}
