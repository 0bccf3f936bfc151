import FathomCore

extension DepthStatistics {
    /// Statistics of a depth frame, using samples of at least `minimumConfidence`; `nil` when no
    /// sample is valid.
    ///
    /// - Complexity: O(n) (a selection, not a sort), one scratch allocation.
    public init?(_ frame: DepthFrame, minimumConfidence: UInt8 = 1) {
        var values: [Float] = []
        values.reserveCapacity(frame.depth.count)
        let depth = frame.depth.pixels, confidence = frame.confidence.pixels
        for i in 0..<depth.count where confidence[i] >= minimumConfidence {
            let d = depth[i]
            if d.isFinite, d > 0 { values.append(d) }
        }
        guard !values.isEmpty else { return nil }
        let median = Self.median(of: &values)
        self.init(medianDepthMetres: median, validFraction: Float(values.count) / Float(max(1, depth.count)))
    }

    /// The median (upper median for even counts) of a non-empty array, reordering it.
    static func median(of values: inout [Float]) -> Float {
        let k = values.count / 2
        var lo = 0, hi = values.count - 1
        while lo < hi {
            let pivot = values[(lo + hi) / 2]
            var i = lo, j = hi
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { break }
        }
        return values[k]
    }
}
