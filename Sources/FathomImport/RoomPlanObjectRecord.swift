import Foundation

/// A `CapturedRoom.Object` as RoomPlan's JSON encodes it: an oriented box with a category.
///
/// `dimensions` is `[width, height, depth]` in metres along the box's local x, y, z; `transform` is
/// worldFromObject (16 numbers, column-major, the translation the box centre); `category` a one-key
/// object (`{"storage": {}}`); `confidence` likewise (`{"high": {}}`); `attributes` and
/// `parentIdentifier` are read but not used.
struct RoomPlanObjectRecord: Decodable {
    var identifier: UUID?
    var category: String
    var confidence: String
    var dimensions: SIMD3<Double>
    var transform: [Double]
    var story: Int

    private enum Keys: String, CodingKey { case identifier, category, confidence, dimensions, transform, story }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        identifier = try c.decodeIfPresent(UUID.self, forKey: .identifier)
        let category = try c.decode([String: AnyDecodable].self, forKey: .category)
        guard category.count == 1 else {
            throw DecodingError.dataCorruptedError(forKey: .category, in: c, debugDescription: "a category is an object with one key")
        }
        self.category = category.keys.first!
        confidence = (try? c.decodeIfPresent([String: AnyDecodable].self, forKey: .confidence))??.keys.first ?? "medium"
        let d = try c.decode([Double].self, forKey: .dimensions)
        guard d.count == 3, d.allSatisfy(\.isFinite) else {
            throw DecodingError.dataCorruptedError(forKey: .dimensions, in: c, debugDescription: "expected 3 finite numbers")
        }
        dimensions = SIMD3(d[0], d[1], d[2])
        transform = try c.decode([Double].self, forKey: .transform)
        guard transform.count == 16, transform.allSatisfy(\.isFinite) else {
            throw DecodingError.dataCorruptedError(forKey: .transform, in: c, debugDescription: "expected 16 finite numbers")
        }
        story = try c.decodeIfPresent(Int.self, forKey: .story) ?? 0
    }
}

/// Any JSON value, skipped (for attribute objects whose content is not used).
struct AnyDecodable: Decodable {
    init(from decoder: any Decoder) throws {}
}
