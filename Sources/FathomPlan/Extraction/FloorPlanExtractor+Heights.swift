extension FloorPlanExtractor {
    /// Bin height of the height histogram, metres.
    static let heightBin: Float = 0.01
    /// The floor lies at least this far below the camera, metres.
    static let floorBelowCamera: Float = 0.5
    /// The ceiling lies at least this far above the camera, metres.
    static let ceilingAboveCamera: Float = 0.3
    /// A ceiling peak holds at least this many times the typical bin's points (walls alone give a
    /// flat histogram).
    static let ceilingPeakRatio = 4
    /// Half-width of the window a peak height is refined in, metres.
    static let peakRefineHalfWidth: Float = 0.02

    /// Floor and ceiling heights found in a cloud.
    struct Heights {
        /// World y of the floor, metres.
        var floorY: Double
        /// Floor-to-ceiling distance, metres.
        var ceilingHeight: Double
        /// Whether a ceiling was seen (else the height is the highest wall point).
        var ceilingSeen: Bool
    }

    /// The floor as the strongest horizontal peak of the height histogram well below the camera, the
    /// ceiling as the strongest peak well above it (or, when none stands out, the top of the points).
    func findHeights(_ points: [SIMD3<Float>], cameraHeights: [Float]) -> Heights {
        var lo = Float.infinity
        var hi = -Float.infinity
        for p in points where p.y.isFinite {
            lo = min(lo, p.y)
            hi = max(hi, p.y)
        }
        let count = max(1, Int((hi - lo) / Self.heightBin) + 1)
        var histogram = [Int](repeating: 0, count: count)
        for p in points where p.y.isFinite { histogram[min(count - 1, Int((p.y - lo) / Self.heightBin))] += 1 }
        let cameraY: Float
        if cameraHeights.isEmpty {
            cameraY = (lo + hi) / 2
        } else {
            cameraY = cameraHeights.sorted()[cameraHeights.count / 2]
        }
        func bin(_ y: Float) -> Int { max(0, min(count - 1, Int((y - lo) / Self.heightBin))) }
        func peak(_ range: ClosedRange<Int>) -> Int? {
            guard !range.isEmpty, range.lowerBound <= range.upperBound else { return nil }
            return range.max { histogram[$0] < histogram[$1] }
        }
        func refine(_ b: Int) -> Float {
            let centre = lo + (Float(b) + 0.5) * Self.heightBin
            var sum: Double = 0
            var n = 0
            for p in points where abs(p.y - centre) <= Self.peakRefineHalfWidth {
                sum += Double(p.y)
                n += 1
            }
            return n > 0 ? Float(sum / Double(n)) : centre
        }
        let floorTop = bin(cameraY - Self.floorBelowCamera)
        let floorBin = peak(0...floorTop) ?? 0
        let floorY = refine(floorBin)
        let ceilingBottom = bin(cameraY + Self.ceilingAboveCamera)
        var above = histogram[ceilingBottom...].filter { $0 > 0 }
        above.sort()
        let typical = above.isEmpty ? 0 : above[above.count / 2]
        if ceilingBottom < count - 1, let c = peak(ceilingBottom...(count - 1)),
            histogram[c] >= Self.ceilingPeakRatio * max(1, typical), histogram[c] > 50
        {
            return Heights(floorY: Double(floorY), ceilingHeight: Double(refine(c) - floorY), ceilingSeen: true)
        }
        // No ceiling: the highest bin still holding a fair share of a typical bin's points.
        var top = count - 1
        while top > ceilingBottom && histogram[top] * 5 < typical { top -= 1 }
        let topY = lo + Float(top + 1) * Self.heightBin
        return Heights(floorY: Double(floorY), ceilingHeight: Double(topY - floorY), ceilingSeen: false)
    }
}
