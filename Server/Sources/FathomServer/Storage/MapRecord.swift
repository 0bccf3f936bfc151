/// A stored world map: its owner, where it came from and its size. The map itself (points, prepared
/// registration cloud) is a file in `BlobStore` (`maps/<id>/map.json`); its anchors are rows of their own
/// (`AnchorRecord`), so adding one never rewrites the map.
public struct MapRecord: Sendable, Equatable {
    /// The map's identifier (`map_…`).
    public var id: String
    /// The owning account.
    public var accountID: String
    /// When it was stored, seconds since 1970.
    public var createdAt: Double
    /// The scan it was built from, or `nil` for an uploaded world-map file.
    public var scanID: String?
    /// Number of map points.
    public var pointCount: Int
    /// The map's extent, `[minX, minY, minZ, maxX, maxY, maxZ]`, metres of the map's world frame.
    public var extent: [Float]

    /// A record with every field given.
    public init(id: String, accountID: String, createdAt: Double, scanID: String?, pointCount: Int, extent: [Float]) {
        self.id = id
        self.accountID = accountID
        self.createdAt = createdAt
        self.scanID = scanID
        self.pointCount = pointCount
        self.extent = extent
    }
}
