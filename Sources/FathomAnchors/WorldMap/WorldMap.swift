import FathomCore
import FathomRegistration
import Foundation

/// What a session saves so that a later session can find its anchors again: ARKit's
/// `ARWorldMap`, as an open, versioned container.
///
/// Everything is in the saving session's world frame (metres, gravity-aligned, +y up).
public struct WorldMap: Sendable, Equatable {
    /// The format marker written in every world map file.
    public static let formatName = "fathom-worldmap"
    /// The format version this type writes and the highest it reads. Version 2 added the prepared
    /// registration cloud (`registrationCloud`); version 1 files still load, without it.
    public static let formatVersion = 2

    /// The session's feature points: positions, plus identifiers and normals when known.
    public var points: PointCloud
    /// Axis-aligned extent of the mapped space, metres.
    public var extent: BoundingBox
    /// The anchors placed in the session.
    public var anchors: [Anchor]
    /// When the map was saved.
    public var createdAt: Date
    /// The map's points prepared for registration (downsampled, with normals and descriptors) under the
    /// settings it records, so that a relocalizer with the same settings matches without recomputing;
    /// `nil` when not stored (see `preparedForRelocalization(_:)`).
    public var registrationCloud: RegistrationCloud?

    /// Creates a map; `extent` defaults to the points' bounds (a zero box at the origin when empty).
    public init(
        points: PointCloud, extent: BoundingBox? = nil, anchors: [Anchor] = [], createdAt: Date = Date(),
        registrationCloud: RegistrationCloud? = nil
    ) {
        self.points = points
        self.extent = extent ?? points.bounds ?? BoundingBox(min: .zero, max: .zero)
        self.anchors = anchors
        self.createdAt = createdAt
        self.registrationCloud = registrationCloud
    }

    /// This map with `registrationCloud` prepared for a relocalizer with `configuration` (the settings
    /// it would derive from the map, `RelocalizerConfiguration.registration(forMap:)`).
    public func preparedForRelocalization(_ configuration: RelocalizerConfiguration = RelocalizerConfiguration()) -> WorldMap {
        var map = self
        map.registrationCloud = PointCloudRegistrar(configuration: configuration.registration(forMap: points)).prepare(points)
        return map
    }
}
