/// The JSON `POST /v1/maps` tells apart: `{"scanId": …}` builds a map from a stored scan; a
/// fathom-worldmap file (it has `format`) is stored as uploaded.
public struct CreateMapRequest: Codable, Sendable {
    /// A scan of the caller's account whose feature points become the map.
    public var scanId: String?
    /// `fathom-worldmap` when the body is a world-map file.
    public var format: String?
}
