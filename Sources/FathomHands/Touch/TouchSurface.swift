import FathomCore

/// A bounded planar support surface (a table top, a floor patch): a FathomCore `Plane` plus a
/// rectangular extent in that plane.
///
/// The rectangle is centred at `center` and spanned by the orthonormal in-plane axes `axisU` and
/// `axisV`, reaching `halfSize.x` metres along ±`axisU` and `halfSize.y` metres along ±`axisV`. The
/// plane's normal is `axisU × axisV`; the surface's top side, where touches and balls rest, is the side
/// the normal points to.
public struct TouchSurface: Hashable, Sendable {
    /// The supporting plane; its normal is `axisU × axisV`.
    public let plane: Plane
    /// The rectangle's centre, metres (on the plane).
    public let center: SIMD3<Float>
    /// The first in-plane unit axis.
    public let axisU: SIMD3<Float>
    /// The second in-plane unit axis, perpendicular to `axisU`.
    public let axisV: SIMD3<Float>
    /// Half the rectangle's size along `axisU` (x) and `axisV` (y), metres.
    public let halfSize: SIMD2<Float>

    /// Tolerance on the axes' unit length and perpendicularity.
    public static let axisTolerance: Float = 1e-3

    /// Creates a surface; `nil` when an input is not finite, the axes are not perpendicular unit
    /// vectors (within `axisTolerance`), or a half size is not positive.
    public init?(center: SIMD3<Float>, axisU: SIMD3<Float>, axisV: SIMD3<Float>, halfSize: SIMD2<Float>) {
        guard center.isFinite, axisU.isFinite, axisV.isFinite, halfSize.x > 0, halfSize.y > 0,
              halfSize.x.isFinite, halfSize.y.isFinite,
              abs(axisU.length - 1) <= Self.axisTolerance, abs(axisV.length - 1) <= Self.axisTolerance,
              abs(axisU.dot(axisV)) <= Self.axisTolerance,
              let plane = Plane(point: center, normal: axisU.cross(axisV))
        else { return nil }
        self.plane = plane
        self.center = center
        self.axisU = axisU / axisU.length
        self.axisV = axisV / axisV.length
        self.halfSize = halfSize
    }

    /// A horizontal surface (normal +Y, the world up of ARKit) centred at `center`, `sizeX` metres
    /// along world X and `sizeZ` metres along world Z; `nil` unless both sizes are positive.
    public static func horizontal(center: SIMD3<Float>, sizeX: Float, sizeZ: Float) -> TouchSurface? {
        // (0, 0, 1) × (1, 0, 0) = (0, 1, 0): the normal points up.
        TouchSurface(center: center, axisU: SIMD3(0, 0, 1), axisV: SIMD3(1, 0, 0),
                     halfSize: SIMD2(sizeZ / 2, sizeX / 2))
    }

    /// The unit normal of the top side.
    public var normal: SIMD3<Float> { plane.normal }

    /// The in-plane coordinates (metres along `axisU`, `axisV`) of `point`'s projection, relative to
    /// the centre.
    @inlinable
    public func planeCoordinates(of point: SIMD3<Float>) -> SIMD2<Float> {
        let d = point - center
        return SIMD2(d.dot(axisU), d.dot(axisV))
    }

    /// Whether the projection of `point` onto the plane lies in the rectangle (with `margin` metres of
    /// slack on every side).
    @inlinable
    public func containsProjection(of point: SIMD3<Float>, margin: Float = 0) -> Bool {
        let q = planeCoordinates(of: point)
        return abs(q.x) <= halfSize.x + margin && abs(q.y) <= halfSize.y + margin
    }

    /// The point of the rectangle nearest `point`, metres.
    @inlinable
    public func closestPoint(to point: SIMD3<Float>) -> SIMD3<Float> {
        let q = planeCoordinates(of: point)
        let c = SIMD2(min(max(q.x, -halfSize.x), halfSize.x), min(max(q.y, -halfSize.y), halfSize.y))
        return center + axisU * c.x + axisV * c.y
    }

    /// The distance along `ray` (metres) at which it meets the rectangle, or `nil` when it misses the
    /// rectangle, runs parallel to it, or meets it behind the ray's origin.
    public func intersectionDistance(with ray: Ray) -> Float? {
        guard let t = plane.intersection(with: ray) else { return nil }
        return containsProjection(of: ray.point(at: t)) ? t : nil
    }
}
