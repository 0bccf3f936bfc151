import Foundation

/// A world map as the API shows it (`POST /v1/maps`, `GET /v1/maps/{id}`, `GET /v1/maps`).
public struct MapDTO: Codable, Sendable, Equatable {
    /// The map's identifier.
    public var id: String
    /// When it was stored (ISO 8601).
    public var createdAt: String
    /// The scan it was built from; absent for an uploaded world-map file.
    public var scanId: String?
    /// Number of map points.
    public var pointCount: Int
    /// Lower corner of the mapped space, metres of the map's world frame.
    public var extentMin: [Float]
    /// Upper corner of the mapped space, metres of the map's world frame.
    public var extentMax: [Float]

    /// The API form of a stored map.
    public init(_ map: MapRecord) {
        id = map.id
        createdAt = JobDTO.iso(map.createdAt)
        scanId = map.scanID
        pointCount = map.pointCount
        extentMin = Array(map.extent.prefix(3))
        extentMax = Array(map.extent.dropFirst(3).prefix(3))
    }
}
