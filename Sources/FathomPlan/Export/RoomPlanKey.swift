/// A free-form coding key for RoomPlan's one-key category and confidence objects
/// (`{"wall": {}}`, `{"door": {"isOpen": true}}`, `{"high": {}}`).
struct RoomPlanKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
