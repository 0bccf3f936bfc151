import Foundation

/// The exact geometry of one simulated surface, world metres: what a surface finder should recover.
public enum PrimitiveTruth: Sendable, Equatable {
    /// A planar region (wall face, reveal, floor, ceiling) of the given plane; `normal` points into
    /// the room (or up for floors, down for ceilings).
    case plane(Plane)
    /// A box: centre, orientation (columns are the box's local axes in world space) and edge lengths.
    case box(center: SIMD3<Float>, rotation: Matrix3x3, size: SIMD3<Float>)
    /// A sphere.
    case sphere(center: SIMD3<Float>, radius: Float)
    /// A cylinder from `baseCenter` along the unit `axis` for `height`.
    case cylinder(baseCenter: SIMD3<Float>, axis: SIMD3<Float>, radius: Float, height: Float, capped: Bool)
    /// A cone frustum from `baseCenter` (radius `bottomRadius`) along the unit `axis` to radius
    /// `topRadius` at `height`.
    case cone(
        baseCenter: SIMD3<Float>, axis: SIMD3<Float>, bottomRadius: Float, topRadius: Float, height: Float,
        capped: Bool)
    /// A torus: centre, unit axis, mean-circle radius and tube radius.
    case torus(center: SIMD3<Float>, axis: SIMD3<Float>, majorRadius: Float, minorRadius: Float)

    /// For a cone: its apex (where the radius reaches 0, possibly beyond the frustum) and half-angle
    /// (radians); `nil` for other primitives and for a cylinder-like cone (equal radii).
    public var coneApexAndHalfAngle: (apex: SIMD3<Float>, halfAngle: Float)? {
        guard case .cone(let base, let axis, let r0, let r1, let h, _) = self, r0 != r1 else { return nil }
        // radius(y) = r0 + (r1 − r0)·y/h reaches 0 at y = r0·h/(r0 − r1).
        let y = r0 * h / (r0 - r1)
        return (base + axis * y, atanf(abs(r0 - r1) / h))
    }
}
