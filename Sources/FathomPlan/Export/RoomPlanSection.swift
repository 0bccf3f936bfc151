/// A named area of the room in the shape of RoomPlan's `CapturedRoom.Section`.
public struct RoomPlanSection: Sendable, Equatable, Encodable {
    /// RoomPlan's section labels.
    public static let labels = ["bathroom", "bedroom", "diningRoom", "kitchen", "livingRoom", "unidentified"]

    /// One of `labels`.
    public var label: String
    /// A point in the area, world `[x, y, z]` metres.
    public var center: SIMD3<Double>
    /// Story (floor level) of the building, 0 for the scanned one.
    public var story: Int

    /// Creates a section.
    /// - Precondition: `label` is one of `labels`.
    public init(label: String, center: SIMD3<Double>, story: Int = 0) {
        precondition(Self.labels.contains(label), "RoomPlan has no section label \"\(label)\"")
        self.label = label
        self.center = center
        self.story = story
    }

    /// RoomPlan's label for a room name said by a user (`"Living room"` → `livingRoom`,
    /// `"Bath"` → `bathroom`), or `unidentified`.
    public static func label(forRoomName name: String?) -> String {
        guard let name else { return "unidentified" }
        let words = name.lowercased()
        let table: [(String, [String])] = [
            ("kitchen", ["kitchen"]), ("diningRoom", ["dining"]), ("livingRoom", ["living", "lounge"]),
            ("bathroom", ["bath", "shower", "toilet", "wc"]), ("bedroom", ["bedroom", "bed room", "nursery"]),
        ]
        for (label, keys) in table where keys.contains(where: words.contains) { return label }
        return "unidentified"
    }

    private enum CodingKeys: String, CodingKey { case label, center, story }

    /// Encodes `center` as three numbers.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(label, forKey: .label)
        try c.encode([center.x, center.y, center.z], forKey: .center)
        try c.encode(story, forKey: .story)
    }
}
