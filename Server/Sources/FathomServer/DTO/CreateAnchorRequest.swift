import Fathom
import Foundation

/// `POST /v1/maps/{id}/anchors` body: an anchor placed in the map's world frame.
public struct CreateAnchorRequest: Codable, Sendable {
    /// The anchor's identifier; a new one when absent.
    public var id: UUID?
    /// What the app placed (1–100 characters), e.g. `film-pane`.
    public var kind: String
    /// The anchor's pose, anchor → map world, 16 numbers column-major (metres); must be rigid.
    public var worldFromAnchor: [Float]
    /// App data, any JSON value.
    public var payload: AnchorPayload?

    /// Longest `kind`, characters.
    public static let maximumKindLength = 100
}
