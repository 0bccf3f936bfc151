/// A piece of furniture or a fixture in the plan: an oriented box standing on the floor, like
/// RoomPlan's `CapturedRoom.Object`.
///
/// The footprint is four `[x, z]` corners in metres (world x and z, as every plan point), in order
/// around the box; `bottom` and `top` are heights above the floor in metres.
public struct FloorPlanObject: Sendable, Equatable, Codable {
    /// What the object is, in RoomPlan's category names; `unknown` where geometry cannot tell.
    public enum Category: String, Sendable, Codable, CaseIterable {
        case storage, refrigerator, stove, bed, sink, washerDryer, toilet, bathtub, oven, dishwasher, table, sofa,
            chair, fireplace, television, stairs, unknown
    }

    /// Identifier, unique in the plan (`"f1"`, …).
    public var id: String
    /// The object's category.
    public var category: Category
    /// Footprint corners, `[x, z]` metres, four of them in order around the box.
    public var corners: [SIMD2<Double>]
    /// Height of the box's bottom above the floor, metres.
    public var bottom: Double
    /// Height of the box's top above the floor, metres.
    public var top: Double
    /// How sure the extractor (or the importer's source) is, 0…1.
    public var confidence: Double

    /// Creates an object.
    public init(
        id: String, category: Category, corners: [SIMD2<Double>], bottom: Double, top: Double, confidence: Double
    ) {
        self.id = id
        self.category = category
        self.corners = corners
        self.bottom = bottom
        self.top = top
        self.confidence = confidence
    }

    /// The footprint's centre (mean of the corners), `[x, z]` metres.
    public var center: SIMD2<Double> {
        guard !corners.isEmpty else { return .zero }
        return corners.reduce(.zero, +) / Double(corners.count)
    }

    /// Footprint area, square metres.
    public var footprintArea: Double { abs(FloorPlanGeometry.signedArea(corners)) }
}
