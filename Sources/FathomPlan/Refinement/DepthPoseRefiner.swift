import FathomCore
import FathomSurfaces
import Foundation

/// Refines recorded camera poses against the model built so far (frame-to-model ICP on the depth),
/// so that slow tracking drift does not draw one wall twice.
///
/// Each depth frame is sampled (about `samplesPerFrame` pixels with normals from their depth
/// neighbours), placed with the running correction applied to its recorded pose, and aligned to the
/// model by point-to-plane ICP over a turn about the vertical and a translation (gravity is trusted,
/// as visual-inertial odometry keeps it), damped so that directions the view does not constrain keep
/// the running correction. The model is a hash of 8 cm voxels holding the mean position and normal
/// of the samples of earlier frames placed with their refined poses. When a walk returns to where it
/// started, its frames align to the geometry seen at the start and the loop closes.
///
/// A frame's alignment is not taken as it is: it is a measurement of the correction, weighed by a
/// `DriftFilter` against what tracking can have drifted since the frame before, with its uncertainty
/// measured from its own residuals by image block (so a depth error shared by a whole region of the
/// frame, which an alignment follows as if it were motion, counts as the one error it is). A good
/// pose then stays where it is, and drift is followed as it grows beyond that uncertainty.
///
/// Method: point-to-plane ICP (Chen & Medioni, 1992) against a fused model, as in KinectFusion
/// (Newcombe et al., 2011), with voxel data association instead of projective association.
struct DepthPoseRefiner {
    /// Model voxel edge, metres.
    static let voxelSize: Float = 0.08
    /// Depth pixels sampled per frame.
    static let samplesPerFrame = 1200
    /// ICP iterations per frame.
    static let iterations = 8
    /// Correspondences farther than this from the model plane are ignored, metres (first iteration,
    /// then half of it).
    static let maximumResidual: Float = 0.08
    /// Huber threshold of the residual weights, metres.
    static let huber: Float = 0.01
    /// Fewest correspondences for a frame to be refined.
    static let minimumCorrespondences = 150
    /// Model voxels with fewer samples, or whose normals agree less (mean normal length), are not used.
    static let minimumVoxelSamples: Int32 = 3
    static let minimumNormalAgreement: Float = 0.8
    /// A frame's refinement moving the pose more than this (metres, degrees) from its prediction is
    /// rejected as a false alignment: drift grows by millimetres between fused frames.
    static let maximumStep: Float = 0.02
    static let maximumStepDegrees: Float = 0.5
    /// Damping of each ICP step, per correspondence (the prior that the correction changes slowly):
    /// directions the view constrains well still converge within a frame or two, weak ones hardly move.
    static let dampingPerCorrespondence = 0.3
    /// Fewest correspondences, as a fraction of the samples, for a frame to be refined.
    static let minimumInlierFraction = 0.3
    /// Image blocks across and down over which a frame's residuals are taken as correlated (the
    /// clusters of the alignment's covariance): 6 × 4 blocks of about 10° of view each.
    static let blocksAcross = 6
    static let blocksDown = 4
    /// Nearest and farthest depth sampled, metres.
    static let nearest: Float = 0.3

    /// Farthest depth sampled, metres.
    let farthest: Float
    /// Lowest confidence sampled.
    let minimumConfidence: UInt8

    private var index: [Int64: Int32] = [:]
    private var positionSums: [SIMD3<Float>] = []
    private var normalSums: [SIMD3<Float>] = []
    private var counts: [Int32] = []
    /// Correction of the latest refined frame: refined = correction · recorded.
    private(set) var correction = RigidTransform.identity
    /// Frames refined and frames kept at their prediction.
    private(set) var refinedCount = 0
    private(set) var keptCount = 0
    /// The filter weighing each alignment against the drift possible since the frame before.
    private(set) var filter = DriftFilter()
    /// The previous frame's recorded pose and time, for the drift possible between the two.
    private var previous: (pose: RigidTransform, timestamp: Double)?

    /// Creates a refiner sampling depths up to `farthest` metres with at least `minimumConfidence`.
    init(farthest: Float, minimumConfidence: ConfidenceLevel) {
        self.farthest = farthest
        self.minimumConfidence = minimumConfidence.rawValue
    }

    /// A sampled depth pixel in the camera frame: position and normal (towards the camera).
    private struct Sample {
        var position: SIMD3<Float>
        var normal: SIMD3<Float>
        /// The image block the pixel lies in (row-major over `blocksAcross × blocksDown`).
        var block: Int
    }

    /// A frame's alignment to the model: the pose it reached, and what the filter needs to weigh it.
    private struct Alignment {
        /// The aligned `worldFromCamera`.
        var pose: RigidTransform
        /// The change from the prediction: x, y, z shift (metres) and turn about the vertical through
        /// the camera (radians).
        var change: [Double]
        /// Constrained eigen-directions of the normal matrix at the alignment, with their eigenvalues.
        var constrained: [(value: Double, vector: [Double])]
        /// `Σ_blocks g gᵀ` of the blocks' gradient sums (row-major 4 × 4).
        var meat: [Double]
        /// Blocks holding correspondences.
        var blocks: Int
    }

    /// Refines one frame's pose and adds its samples to the model.
    /// - Returns: the refined `worldFromCamera`, or nil when the frame has no valid pose.
    mutating func refine(depth: DepthFrame, camera: CameraFrame) -> RigidTransform? {
        guard let recorded = camera.worldFromCamera, recorded.translation.isFinite else { return nil }
        let samples = sample(depth, intrinsics: camera.intrinsics)
        var pose = correction * recorded
        if let previous {
            let moved = Double(previous.pose.translation.distance(to: recorded.translation))
            let turned = Double(Self.yawDegrees(of: recorded.rotation * previous.pose.rotation.transposed)) * .pi / 180
            filter.predict(moved: moved, seconds: camera.timestamp - previous.timestamp, turned: turned)
        }
        previous = (recorded, camera.timestamp)
        if !counts.isEmpty, samples.count >= Self.minimumCorrespondences {
            if let aligned = align(samples, from: pose),
                let change = filter.update(
                    measurement: aligned.change, constrained: aligned.constrained, meat: aligned.meat,
                    blocks: aligned.blocks)
            {
                pose = Self.applying(change, to: pose)
                refinedCount += 1
            } else {
                keptCount += 1
            }
        }
        correction = pose * recorded.inverse
        insert(samples, pose: pose)
        return pose
    }

    /// Samples about `samplesPerFrame` pixels on a regular grid, with normals from the depth of the
    /// pixels two steps away on either side.
    private func sample(_ frame: DepthFrame, intrinsics: CameraIntrinsics) -> [Sample] {
        let w = frame.width
        let h = frame.height
        guard w >= 8, h >= 8 else { return [] }
        let k = intrinsics.scaled(toWidth: w, height: h)
        let step = max(1, Int((Double(w * h) / Double(Self.samplesPerFrame)).squareRoot()))
        let blockWidth = max(1, (w + Self.blocksAcross - 1) / Self.blocksAcross)
        let blockHeight = max(1, (h + Self.blocksDown - 1) / Self.blocksDown)
        let reach = max(1, step / 2)
        let depth = frame.depth.pixels
        let confidence = frame.confidence.pixels
        let hasConfidence = confidence.count == depth.count
        @inline(__always) func point(_ x: Int, _ y: Int) -> SIMD3<Float>? {
            let i = y * w + x
            let d = depth[i]
            guard d.isFinite, d >= Self.nearest, d <= farthest else { return nil }
            if hasConfidence && confidence[i] < minimumConfidence { return nil }
            return SIMD3((Float(x) - k.cx) / k.fx * d, -(Float(y) - k.cy) / k.fy * d, -d)
        }
        var out: [Sample] = []
        out.reserveCapacity(Self.samplesPerFrame + w)
        var y = reach
        while y < h - reach {
            var x = reach
            while x < w - reach {
                defer { x += step }
                guard let p = point(x, y), let l = point(x - reach, y), let r = point(x + reach, y),
                    let u = point(x, y - reach), let d = point(x, y + reach)
                else { continue }
                // Skip depth edges.
                let limit = 0.05 * -p.z
                guard abs(l.z - r.z) < limit * 2, abs(u.z - d.z) < limit * 2 else { continue }
                var n = cross(r - l, u - d)
                let length = (n * n).sum().squareRoot()
                guard length > 0 else { continue }
                n /= length
                if (n * p).sum() > 0 { n = -n }
                let block = min(Self.blocksDown - 1, y / blockHeight) * Self.blocksAcross
                    + min(Self.blocksAcross - 1, x / blockWidth)
                out.append(Sample(position: p, normal: n, block: block))
            }
            y += step
        }
        return out
    }

    @inline(__always) private func cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    @inline(__always) private static func key(_ p: SIMD3<Float>) -> Int64 {
        let x = Int64((p.x / voxelSize).rounded(.down)) & 0x1F_FFFF
        let y = Int64((p.y / voxelSize).rounded(.down)) & 0x1F_FFFF
        let z = Int64((p.z / voxelSize).rounded(.down)) & 0x1F_FFFF
        return x | (y << 21) | (z << 42)
    }

    private mutating func insert(_ samples: [Sample], pose: RigidTransform) {
        for s in samples {
            let p = pose.apply(to: s.position)
            let n = pose.rotation * s.normal
            guard p.isFinite else { continue }
            let k = Self.key(p)
            if let i = index[k] {
                positionSums[Int(i)] += p
                normalSums[Int(i)] += n
                counts[Int(i)] += 1
            } else {
                index[k] = Int32(counts.count)
                positionSums.append(p)
                normalSums.append(n)
                counts.append(1)
            }
        }
    }

    /// Point-to-plane ICP over yaw and translation from `start`; nil when too few correspondences
    /// were found or the result moved implausibly far.
    private func align(_ samples: [Sample], from start: RigidTransform) -> Alignment? {
        var pose = start
        var turn = 0.0
        var blockSums = [SIMD4<Double>](repeating: .zero, count: Self.blocksAcross * Self.blocksDown)
        for iteration in 0..<Self.iterations {
            let limit = iteration == 0 ? Self.maximumResidual : Self.maximumResidual / 2
            guard let (a, b, used) = normalEquations(samples, at: pose, limit: limit, blockSums: &blockSums),
                let delta = Self.constrainedStep(a, b, count: used)
            else { return nil }
            pose = Self.applying(delta, to: pose)
            turn += delta[3]
            let shift = SIMD3(Float(delta[0]), Float(delta[1]), Float(delta[2]))
            if (shift * shift).sum() < 1e-8 && abs(delta[3]) < 1e-5 { break }
        }
        let moved = pose.translation - start.translation
        guard (moved * moved).sum().squareRoot() <= Self.maximumStep, abs(turn) * 180 / .pi <= Double(Self.maximumStepDegrees)
        else {
            return nil
        }
        // The normal matrix and the blocks' gradient sums at the alignment, for its covariance.
        for k in blockSums.indices { blockSums[k] = .zero }
        guard let (a, _, used) = normalEquations(samples, at: pose, limit: Self.maximumResidual / 2, blockSums: &blockSums)
        else { return nil }
        let (values, vectors) = SmallLinearAlgebra.symmetricEigen(a, n: 4)
        let constrained = zip(values, vectors).filter { $0.0 >= Self.minimumConstraint * Double(used) }
            .map { (value: $0.0, vector: $0.1) }
        var meat = [Double](repeating: 0, count: 16)
        var blocks = 0
        for g in blockSums where g != .zero {
            blocks += 1
            for r in 0..<4 { for c in 0..<4 { meat[r * 4 + c] += g[r] * g[c] } }
        }
        return Alignment(
            pose: pose, change: [Double(moved.x), Double(moved.y), Double(moved.z), turn], constrained: constrained,
            meat: meat, blocks: blocks)
    }

    /// The point-to-plane normal equations `a · x = b` (row-major 4 × 4 over x, y, z and the turn about
    /// the vertical through the camera) of the samples placed at `pose`, with the number of
    /// correspondences; nil when too few were found. `blockSums` gains each image block's `Σ w j r`.
    private func normalEquations(
        _ samples: [Sample], at pose: RigidTransform, limit: Float, blockSums: inout [SIMD4<Double>]
    ) -> ([Double], [Double], Int)? {
        var a = [Double](repeating: 0, count: 16)
        var b = [Double](repeating: 0, count: 4)
        let centre = pose.translation
        var used = 0
        for s in samples {
            let p = pose.apply(to: s.position)
            guard let i = index[Self.key(p)] else { continue }
            let count = counts[Int(i)]
            guard count >= Self.minimumVoxelSamples else { continue }
            let normalSum = normalSums[Int(i)]
            let agreement = (normalSum * normalSum).sum().squareRoot() / Float(count)
            guard agreement >= Self.minimumNormalAgreement else { continue }
            let nm = normalSum / (agreement * Float(count))
            let nw = pose.rotation * s.normal
            guard (nm * nw).sum() > 0.7 else { continue }
            let c = positionSums[Int(i)] / Float(count)
            let r = (nm * (p - c)).sum()
            guard abs(r) <= limit else { continue }
            let d = p - centre
            let j = SIMD4<Double>(Double(nm.x), Double(nm.y), Double(nm.z), Double(nm.x * d.z - nm.z * d.x))
            let weight = abs(r) <= Self.huber ? 1.0 : Double(Self.huber / abs(r))
            for row in 0..<4 {
                for col in 0..<4 { a[row * 4 + col] += weight * j[row] * j[col] }
                b[row] -= weight * j[row] * Double(r)
            }
            blockSums[s.block] += weight * Double(r) * j
            used += 1
        }
        guard used >= Self.minimumCorrespondences,
            Double(used) >= Self.minimumInlierFraction * Double(samples.count)
        else { return nil }
        return (a, b, used)
    }

    /// `pose` moved by `change` (x, y, z shift in metres, turn in radians about the vertical through
    /// the camera).
    static func applying(_ change: [Double], to pose: RigidTransform) -> RigidTransform {
        let centre = pose.translation
        let rotation = Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: Float(change[3]))
        let shift = SIMD3(Float(change[0]), Float(change[1]), Float(change[2]))
        return RigidTransform(rotation: rotation, translation: centre - rotation * centre + shift) * pose
    }

    /// Directions of the update (translation and turn per metre of lever) whose mean constraint per
    /// correspondence is below this are left at the prediction: the registrar's measure
    /// (`RegistrationConfiguration.minimumConstraint`), where a single plane's n·nᵀ scores 0 along
    /// it. A view that leaves a direction nearly free (a doorway, one wall and the floor) would let
    /// small biases through there, and they add up over a walk.
    static let minimumConstraint = 0.03

    /// The damped least-squares step of the normal equations `a · x = b` (row-major 4 × 4 over x, y,
    /// z and the turn, from `count` correspondences), solved only along the eigen-directions of `a`
    /// constrained at least `minimumConstraint` per correspondence; nil when none is.
    static func constrainedStep(_ a: [Double], _ b: [Double], count: Int) -> [Double]? {
        let (values, vectors) = SmallLinearAlgebra.symmetricEigen(a, n: 4)
        let damping = max(1, dampingPerCorrespondence * Double(count))
        var x = [Double](repeating: 0, count: 4)
        var any = false
        for (value, v) in zip(values, vectors) where value >= minimumConstraint * Double(count) {
            let projection = (0..<4).reduce(0.0) { $0 + v[$1] * b[$1] } / (value + damping)
            for k in 0..<4 { x[k] += projection * v[k] }
            any = true
        }
        return any ? x : nil
    }

    /// The turn about the vertical of a rotation, degrees.
    static func yawDegrees(of rotation: Matrix3x3) -> Float {
        let x = rotation * SIMD3<Float>(1, 0, 0)
        return atan2(-x.z, x.x) * 180 / .pi
    }
}
