/// An anchor stored on a map: the anchor's JSON (`Anchor`'s `Codable` form, its pose in the map's world
/// frame) with the map and account it belongs to.
public struct AnchorRecord: Sendable, Equatable {
    /// The anchor's identifier (a UUID string, the anchor's `id`).
    public var id: String
    /// The map it is placed on.
    public var mapID: String
    /// The owning account (the map's).
    public var accountID: String
    /// When it was stored, seconds since 1970.
    public var createdAt: Double
    /// The `Anchor` as JSON.
    public var anchorJSON: String

    /// A record with every field given.
    public init(id: String, mapID: String, accountID: String, createdAt: Double, anchorJSON: String) {
        self.id = id
        self.mapID = mapID
        self.accountID = accountID
        self.createdAt = createdAt
        self.anchorJSON = anchorJSON
    }
}
