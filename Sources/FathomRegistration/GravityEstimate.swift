import Foundation
import FathomCore

/// The up direction of a cloud estimated from its own surfaces: horizontal ones (floor, ceiling, table
/// tops) have normals along it and vertical ones (walls, cabinet fronts) normals across it.
///
/// The estimate assumes the cloud's +y lies within `maximumTilt` of the true up (an AR session's
/// gravity, a scanner's upright, a drifting or badly calibrated one). Starting from +y, it keeps the
/// planar normals within a cone about the current estimate (horizontal surfaces) or within the same
/// angle of its perpendicular plane (vertical surfaces) and takes the direction that best fits both:
/// the smallest eigenvector of Σ_vertical n·nᵀ + Σ_horizontal (I − n·nᵀ), whose residuals are the
/// squared sines of the surfaces' deviations. The cone then narrows (`cones`) to leave out oblique
/// surfaces. `nil` when the surfaces do not pin a direction (`minimumPinning`) or too few are horizontal
/// or vertical (`minimumSurfacePoints`).
struct GravityEstimate: Sendable {
    /// The estimated up direction, a unit vector in the cloud's frame (within `maximumTilt` of +y).
    let up: SIMD3<Float>
    /// The standard error of `up`, radians: the surfaces' residual (the scatter of their normals about
    /// horizontal and vertical) over the information in the least pinned direction.
    let angularError: Float
    /// Planar points that counted as horizontal surfaces in the last round.
    let horizontalCount: Int
    /// Planar points that counted as vertical surfaces in the last round.
    let verticalCount: Int

    /// The half-angles (radians) of the successive rounds: the first admits clouds tilted up to
    /// `maximumTilt` (horizontal normals within it; vertical ones within it of the perpendicular plane
    /// still fall within the same angle of it after the first round), the later ones leave out oblique
    /// surfaces (ramps, sloped furniture, noisy normals).
    static let cones: [Float] = [maximumTilt, 0.35, 0.2, 0.2]
    /// The largest tilt of a cloud's +y from the true up that the estimate is made for, radians (40°).
    static let maximumTilt: Float = 0.7
    /// Fewest planar points on horizontal plus vertical surfaces.
    static let minimumSurfacePoints = 20
    /// The middle eigenvalue of the fit per surface point must be at least this (a squared sine):
    /// otherwise a direction across the smallest one fits the surfaces about as well (walls of one
    /// direction only, no horizontal surface).
    static let minimumPinning: Double = 0.05

    /// Estimates the up direction of a prepared cloud from its planar points' normals (`shapes`), or
    /// `nil` (see the type's description).
    init?(_ cloud: RegistrationCloud) {
        var normals: [SIMD3<Double>] = []
        normals.reserveCapacity(cloud.count)
        for shape in cloud.shapes {
            if case .planar(let n) = shape { normals.append(SIMD3<Double>(n)) }
        }
        var u = SIMD3<Double>(0, 1, 0)
        var horizontal = 0, vertical = 0
        var angularError: Float = .infinity
        for cone in Self.cones {
            let cosCone = Double(cos(cone)), sinCone = Double(sin(cone))
            var xx = 0.0, xy = 0.0, xz = 0.0, yy = 0.0, yz = 0.0, zz = 0.0
            horizontal = 0
            vertical = 0
            for n in normals {
                let c = abs(n.dot(u))
                if c >= cosCone {
                    // Horizontal surface: I − n·nᵀ.
                    horizontal += 1
                    xx += 1 - n.x * n.x; xy -= n.x * n.y; xz -= n.x * n.z
                    yy += 1 - n.y * n.y; yz -= n.y * n.z; zz += 1 - n.z * n.z
                } else if c <= sinCone {
                    // Vertical surface: n·nᵀ.
                    vertical += 1
                    xx += n.x * n.x; xy += n.x * n.y; xz += n.x * n.z
                    yy += n.y * n.y; yz += n.y * n.z; zz += n.z * n.z
                }
            }
            let count = horizontal + vertical
            guard count >= Self.minimumSurfacePoints,
                let (v, e) = SmallMatrixMath.smallestEigenvector(xx: xx, xy: xy, xz: xz, yy: yy, yz: yz, zz: zz),
                e.y / Double(count) >= Self.minimumPinning
            else { return nil }
            u = v.y < 0 ? -v : v
            // Least squares: the residual per surface point over the information in the weakest
            // direction.
            angularError = Float((max(0, e.x) / Double(count - 2) / e.y).squareRoot())
        }
        guard Double(cos(Self.maximumTilt)) <= u.y else { return nil }
        up = SIMD3<Float>(u)
        self.angularError = angularError
        horizontalCount = horizontal
        verticalCount = vertical
    }

    /// The rotation taking `up` onto +y about their common perpendicular (the smallest such rotation):
    /// `levelledFromCloud`.
    var levelledFromCloud: Matrix3x3 {
        let y = SIMD3<Float>(0, 1, 0)
        let axis = up.cross(y)
        let s = axis.length
        guard s > Self.parallelSine else { return .identity }
        return Matrix3x3.rotation(axis: axis / s, angle: atan2(s, up.dot(y)))
    }

    /// Directions closer to +y than this sine are left as they are.
    static let parallelSine: Float = 1e-7
}
