import Foundation

extension RoomPlanSurface: Decodable {
    private enum DecodingKeys: String, CodingKey {
        case identifier, parentIdentifier, category, confidence, dimensions, transform, polygonCorners, story
    }

    /// Decodes RoomPlan's `CapturedRoom.Surface` keys (as `encode(to:)` writes them and RoomPlan does):
    /// `category` and `confidence` as one-key objects, `dimensions` three numbers, `transform` 16,
    /// `polygonCorners` optional, `story` optional (0).
    /// - Throws: `DecodingError` naming the key when a value is missing or of the wrong shape.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: DecodingKeys.self)
        identifier = try c.decode(UUID.self, forKey: .identifier)
        parentIdentifier = try c.decodeIfPresent(UUID.self, forKey: .parentIdentifier)
        let category = try c.decode([String: RoomPlanCategoryAttributes].self, forKey: .category)
        guard category.count == 1, let (name, attributes) = category.first else {
            throw DecodingError.dataCorruptedError(
                forKey: .category, in: c, debugDescription: "a category is an object with one key, got \(category.keys.sorted())")
        }
        switch name {
        case "wall": self.category = .wall
        case "door": self.category = .door(isOpen: attributes.isOpen ?? false)
        case "window": self.category = .window
        case "opening": self.category = .opening
        case "floor": self.category = .floor
        default:
            throw DecodingError.dataCorruptedError(forKey: .category, in: c, debugDescription: "unknown surface category '\(name)'")
        }
        let confidence = try c.decodeIfPresent([String: RoomPlanCategoryAttributes].self, forKey: .confidence) ?? ["medium": .init()]
        self.confidence = confidence.keys.first.flatMap(Confidence.init(rawValue:)) ?? .medium
        let d = try c.decode([Double].self, forKey: .dimensions)
        guard d.count == 3, d.allSatisfy(\.isFinite) else {
            throw DecodingError.dataCorruptedError(forKey: .dimensions, in: c, debugDescription: "expected 3 finite numbers, got \(d.count)")
        }
        dimensions = SIMD3(d[0], d[1], d[2])
        let t = try c.decode([Double].self, forKey: .transform)
        guard t.count == 16, t.allSatisfy(\.isFinite) else {
            throw DecodingError.dataCorruptedError(forKey: .transform, in: c, debugDescription: "expected 16 finite numbers, got \(t.count)")
        }
        transform = t
        let corners = try c.decodeIfPresent([[Double]].self, forKey: .polygonCorners) ?? []
        guard corners.allSatisfy({ $0.count == 3 && $0.allSatisfy(\.isFinite) }) else {
            throw DecodingError.dataCorruptedError(forKey: .polygonCorners, in: c, debugDescription: "every corner is 3 finite numbers")
        }
        polygonCorners = corners.map { SIMD3($0[0], $0[1], $0[2]) }
        story = try c.decodeIfPresent(Int.self, forKey: .story) ?? 0
    }
}

/// The attributes object under a RoomPlan category or confidence key (`{"isOpen": true}` for doors,
/// `{}` otherwise); unknown attributes are ignored.
struct RoomPlanCategoryAttributes: Decodable {
    var isOpen: Bool?

    init() {}
}
