extension RoomPlanSection: Decodable {
    private enum DecodingKeys: String, CodingKey { case label, center, story }

    /// Decodes RoomPlan's `CapturedRoom.Section` keys; an unknown label becomes `unidentified`.
    /// - Throws: `DecodingError` when `center` is not three finite numbers.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: DecodingKeys.self)
        // Apple's enum may encode as a string or as a one-key object (`{"kitchen": {}}`).
        let label: String
        if let s = try? c.decodeIfPresent(String.self, forKey: .label) {
            label = s
        } else if let o = try? c.decodeIfPresent([String: RoomPlanCategoryAttributes].self, forKey: .label), o.count == 1 {
            label = o.keys.first!
        } else {
            label = "unidentified"
        }
        self.label = Self.labels.contains(label) ? label : "unidentified"
        let v = try c.decode([Double].self, forKey: .center)
        guard v.count == 3, v.allSatisfy(\.isFinite) else {
            throw DecodingError.dataCorruptedError(forKey: .center, in: c, debugDescription: "expected 3 finite numbers")
        }
        center = SIMD3(v[0], v[1], v[2])
        story = try c.decodeIfPresent(Int.self, forKey: .story) ?? 0
    }
}
