import FathomCore
import Foundation

/// A thing placed in the world that must be found again: ARKit's `ARAnchor`, in the open.
public struct Anchor: Sendable, Equatable, Identifiable {
    /// Stable identifier.
    public var id: UUID
    /// Pose of the anchor: maps anchor space (metres) to world space (metres).
    public var worldFromAnchor: RigidTransform
    /// What the app placed, e.g. `"film-pane"`; apps define their own kinds.
    public var kind: String
    /// When it was placed.
    public var createdAt: Date
    /// App data (e.g. a pane's size and film thickness range), as a JSON value.
    public var payload: AnchorPayload

    /// Creates an anchor.
    public init(
        id: UUID = UUID(), worldFromAnchor: RigidTransform, kind: String, createdAt: Date = Date(),
        payload: AnchorPayload = .null
    ) {
        self.id = id
        self.worldFromAnchor = worldFromAnchor
        self.kind = kind
        self.createdAt = createdAt
        self.payload = payload
    }
}
