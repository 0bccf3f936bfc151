import Foundation

/// A wall, door, window, opening or floor in the shape of RoomPlan's `CapturedRoom.Surface`.
///
/// As Apple documents the type: `dimensions` is the size of the box that holds the surface
/// (`[width, height, depth]`, metres), `transform` places the surface's own frame in the world
/// (a 4×4 matrix, 16 numbers, column by column: the local x, y, z axes, then the centre), and
/// `polygonCorners` outlines the surface in that local frame (`[x, y, 0]` corners, metres).
/// `category` and `confidence` encode as the Swift enums do: `{"wall": {}}`,
/// `{"door": {"isOpen": true}}`, `{"high": {}}`.
public struct RoomPlanSurface: Sendable, Equatable, Encodable {
    /// What the surface is.
    public enum Category: Sendable, Equatable {
        /// A wall.
        case wall
        /// A door; `isOpen` tells whether its leaf was open.
        case door(isOpen: Bool)
        /// A window.
        case window
        /// An open passage.
        case opening
        /// A floor.
        case floor
    }

    /// How certain the category is.
    public enum Confidence: String, Sendable, Equatable {
        /// Low certainty.
        case low
        /// Medium certainty.
        case medium
        /// High certainty.
        case high
    }

    /// Unique identifier.
    public var identifier: UUID
    /// The wall holding a door, window or opening; nil otherwise.
    public var parentIdentifier: UUID?
    /// What the surface is.
    public var category: Category
    /// How certain the category is.
    public var confidence: Confidence
    /// Width, height and depth of the surface's box in its local frame, metres.
    public var dimensions: SIMD3<Double>
    /// worldFromSurface, 16 numbers column-major; the translation (metres) is the box centre.
    public var transform: [Double]
    /// Outline in the local frame, `[x, y, 0]` metres.
    public var polygonCorners: [SIMD3<Double>]
    /// Story (floor level) of the building, 0 for the scanned one.
    public var story: Int

    /// Creates a surface.
    /// - Precondition: `transform` has 16 numbers.
    public init(
        identifier: UUID, parentIdentifier: UUID? = nil, category: Category, confidence: Confidence,
        dimensions: SIMD3<Double>, transform: [Double], polygonCorners: [SIMD3<Double>] = [], story: Int = 0
    ) {
        precondition(transform.count == 16, "a transform has 16 numbers, got \(transform.count)")
        self.identifier = identifier
        self.parentIdentifier = parentIdentifier
        self.category = category
        self.confidence = confidence
        self.dimensions = dimensions
        self.transform = transform
        self.polygonCorners = polygonCorners
        self.story = story
    }

    private enum CodingKeys: String, CodingKey {
        case identifier, parentIdentifier, category, confidence, dimensions, transform, polygonCorners, story,
            completedEdges, curve
    }

    private typealias Key = RoomPlanKey

    /// Encodes RoomPlan's keys; `parentIdentifier` and `curve` as `null` when absent, no completed edges.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(parentIdentifier, forKey: .parentIdentifier)
        var category = c.nestedContainer(keyedBy: Key.self, forKey: .category)
        switch self.category {
        case .wall: _ = category.nestedContainer(keyedBy: Key.self, forKey: Key("wall"))
        case .window: _ = category.nestedContainer(keyedBy: Key.self, forKey: Key("window"))
        case .opening: _ = category.nestedContainer(keyedBy: Key.self, forKey: Key("opening"))
        case .floor: _ = category.nestedContainer(keyedBy: Key.self, forKey: Key("floor"))
        case .door(let isOpen):
            var door = category.nestedContainer(keyedBy: Key.self, forKey: Key("door"))
            try door.encode(isOpen, forKey: Key("isOpen"))
        }
        var confidence = c.nestedContainer(keyedBy: Key.self, forKey: .confidence)
        _ = confidence.nestedContainer(keyedBy: Key.self, forKey: Key(self.confidence.rawValue))
        try c.encode([dimensions.x, dimensions.y, dimensions.z], forKey: .dimensions)
        try c.encode(transform, forKey: .transform)
        try c.encode(polygonCorners.map { [$0.x, $0.y, $0.z] }, forKey: .polygonCorners)
        try c.encode(story, forKey: .story)
        try c.encode([String](), forKey: .completedEdges)
        try c.encodeNil(forKey: .curve)
    }
}
