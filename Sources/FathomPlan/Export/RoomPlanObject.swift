import Foundation

/// A piece of furniture in the shape of RoomPlan's `CapturedRoom.Object`: an oriented box.
///
/// `dimensions` is the box's `[width, height, depth]` (metres, local x, y, z), `transform` places
/// the box's centre and axes in the world (16 numbers, column by column; local y is up), `category`
/// and `confidence` encode as the Swift enums do: `{"storage": {}}`, `{"high": {}}`.
public struct RoomPlanObject: Sendable, Equatable, Encodable {
    /// Unique identifier.
    public var identifier: UUID
    /// RoomPlan's category name (`storage`, `bed`, `table`, …; the plan's own names).
    public var category: FloorPlanObject.Category
    /// How certain the category is.
    public var confidence: RoomPlanSurface.Confidence
    /// Width, height and depth of the box, metres.
    public var dimensions: SIMD3<Double>
    /// worldFromObject, 16 numbers column-major; the translation (metres) is the box centre.
    public var transform: [Double]
    /// Story (floor level) of the building, 0 for the scanned one.
    public var story: Int

    /// Creates an object.
    /// - Precondition: `transform` has 16 numbers.
    public init(
        identifier: UUID, category: FloorPlanObject.Category, confidence: RoomPlanSurface.Confidence,
        dimensions: SIMD3<Double>, transform: [Double], story: Int = 0
    ) {
        precondition(transform.count == 16, "a transform has 16 numbers, got \(transform.count)")
        self.identifier = identifier
        self.category = category
        self.confidence = confidence
        self.dimensions = dimensions
        self.transform = transform
        self.story = story
    }

    private enum CodingKeys: String, CodingKey {
        case identifier, parentIdentifier, category, confidence, dimensions, transform, story
    }

    private typealias Key = RoomPlanKey

    /// Encodes RoomPlan's keys (`parentIdentifier` null).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encodeNil(forKey: .parentIdentifier)
        var category = c.nestedContainer(keyedBy: Key.self, forKey: .category)
        _ = category.nestedContainer(keyedBy: Key.self, forKey: Key(self.category.rawValue))
        var confidence = c.nestedContainer(keyedBy: Key.self, forKey: .confidence)
        _ = confidence.nestedContainer(keyedBy: Key.self, forKey: Key(self.confidence.rawValue))
        try c.encode([dimensions.x, dimensions.y, dimensions.z], forKey: .dimensions)
        try c.encode(transform, forKey: .transform)
        try c.encode(story, forKey: .story)
    }

    /// The RoomPlan object of a plan object: local x along the footprint's first side (corner 0 →
    /// 1), y up, z = x × y; centred on the box; confidence high from 0.8, medium from 0.5, else low.
    public static func box(_ object: FloorPlanObject, floorY: Double, identifier: UUID) -> RoomPlanObject {
        let c = object.corners
        let centre = object.center
        var width = 0.0
        var depth = 0.0
        var x = SIMD2<Double>(1, 0)
        if c.count == 4 {
            width = FloorPlanGeometry.distance(c[0], c[1])
            depth = FloorPlanGeometry.distance(c[1], c[2])
            if width > 0 { x = (c[1] - c[0]) / width }
        }
        // Local z = x × y with x = (x.x, 0, x.y) and y up: (−x.y, 0, x.x).
        let height = object.top - object.bottom
        let transform = [
            x.x, 0, x.y, 0, 0, 1, 0, 0, -x.y, 0, x.x, 0, centre.x, floorY + (object.bottom + object.top) / 2, centre.y, 1,
        ].map { $0 + 0 }
        let confidence: RoomPlanSurface.Confidence =
            object.confidence >= 0.8 ? .high : object.confidence >= 0.5 ? .medium : .low
        return RoomPlanObject(
            identifier: identifier, category: object.category, confidence: confidence,
            dimensions: SIMD3(width, height, depth), transform: transform)
    }
}
