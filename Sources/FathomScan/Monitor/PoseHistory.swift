import FathomCore

/// The recent valid poses, oldest first, trimmed to a time horizon: what windowed rates and the drift
/// check read.
struct PoseHistory: Sendable {
    private(set) var timestamps: [Double] = []
    private(set) var positions: [SIMD3<Float>] = []
    private(set) var rotations: [Matrix3x3] = []
    /// Path length from the first sample ever stored to each sample, metres.
    private(set) var cumulativePath: [Float] = []
    /// Index of the oldest live sample.
    private(set) var start = 0

    /// Number of live samples.
    var count: Int { timestamps.count - start }
    /// Index of the newest sample (valid when `count > 0`).
    var last: Int { timestamps.count - 1 }

    mutating func append(timestamp: Double, pose: RigidTransform, horizonSeconds: Double) {
        let path = count > 0 ? cumulativePath[last] + pose.translation.distance(to: positions[last]) : 0
        timestamps.append(timestamp)
        positions.append(pose.translation)
        rotations.append(pose.rotation)
        cumulativePath.append(path)
        while start < last, timestamps[start] < timestamp - horizonSeconds { start += 1 }
        if start > 4096 { compact() }
    }

    /// The newest sample at least `seconds` older than the newest one, or `nil` when the history
    /// does not reach that far back.
    func index(atLeast seconds: Double, before i: Int) -> Int? {
        let target = timestamps[i] - seconds
        guard count > 0, timestamps[start] <= target else { return nil }
        var lo = start
        var hi = i  // timestamps[lo] <= target < timestamps[hi]
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if timestamps[mid] <= target { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The oldest live sample not older than `seconds` before the newest.
    func firstIndex(within seconds: Double) -> Int {
        let target = timestamps[last] - seconds
        var lo = start
        var hi = last
        while lo < hi {
            let mid = (lo + hi) / 2
            if timestamps[mid] < target { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    mutating func removeAll() {
        timestamps.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        rotations.removeAll(keepingCapacity: true)
        cumulativePath.removeAll(keepingCapacity: true)
        start = 0
    }

    private mutating func compact() {
        timestamps.removeFirst(start)
        positions.removeFirst(start)
        rotations.removeFirst(start)
        cumulativePath.removeFirst(start)
        start = 0
    }
}
