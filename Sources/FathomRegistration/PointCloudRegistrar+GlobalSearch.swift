import Foundation
import FathomCore

extension PointCloudRegistrar {
    /// Correspondences a hypothesis is first scored on before the rest (see `sampleHypotheses`).
    static let previewCount = 64
    /// The descriptor bins of the unused lanes of the last block of candidates (`matchDescriptors`):
    /// far from any unit-length descriptor, and never read as a match.
    static let paddingDescriptorValue: Float = 1e3

    /// A source point and a target point that look alike.
    struct Correspondence {
        var source: SIMD3<Float>
        var target: SIMD3<Float>
    }

    /// For up to `maximumKeypoints` random source points with a descriptor, the
    /// `correspondencesPerKeypoint` target points nearest in descriptor space.
    /// - Complexity: O(keypoints × target points × 32).
    func matchDescriptors<G: RandomNumberGenerator>(
        source: RegistrationCloud, target: RegistrationCloud, using g: inout G
    ) -> [Correspondence] {
        func described(_ c: RegistrationCloud) -> [Int] {
            (0..<c.count).filter { i in
                let a = c.descriptors[i * 2], b = c.descriptors[i * 2 + 1]
                return (a * a).sum() + (b * b).sum() > 0
            }
        }
        var keypoints = described(source)
        keypoints.shuffle(using: &g)
        if keypoints.count > configuration.maximumKeypoints { keypoints.removeLast(keypoints.count - configuration.maximumKeypoints) }
        let candidates = described(target)
        let k = min(configuration.correspondencesPerKeypoint, candidates.count)
        guard k > 0 else { return [] }
        var out: [Correspondence] = []
        out.reserveCapacity(keypoints.count * k)
        var bestIndex = [Int](repeating: 0, count: k)
        var bestDistance = [Float](repeating: .infinity, count: k)
        // The candidates' descriptors transposed in blocks of 16: per block, one vector per bin holding
        // that bin of 16 candidates. A keypoint is compared with 16 candidates at once, bin by bin, with
        // no sum across vector lanes (which, per candidate, took most of the matching's time).
        let lanes = 16, bins = RegistrationCloud.descriptorWidth * 16
        let blocks = (candidates.count + lanes - 1) / lanes
        var columns = [SIMD16<Float>](repeating: SIMD16(repeating: Self.paddingDescriptorValue), count: blocks * bins)
        for (c, j) in candidates.enumerated() {
            let base = (c / lanes) * bins, lane = c % lanes
            for b in 0..<16 {
                columns[base + b][lane] = target.descriptors[j * 2][b]
                columns[base + 16 + b][lane] = target.descriptors[j * 2 + 1][b]
            }
        }
        var query = [SIMD16<Float>](repeating: .zero, count: bins)
        for i in keypoints {
            for m in 0..<k { bestDistance[m] = .infinity; bestIndex[m] = -1 }
            for b in 0..<16 {
                query[b] = SIMD16(repeating: source.descriptors[i * 2][b])
                query[16 + b] = SIMD16(repeating: source.descriptors[i * 2 + 1][b])
            }
            columns.withUnsafeBufferPointer { columns in
                query.withUnsafeBufferPointer { query in
                    for block in 0..<blocks {
                        let base = block &* bins
                        var sum = SIMD16<Float>.zero
                        for b in 0..<bins {
                            let d = columns[base &+ b] - query[b]
                            sum += d * d
                        }
                        // Candidates in their order, so that ties go to the first as before.
                        for lane in 0..<min(lanes, candidates.count - block * lanes) {
                            let d = sum[lane]
                            guard d < bestDistance[k - 1] else { continue }
                            var m = k - 1
                            while m > 0 && bestDistance[m - 1] > d {
                                bestDistance[m] = bestDistance[m - 1]
                                bestIndex[m] = bestIndex[m - 1]
                                m -= 1
                            }
                            bestDistance[m] = d
                            bestIndex[m] = candidates[block * lanes + lane]
                        }
                    }
                }
            }
            for m in 0..<k where bestIndex[m] >= 0 {
                out.append(Correspondence(source: source.positions[i], target: target.positions[bestIndex[m]]))
            }
        }
        return out
    }

    /// The best distinct hypotheses (at most `hypothesesRefined`) from random minimal samples, ranked
    /// by the number of correspondences they carry within `correspondenceInlierDistance`.
    func sampleHypotheses<G: RandomNumberGenerator>(
        source: RegistrationCloud, target: RegistrationCloud, correspondences c: [Correspondence], using g: inout G
    ) -> [RigidTransform] {
        let tol = configuration.pairTolerance
        let spread2 = configuration.minimumSampleSpread * configuration.minimumSampleSpread
        let eps2 = configuration.correspondenceInlierDistance * configuration.correspondenceInlierDistance
        let keep = configuration.hypothesesRefined
        var top: [(transform: RigidTransform, score: Int)] = []
        let n = c.count
        for _ in 0..<configuration.samplingIterations {
            let hypothesis: RigidTransform
            switch configuration.mode {
            case .gravityAligned:
                let a = c[Int.random(in: 0..<n, using: &g)], b = c[Int.random(in: 0..<n, using: &g)]
                let vs = b.source - a.source, vt = b.target - a.target
                let rs2 = vs.x * vs.x + vs.z * vs.z, rt2 = vt.x * vt.x + vt.z * vt.z
                guard rs2 >= spread2, abs(vs.y - vt.y) <= tol else { continue }
                let rs = rs2.squareRoot(), rt = rt2.squareRoot()
                guard abs(rs - rt) <= tol else { continue }
                hypothesis = Self.yawHypothesis(a, b)
            case .general:
                let a = c[Int.random(in: 0..<n, using: &g)], b = c[Int.random(in: 0..<n, using: &g)]
                let d = c[Int.random(in: 0..<n, using: &g)]
                guard Self.compatible(a, b, tol, spread2), Self.compatible(a, d, tol, spread2),
                    Self.compatible(b, d, tol, spread2)
                else { continue }
                let area = (b.source - a.source).cross(d.source - a.source).length
                guard area * area >= spread2 * spread2 * 0.25 else { continue }
                hypothesis = Self.generalHypothesis([a, b, d])
            }
            // Support among all correspondences, after a cheap look at the first `previewCount` (the
            // keypoints are in random order): hypotheses far below the kept ones stop there.
            var score = 0
            let r = hypothesis.rotation, t = hypothesis.translation
            let preview = min(n, Self.previewCount)
            for k in 0..<preview where (r * c[k].source + t - c[k].target).lengthSquared <= eps2 { score += 1 }
            if top.count == keep, score * n < top[top.count - 1].score * preview / 2 { continue }
            for k in preview..<n where (r * c[k].source + t - c[k].target).lengthSquared <= eps2 { score += 1 }
            guard top.count < keep || score > top[top.count - 1].score else { continue }
            if let dup = top.firstIndex(where: { isDuplicate($0.transform, hypothesis) }) {
                if score > top[dup].score { top[dup] = (hypothesis, score) } else { continue }
            } else {
                if top.count == keep { top.removeLast() }
                top.append((hypothesis, score))
            }
            top.sort { $0.score > $1.score }
        }
        return top.map(\.transform)
    }

    /// Whether two hypotheses are nearly the same transform.
    func isDuplicate(_ a: RigidTransform, _ b: RigidTransform) -> Bool {
        (a.rotation.transposed * b.rotation).rotationAngle < Self.duplicateAngle
            && a.translation.distance(to: b.translation) < configuration.pairTolerance
    }

    /// Whether two correspondences keep their distance (within `tol`) and are spread apart.
    static func compatible(_ a: Correspondence, _ b: Correspondence, _ tol: Float, _ spread2: Float) -> Bool {
        let ds = a.source.distanceSquared(to: b.source)
        guard ds >= spread2 else { return false }
        return abs(ds.squareRoot() - a.target.distance(to: b.target)) <= tol
    }

    /// The yaw (about +y) and translation taking the two source points onto the two target points
    /// (least squares for the translation).
    static func yawHypothesis(_ a: Correspondence, _ b: Correspondence) -> RigidTransform {
        let vs = b.source - a.source, vt = b.target - a.target
        let yaw = atan2(-vt.z, vt.x) - atan2(-vs.z, vs.x)
        let r = Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: yaw)
        let t = ((a.target - r * a.source) + (b.target - r * b.source)) * 0.5
        return RigidTransform(rotation: r, translation: t)
    }

    /// The least-squares rigid transform of three or more correspondences.
    static func generalHypothesis(_ c: [Correspondence]) -> RigidTransform {
        var ms = SIMD3<Double>.zero, mt = SIMD3<Double>.zero
        for x in c { ms += SIMD3<Double>(x.source); mt += SIMD3<Double>(x.target) }
        ms /= Double(c.count)
        mt /= Double(c.count)
        let r = SmallMatrixMath.bestRotation(
            source: c.map { SIMD3<Double>($0.source) - ms }, target: c.map { SIMD3<Double>($0.target) - mt })
        return RigidTransform(rotation: r, translation: SIMD3<Float>(mt) - r * SIMD3<Float>(ms))
    }
}
