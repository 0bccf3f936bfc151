/// The FindSurface demo's z-score filter of one feature's samples.
///
/// With samples sᵢ (i = 1…n) and their mean m, let dᵢ = |sᵢ − m|, μ = mean(dᵢ) and
/// σ = √(mean((dᵢ − μ)²)) (population standard deviation of the distances). Samples with
/// |dᵢ − μ| > k·σ are dropped, and the position is the mean of the rest. One sample is returned as
/// is; when σ = 0 (all at the same distance) nothing is dropped.
///
/// With `passes > 1` the cut is repeated: m, μ and σ are recomputed from the samples kept by the
/// previous pass and every sample is tested again (outliers inflate σ, so one pass misses some when a
/// feature has several). One pass is the demo's method.
public enum FeatureSampleFilter {
    /// The filtered position of `samples` (empty → `nil`).
    /// - Complexity: O(n · passes), no heap allocation.
    @inlinable
    public static func filteredPosition(of samples: UnsafeBufferPointer<SIMD3<Float>>, sigmaMultiplier k: Float,
                                        passes: Int = 1) -> SIMD3<Float>? {
        let n = samples.count
        guard n > 0 else { return nil }
        if n == 1 { return samples[0] }
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: n) { keep in
            keep.initialize(repeating: true)
            var keptSum = SIMD3<Float>.zero
            for s in samples { keptSum += s }
            var keptCount = n
            var position = keptSum / Float(n)
            for _ in 0..<max(1, passes) {
                let mean = keptSum / Float(keptCount)
                var dSum: Float = 0, dSquares: Float = 0
                for i in 0..<n where keep[i] {
                    let e = samples[i] - mean
                    let d = (e * e).sum().squareRoot()
                    dSum += d
                    dSquares += d * d
                }
                let mu = dSum / Float(keptCount)
                let cut = k * max(0, dSquares / Float(keptCount) - mu * mu).squareRoot()
                guard cut > 0 else { return mean }
                var sum = SIMD3<Float>.zero, count = 0
                for i in 0..<n {
                    let e = samples[i] - mean
                    let inside = abs((e * e).sum().squareRoot() - mu) <= cut
                    keep[i] = inside
                    if inside {
                        sum += samples[i]
                        count += 1
                    }
                }
                guard count > 0 else { return mean }
                position = sum / Float(count)
                if count == keptCount { break }   // nothing changed
                keptSum = sum
                keptCount = count
            }
            return position
        }
    }

    /// The filtered position of `samples` (empty → `nil`).
    public static func filteredPosition(of samples: [SIMD3<Float>], sigmaMultiplier k: Float = 2, passes: Int = 1)
        -> SIMD3<Float>?
    {
        samples.withUnsafeBufferPointer { filteredPosition(of: $0, sigmaMultiplier: k, passes: passes) }
    }

    /// The plain mean of `samples` (empty → `nil`), the baseline the filter improves on.
    public static func mean(of samples: [SIMD3<Float>]) -> SIMD3<Float>? {
        samples.isEmpty ? nil : samples.reduce(.zero, +) / Float(samples.count)
    }
}
