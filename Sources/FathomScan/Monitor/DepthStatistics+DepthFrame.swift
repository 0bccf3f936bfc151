import FathomCore

extension DepthStatistics {
    /// Width of the histogram bins the median of a depth frame is found in, metres (1 cm).
    public static let medianResolutionMetres: Float = 0.01
    /// Depths up to this are binned; a median beyond it is found exactly among the far samples. 10 m.
    static let histogramRangeMetres: Float = 10

    /// Statistics of a depth frame, using samples of at least `minimumConfidence`; `nil` when no
    /// sample is valid.
    ///
    /// The median is found in a histogram of 1 cm bins (the centre of the median's bin, so within
    /// 0.5 cm of the exact median), one pass without copying the map.
    /// - Complexity: O(n).
    public init?(_ frame: DepthFrame, minimumConfidence: UInt8 = 1) {
        let binCount = Int(Self.histogramRangeMetres / Self.medianResolutionMetres)
        let scale = 1 / Self.medianResolutionMetres
        // Four interleaved histograms, summed afterwards: consecutive samples in the same bin (flat
        // walls) then do not wait on each other's increments.
        let stride = binCount + 1
        var histograms = [Int32](repeating: 0, count: 4 * stride)
        let valid = frame.depth.pixels.withUnsafeBufferPointer { depth in
            frame.confidence.pixels.withUnsafeBufferPointer { confidence in
                histograms.withUnsafeMutableBufferPointer { bins -> Int in
                    var count = 0
                    for i in 0..<depth.count {
                        let d = depth[i]
                        guard confidence[i] >= minimumConfidence, d > 0, d < .infinity else { continue }
                        bins[(i & 3) &* stride &+ Int(min(d * scale, Float(binCount)))] &+= 1
                        count &+= 1
                    }
                    return count
                }
            }
        }
        var histogram = [Int32](repeating: 0, count: stride)
        for b in 0..<stride {
            histogram[b] =
                histograms[b] &+ histograms[stride + b] &+ histograms[2 * stride + b] &+ histograms[3 * stride + b]
        }
        guard valid > 0 else { return nil }
        let rank = valid / 2  // the upper median's rank (0-based)
        var seen = 0
        var median = Self.histogramRangeMetres
        for b in 0..<binCount {
            seen += Int(histogram[b])
            if seen > rank {
                median = (Float(b) + 0.5) * Self.medianResolutionMetres
                break
            }
        }
        if seen <= rank {
            // The median lies beyond the histogram: select it among the far samples.
            var far: [Float] = []
            for i in 0..<frame.depth.count where frame.confidence.pixels[i] >= minimumConfidence {
                let d = frame.depth.pixels[i]
                if d.isFinite, d >= Self.histogramRangeMetres { far.append(d) }
            }
            let k = rank - seen
            far.sort()
            median = far[min(k, far.count - 1)]
        }
        self.init(medianDepthMetres: median, validFraction: Float(valid) / Float(max(1, frame.depth.count)))
    }
}

extension DepthStatistics {
    /// The median (upper median for even counts) of a non-empty array, reordering it.
    static func median(of values: inout [Float]) -> Float {
        let k = values.count / 2
        var lo = 0
        var hi = values.count - 1
        while lo < hi {
            let pivot = values[(lo + hi) / 2]
            var i = lo
            var j = hi
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
