import FathomCore
import Foundation

/// A pane placed in the world: the anchor's identifier and pose, and the pane it carries.
public struct PlacedFilmPane: Sendable, Equatable {
    /// The anchor's identifier.
    public var anchorID: UUID
    /// The anchor's pose: anchor space (the pane's) to world space, metres.
    public var worldFromAnchor: RigidTransform
    /// The pane.
    public var pane: FilmPane

    /// Creates a placed pane.
    public init(anchorID: UUID, worldFromAnchor: RigidTransform, pane: FilmPane) {
        self.anchorID = anchorID
        self.worldFromAnchor = worldFromAnchor
        self.pane = pane
    }

    /// The pane of an anchor of kind `FilmPane.anchorKind`; throws `ThinFilmError` naming the anchor otherwise.
    public init(anchor: Anchor) throws {
        self.init(anchorID: anchor.id, worldFromAnchor: anchor.worldFromAnchor, pane: try FilmPane(anchor: anchor))
    }
}
