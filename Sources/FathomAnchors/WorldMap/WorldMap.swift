import FathomCore
import Foundation

/// What a session saves so that a later session can find its anchors again: ARKit's
/// `ARWorldMap`, as an open, versioned container.
///
/// Everything is in the saving session's world frame (metres, gravity-aligned, +y up).
public struct WorldMap: Sendable, Equatable {
    /// The format marker written in every world map file.
    public static let formatName = "fathom-worldmap"
    /// The format version this type writes and the highest it reads.
    public static let formatVersion = 1

    /// The session's feature points: positions, plus identifiers and normals when known.
    public var points: PointCloud
    /// Axis-aligned extent of the mapped space, metres.
    public var extent: BoundingBox
    /// The anchors placed in the session.
    public var anchors: [Anchor]
    /// When the map was saved.
    public var createdAt: Date

    /// Creates a map; `extent` defaults to the points' bounds (a zero box at the origin when empty).
    public init(points: PointCloud, extent: BoundingBox? = nil, anchors: [Anchor] = [], createdAt: Date = Date()) {
        self.points = points
        self.extent = extent ?? points.bounds ?? BoundingBox(min: .zero, max: .zero)
        self.anchors = anchors
        self.createdAt = createdAt
    }
}
