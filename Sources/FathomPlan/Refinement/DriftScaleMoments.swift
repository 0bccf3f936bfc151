/// The walk's innovation statistics from which `DriftFilter` measures its drift and noise scales:
/// the normal equations of the Gaussian likelihood of the innovations in the three scales (the
/// shift's drift scale, the heading's, the alignments' noise scale), summed over the frames with a
/// forgetting factor, so that the scales follow a walk whose drift changes.
struct DriftScaleMoments {
    /// Number of scales.
    static let count = 3
    /// `Σ tr(Xᵢ Xⱼ)` (row-major `count × count`), `Xᵢ = S⁻¹ ∂S/∂θᵢ`.
    var normal = [Double](repeating: 0, count: count * count)
    /// `Σ tr(Xᵢ S⁻¹ (ν νᵀ − S₀))`, `S₀` the part of `S` that does not scale.
    var right = [Double](repeating: 0, count: count)
    /// Frames weighed so far.
    var frames = 0

    /// Adds one frame's terms after fading the earlier ones by `forgetting` (0–1).
    mutating func add(normal n: [Double], right r: [Double], forgetting: Double) {
        for k in normal.indices { normal[k] = normal[k] * forgetting + n[k] }
        for k in right.indices { right[k] = right[k] * forgetting + r[k] }
        frames += 1
    }

    /// The scales solving the normal equations within `lower`…`upper` (each scale held at its bound
    /// where the unbounded solution passes it, the others solved again); `current` where a scale has
    /// no information (its diagonal below `informationFloor` of the largest).
    func solve(current: [Double], lower: [Double], upper: [Double]) -> [Double] {
        let n = Self.count
        let largest = (0..<n).map { normal[$0 * (n + 1)] }.max() ?? 0
        guard largest > 0, largest.isFinite else { return current }
        var fixed = (0..<n).map { normal[$0 * (n + 1)] <= largest * Self.informationFloor }
        var value = current
        for _ in 0..<n {
            let free = (0..<n).filter { !fixed[$0] }
            guard !free.isEmpty else { break }
            // Solve the free scales with the fixed ones moved to the right.
            let m = free.count
            var a = [Double](repeating: 0, count: m * m)
            var b = [Double](repeating: 0, count: m)
            for (i, fi) in free.enumerated() {
                b[i] = right[fi]
                for k in 0..<n where fixed[k] { b[i] -= normal[fi * n + k] * value[k] }
                for (j, fj) in free.enumerated() { a[i * m + j] = normal[fi * n + fj] }
            }
            guard let x = Self.solveSmall(a, b, n: m) else { return current }
            var clamped = false
            for (i, fi) in free.enumerated() {
                value[fi] = x[i]
                if x[i] < lower[fi] || x[i] > upper[fi] {
                    value[fi] = min(upper[fi], max(lower[fi], x[i]))
                    fixed[fi] = true
                    clamped = true
                }
            }
            if !clamped { break }
        }
        return (0..<n).map { min(upper[$0], max(lower[$0], value[$0])) }
    }

    /// A scale whose information is below this fraction of the largest is not measured.
    static let informationFloor = 1e-9

    /// The solution of a small dense system `a · x = b` (row-major `n × n`) by Gaussian elimination
    /// with partial pivoting; nil when singular.
    static func solveSmall(_ a: [Double], _ b: [Double], n: Int) -> [Double]? {
        var m = a
        var y = b
        for col in 0..<n {
            var pivot = col
            for r in col..<n where abs(m[r * n + col]) > abs(m[pivot * n + col]) { pivot = r }
            guard abs(m[pivot * n + col]) > 0 else { return nil }
            if pivot != col {
                for c in 0..<n { m.swapAt(col * n + c, pivot * n + c) }
                y.swapAt(col, pivot)
            }
            for r in (col + 1)..<n {
                let f = m[r * n + col] / m[col * n + col]
                for c in col..<n { m[r * n + c] -= f * m[col * n + c] }
                y[r] -= f * y[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = y[r]
            for c in (r + 1)..<n { s -= m[r * n + c] * x[c] }
            x[r] = s / m[r * n + r]
        }
        return x
    }
}
