import Foundation
import FathomCore

extension RegistrationCloud {
    /// Radial bins of the gravity-aligned descriptor (horizontal distance).
    static let radialBins = 4
    /// Height bins of the gravity-aligned descriptor (−R…R).
    static let heightBins = 6
    /// Weight of the normal block relative to the shape block (both unit length before weighting).
    static let normalBlockWeight: Float = 0.5

    /// Local shape descriptors, 32 bins per point, unit length; with `stride` > 1 only every
    /// `stride`-th point is described (the others keep zero descriptors and are never matched).
    ///
    /// - Gravity-aligned: a cylindrical shape context — neighbours binned by horizontal distance (4)
    ///   and height difference (6), which a yaw leaves unchanged — plus a block of 6 bins of the
    ///   neighbours' normal inclination (|n·y| vertical, oblique, horizontal surface; above or below).
    /// - General: a point-pair-feature histogram — neighbours binned by distance (4), |n·n′| (4) and
    ///   |n·d̂| (2) — invariant to any rotation.
    static func computeDescriptors(
        _ points: [SIMD3<Float>], normals: [SIMD3<Float>], index: SpatialIndex, radius: Float, mode: RegistrationMode,
        stride: Int = 1
    ) -> [SIMD16<Float>] {
        var out = [SIMD16<Float>](repeating: .zero, count: points.count * descriptorWidth)
        let invR = 1 / radius
        let bins = descriptorWidth * 16
        // The histogram is counted in a scalar buffer: incrementing a SIMD vector's lane at a computed
        // index costs a round trip through memory per neighbour.
        var histogram = [Float](repeating: 0, count: bins)
        for i in Swift.stride(from: 0, to: points.count, by: max(1, stride)) {
            let p = points[i], np = normals[i]
            histogram.withUnsafeMutableBufferPointer { h in
                for k in 0..<bins { h[k] = 0 }
                switch mode {
                case .gravityAligned:
                    index.forEachNeighbor(of: p, radius: radius) { j, _ in
                        guard j != i else { return }
                        let d = points[j] - p
                        let rho = (d.x * d.x + d.z * d.z).squareRoot()
                        let ir = min(radialBins - 1, Int(rho * invR * Float(radialBins)))
                        let iy = min(heightBins - 1, max(0, Int((d.y * invR + 1) * 0.5 * Float(heightBins))))
                        h[ir * heightBins + iy] += 1
                        let ny = abs(normals[j].y)
                        let inclination = ny < 0.35 ? 0 : (ny < 0.85 ? 1 : 2)
                        h[16 + 8 + inclination + (d.y >= 0 ? 3 : 0)] += 1
                    }
                case .general:
                    index.forEachNeighbor(of: p, radius: radius) { j, d2 in
                        guard j != i else { return }
                        let d = points[j] - p
                        let dist = d2.squareRoot()
                        guard dist > 0 else { return }
                        let id = min(3, Int(dist * invR * 4))
                        let ia = min(3, Int(abs(np.dot(normals[j])) * 4))
                        let ib = abs(np.dot(d)) / dist < 0.5 ? 0 : 1
                        h[(id * 4 + ia) * 2 + ib] += 1
                    }
                }
            }
            var a = SIMD16<Float>(histogram[0..<16]), b = SIMD16<Float>(histogram[16..<32])
            switch mode {
            case .gravityAligned:
                // Shape block: a[0..<16] and b[0..<8]; normal block: b[8..<14].
                var shapeB = b, normalB = b
                for k in 8..<16 { shapeB[k] = 0 }
                for k in 0..<8 { normalB[k] = 0 }
                let shape = ((a * a).sum() + (shapeB * shapeB).sum()).squareRoot()
                let normal = (normalB * normalB).sum().squareRoot()
                let s: Float = shape > 0 ? 1 / shape : 0
                let w: Float = normal > 0 ? normalBlockWeight / normal : 0
                a *= s
                b = shapeB * s + normalB * w
            case .general:
                let l = ((a * a).sum() + (b * b).sum()).squareRoot()
                if l > 0 { a /= l; b /= l }
            }
            out[i * descriptorWidth] = a
            out[i * descriptorWidth + 1] = b
        }
        return out
    }
}
