import FathomSurfaces
import Foundation

/// How far the pose correction may change from one depth frame to the next, and how much of a frame's
/// alignment to believe: a Kalman filter over the correction's four parameters (x, y, z shift in
/// metres, turn about the vertical through the camera in radians).
///
/// A frame's alignment to the model is a measurement of its correction, with an uncertainty measured
/// from its own residuals: the depth's error is correlated across the image (a smooth bias over the
/// frame, as from an interpolated dot pattern, moves every point of a region alike), so the
/// covariance is the cluster-robust ("sandwich") one over image blocks, which counts such a bias as
/// one error per block rather than as independent pixels. The correction's own uncertainty grows
/// between frames by what tracking can drift over the distance walked, the time and the turn made.
/// The update then moves the pose by as much of the alignment as its evidence warrants: a good pose
/// whose alignment shows only the depth's correlated error hardly moves, while drift that accumulates
/// beyond the alignment's uncertainty is followed.
struct DriftFilter {
    /// Tracking drift per metre walked, as a fraction (visual-inertial odometry drifts by about 1 % of
    /// the distance at worst): the standard deviation the correction's shift can change by per metre.
    static let shiftPerMetre = 0.01
    /// Tracking drift per second standing still, metres.
    static let shiftPerSecond = 0.001
    /// Heading drift per second, radians (1° per minute: a gyroscope's bias left over after fusion).
    static let turnPerSecond = 1.0 / 60 * Double.pi / 180
    /// Heading drift per radian turned, as a fraction: the gyroscope's scale error left after the
    /// odometry's own calibration (0.3 %: a full turn on the spot may end 1.1° off). Every turn
    /// counts, the view's swings included.
    static let turnPerRadian = 0.003
    /// Variance given to directions the alignment does not constrain (far beyond any drift:
    /// effectively unmeasured), m² or rad².
    static let unmeasuredVariance = 1.0

    /// Covariance of the correction (row-major 4 × 4 over x, y, z in metres and the turn in radians).
    private(set) var covariance = [Double](repeating: 0, count: 16)

    /// Grows the covariance by the drift possible over a step of `moved` metres, `seconds` and
    /// `turned` radians.
    mutating func predict(moved: Double, seconds: Double, turned: Double) {
        let shift = Self.shiftPerMetre * moved + Self.shiftPerSecond * max(0, seconds)
        let turn = Self.turnPerSecond * max(0, seconds) + Self.turnPerRadian * abs(turned)
        for k in 0..<3 { covariance[k * 4 + k] += shift * shift }
        covariance[15] += turn * turn
    }

    /// The part of a frame's alignment to apply, and the covariance after it.
    /// - Parameters:
    ///   - measurement: the alignment's change of the correction (x, y, z, turn).
    ///   - constrained: the eigen-directions of the alignment's normal matrix it constrains, with
    ///     their eigenvalues (`a = Σ w j jᵀ`).
    ///   - meat: `Σ_blocks g gᵀ` of the blocks' gradient sums `g = Σ w j r` at the alignment.
    ///   - blocks: the number of image blocks with correspondences.
    /// - Returns: the change to apply (x, y, z, turn), or nil when the covariance cannot be inverted.
    mutating func update(
        measurement: [Double], constrained: [(value: Double, vector: [Double])], meat: [Double], blocks: Int
    ) -> [Double]? {
        guard blocks > 1, !constrained.isEmpty else { return nil }
        // Measurement covariance R = A⁺ M A⁺ on the constrained directions, unmeasured elsewhere.
        var pseudoInverse = [Double](repeating: 0, count: 16)
        var unconstrained = [Double](repeating: 0, count: 16)
        for k in 0..<16 { unconstrained[k] = (k % 5 == 0) ? 1 : 0 }
        for (value, v) in constrained {
            for r in 0..<4 {
                for c in 0..<4 {
                    pseudoInverse[r * 4 + c] += v[r] * v[c] / value
                    unconstrained[r * 4 + c] -= v[r] * v[c]
                }
            }
        }
        let smallSample = Double(blocks) / Double(blocks - 1)
        var noise = Self.multiply(Self.multiply(pseudoInverse, meat), pseudoInverse)
        for k in 0..<16 { noise[k] = noise[k] * smallSample + Self.unmeasuredVariance * unconstrained[k] }
        // Gain K = P (P + R)⁻¹; change K z; covariance (I − K) P.
        var innovation = [Double](repeating: 0, count: 16)
        for k in 0..<16 { innovation[k] = covariance[k] + noise[k] }
        guard let inverse = Self.symmetricInverse(innovation) else { return nil }
        let gain = Self.multiply(covariance, inverse)
        var change = [Double](repeating: 0, count: 4)
        for r in 0..<4 { for c in 0..<4 { change[r] += gain[r * 4 + c] * measurement[c] } }
        let reduced = Self.multiply(gain, covariance)
        var next = [Double](repeating: 0, count: 16)
        for r in 0..<4 {
            for c in 0..<4 {
                let a = covariance[r * 4 + c] - reduced[r * 4 + c]
                let b = covariance[c * 4 + r] - reduced[c * 4 + r]
                next[r * 4 + c] = (a + b) / 2
            }
        }
        covariance = next
        return change
    }

    /// The product of two row-major 4 × 4 matrices.
    static func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
        var out = [Double](repeating: 0, count: 16)
        for r in 0..<4 {
            for c in 0..<4 {
                var s = 0.0
                for k in 0..<4 { s += a[r * 4 + k] * b[k * 4 + c] }
                out[r * 4 + c] = s
            }
        }
        return out
    }

    /// Smallest eigenvalue, relative to the largest, for a matrix to count as invertible.
    static let conditionLimit = 1e-15

    /// The inverse of a symmetric positive definite 4 × 4 matrix; nil when it is not.
    static func symmetricInverse(_ a: [Double]) -> [Double]? {
        let (values, vectors) = SmallLinearAlgebra.symmetricEigen(a, n: 4)
        guard let largest = values.last, largest > 0, values[0] > largest * conditionLimit else { return nil }
        var out = [Double](repeating: 0, count: 16)
        for (value, v) in zip(values, vectors) {
            for r in 0..<4 { for c in 0..<4 { out[r * 4 + c] += v[r] * v[c] / value } }
        }
        return out
    }
}
