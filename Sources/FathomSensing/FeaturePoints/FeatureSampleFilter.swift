/// The FindSurface demo's z-score filter of one feature's samples, with an optional needle-aware
/// estimate of the kept samples.
///
/// With samples sᵢ (i = 1…n) and their mean m, let dᵢ = |sᵢ − m|, μ = mean(dᵢ) and
/// σ = √(mean((dᵢ − μ)²)) (population standard deviation of the distances). Samples with
/// |dᵢ − μ| > k·σ are dropped, and the position is the mean of the rest. One sample is returned as
/// is; when σ = 0 (all at the same distance) nothing is dropped.
///
/// With `passes > 1` the cut is repeated: m, μ and σ are recomputed from the samples kept by the
/// previous pass and every sample is tested again (outliers inflate σ, so one pass misses some when a
/// feature has several). One pass is the demo's method.
///
/// **Ray weighting** (optional): feature samples scatter in needles along the viewing rays. Given each
/// sample's ray vector vᵢ = sᵢ − cᵢ (camera centre cᵢ), the kept samples are combined by weighted least
/// squares, x = (Σ Wᵢ)⁻¹ Σ Wᵢ sᵢ with Wᵢ = (I − r̂ᵢr̂ᵢᵀ + ρ²·r̂ᵢr̂ᵢᵀ) / |vᵢ|², where ρ = σ_across/σ_along
/// (noise across the ray over noise along it, both growing with range): samples seen from several
/// directions then fix the position across each other's needles. A zero ray counts as isotropic.
public enum FeatureSampleFilter {
    /// The filtered position of `samples` (empty → `nil`).
    /// - Parameters:
    ///   - rays: per sample, the vector from the camera centre to the sample (or zero), or `nil` for the
    ///     plain mean of the kept samples.
    ///   - noiseRatio: ρ, across-ray over along-ray noise, for ray weighting.
    /// - Complexity: O(n · passes), no heap allocation.
    @inlinable
    public static func filteredPosition(
        of samples: UnsafeBufferPointer<SIMD3<Float>>, sigmaMultiplier k: Float, passes: Int = 1,
        rays: UnsafeBufferPointer<SIMD3<Float>>? = nil, noiseRatio: Float = 0.1
    ) -> SIMD3<Float>? {
        let n = samples.count
        guard n > 0 else { return nil }
        if n == 1 { return samples[0] }
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: n) { keep in
            keep.initialize(repeating: true)
            var keptSum = SIMD3<Float>.zero
            for s in samples { keptSum += s }
            var keptCount = n
            var position = keptSum / Float(n)
            passLoop: for _ in 0..<max(1, passes) {
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
                guard cut > 0 else { break passLoop }
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
                guard count > 0 else {
                    keep.update(repeating: true)
                    break passLoop
                }
                position = sum / Float(count)
                if count == keptCount { break }   // nothing changed
                keptSum = sum
                keptCount = count
            }
            guard let rays, rays.count == n else { return position }
            return rayWeighted(samples, rays: rays, keep: UnsafeBufferPointer(keep), noiseRatio: noiseRatio) ?? position
        }
    }

    /// The weighted least-squares position of the kept samples (see the type's documentation), or
    /// `nil` when the normal matrix is singular.
    @usableFromInline
    static func rayWeighted(_ samples: UnsafeBufferPointer<SIMD3<Float>>, rays: UnsafeBufferPointer<SIMD3<Float>>,
                            keep: UnsafeBufferPointer<Bool>, noiseRatio: Float) -> SIMD3<Float>? {
        let rho2 = noiseRatio * noiseRatio
        // Symmetric A = Σ Wᵢ (6 entries) and b = Σ Wᵢ sᵢ, accumulated around the first kept sample.
        var axx: Float = 0, axy: Float = 0, axz: Float = 0, ayy: Float = 0, ayz: Float = 0, azz: Float = 0
        var b = SIMD3<Float>.zero
        var origin: SIMD3<Float>?
        for i in 0..<samples.count where keep[i] {
            let o = origin ?? samples[i]
            origin = o
            let s = samples[i] - o
            let v = rays[i]
            let len2 = (v * v).sum()
            var w: Float = 1, r = SIMD3<Float>.zero
            if len2 > 0 {
                w = 1 / len2
                r = v / len2.squareRoot()
            }
            // W = w·(I − (1 − ρ²) r rᵀ)
            let c = 1 - (len2 > 0 ? rho2 : 1)
            axx += w * (1 - c * r.x * r.x); axy -= w * c * r.x * r.y; axz -= w * c * r.x * r.z
            ayy += w * (1 - c * r.y * r.y); ayz -= w * c * r.y * r.z; azz += w * (1 - c * r.z * r.z)
            let rs = (r * s).sum()
            b += w * (s - c * rs * r)
        }
        guard let o = origin else { return nil }
        // Solve by the adjugate (A is symmetric positive definite when ρ > 0).
        let c00 = ayy * azz - ayz * ayz, c01 = axz * ayz - axy * azz, c02 = axy * ayz - axz * ayy
        let det = axx * c00 + axy * c01 + axz * c02
        guard det.isNormal, det > 0 else { return nil }
        let c11 = axx * azz - axz * axz, c12 = axy * axz - axx * ayz, c22 = axx * ayy - axy * axy
        let x = SIMD3<Float>(c00 * b.x + c01 * b.y + c02 * b.z, c01 * b.x + c11 * b.y + c12 * b.z,
                             c02 * b.x + c12 * b.y + c22 * b.z) / det
        return o + x
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
