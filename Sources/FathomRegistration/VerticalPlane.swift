import FathomCore
import Foundation

/// A vertical plane (a wall face, a cupboard front) found in a gravity-aligned cloud: the points
/// `p` with `normal · p ≈ offset`. Its sign is arbitrary (the normal may point either way).
struct VerticalPlane: Sendable, Equatable {
    /// Unit horizontal normal (y = 0).
    var normal: SIMD3<Float>
    /// Signed distance of the plane from the origin along `normal`, metres.
    var offset: Float
    /// Downsampled points on it (one per voxel, so about its seen area over the voxel area).
    var pointCount: Int

    /// The plane moved by `transform` (a turn about the vertical and a translation).
    func moved(by transform: RigidTransform) -> VerticalPlane {
        let n = transform.rotation * normal
        return VerticalPlane(normal: n, offset: offset + n.dot(transform.translation), pointCount: pointCount)
    }

    /// Whether the two planes are parallel within `tolerance` radians (either sign of the normals).
    func isParallel(to other: VerticalPlane, tolerance: Float) -> Bool {
        abs(normal.dot(other.normal)) >= cos(tolerance)
    }
}
