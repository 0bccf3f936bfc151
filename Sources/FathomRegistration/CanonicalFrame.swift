import Foundation
import FathomCore

/// A frame fixed by a cloud's own points: the origin at their centroid and the axes along their
/// principal directions (in the gravity-aligned mode only a yaw about +y, to the principal horizontal
/// direction), each axis signed so that the points' third moment along it is positive.
///
/// Voxel grids laid in this frame sample a cloud the same way whatever rigid frame it was given in, so
/// a registration done between canonical frames gives the same answer for the same data moved
/// differently (up to rounding). Where the points have no distinct principal direction (a
/// horizontally isotropic cloud, a third moment of zero) the frame is still deterministic but no
/// longer follows the data.
struct CanonicalFrame: Sendable {
    /// Maps the cloud's coordinates to the canonical ones (metres).
    let canonicalFromCloud: RigidTransform

    /// Most points the frame is measured on (evenly strided by index, which moving a cloud keeps).
    static let measuredPoints = 60_000

    /// The canonical frame of `positions` (non-finite points are ignored; fewer than two finite points
    /// give the frame translated to their centroid, or the identity).
    init(of positions: [SIMD3<Float>], mode: RegistrationMode) {
        let stride = max(1, (positions.count + Self.measuredPoints - 1) / Self.measuredPoints)
        var sum = SIMD3<Double>.zero
        var n = 0
        for i in Swift.stride(from: 0, to: positions.count, by: stride) where positions[i].isFinite {
            sum += SIMD3<Double>(positions[i])
            n += 1
        }
        guard n > 0 else {
            canonicalFromCloud = .identity
            return
        }
        let centroid = sum / Double(n)
        var xx = 0.0, xy = 0.0, xz = 0.0, yy = 0.0, yz = 0.0, zz = 0.0
        for i in Swift.stride(from: 0, to: positions.count, by: stride) where positions[i].isFinite {
            let d = SIMD3<Double>(positions[i]) - centroid
            xx += d.x * d.x; xy += d.x * d.y; xz += d.x * d.z
            yy += d.y * d.y; yz += d.y * d.z; zz += d.z * d.z
        }
        /// The sign making the third moment of the points along `axis` positive.
        func skewSign(_ axis: SIMD3<Double>) -> Double {
            var m3 = 0.0
            for i in Swift.stride(from: 0, to: positions.count, by: stride) where positions[i].isFinite {
                let u = (SIMD3<Double>(positions[i]) - centroid).dot(axis)
                m3 += u * u * u
            }
            return m3 < 0 ? -1 : 1
        }
        let rotation: Matrix3x3
        switch mode {
        case .gravityAligned:
            // The principal horizontal direction (cos θ, 0, sin θ) is turned onto +x by a yaw of θ.
            var theta = 0.5 * atan2(2 * xz, xx - zz)
            if skewSign(SIMD3(cos(theta), 0, sin(theta))) < 0 { theta += .pi }
            rotation = .rotation(axis: SIMD3(0, 1, 0), angle: Float(theta))
        case .general:
            // Rows: the largest and smallest principal directions and their cross product.
            guard let (smallest, _) = SmallMatrixMath.smallestEigenvector(xx: xx, xy: xy, xz: xz, yy: yy, yz: yz, zz: zz),
                let (largest, _) = SmallMatrixMath.smallestEigenvector(
                    xx: -xx, xy: -xy, xz: -xz, yy: -yy, yz: -yz, zz: -zz)
            else {
                rotation = .identity
                break
            }
            let v1 = largest * skewSign(largest), v3 = smallest * skewSign(smallest)
            let v2 = v3.cross(v1)
            rotation = v2.length > 0.5
                ? Matrix3x3(rows: SIMD3<Float>(v1), SIMD3<Float>(v2 / v2.length), SIMD3<Float>(v3)).orthonormalized : .identity
        }
        canonicalFromCloud = RigidTransform(rotation: rotation, translation: -(rotation * SIMD3<Float>(centroid)))
    }
}
