/// Bilinear enlargement of a `sourceWidth × sourceHeight` raster to `width × height`, output pixel X
/// reading source coordinate X · sourceWidth / width (no half-pixel offset), clamped to the last
/// source pixel. Column taps and weights are precomputed; rows are interpolated one at a time.
struct BilinearGrid {
    let sourceWidth: Int, sourceHeight: Int, width: Int, height: Int
    private let x0: [Int32], x1: [Int32], fx: [Float]

    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = width
        self.height = height
        var x0 = [Int32](repeating: 0, count: width), x1 = x0, fx = [Float](repeating: 0, count: width)
        for x in 0..<width {
            let (a, b, f) = Self.taps(x, source: sourceWidth, target: width)
            x0[x] = Int32(a); x1[x] = Int32(b); fx[x] = f
        }
        self.x0 = x0
        self.x1 = x1
        self.fx = fx
    }

    /// The two source indices and the weight of the second for target index `i`.
    static func taps(_ i: Int, source: Int, target: Int) -> (Int, Int, Float) {
        let s = min(Float(source - 1), Float(i) * Float(source) / Float(target))
        let i0 = Int(s)
        return (i0, min(source - 1, i0 + 1), s - Float(i0))
    }

    /// The source rows and the weight of the second for output row `y`.
    @inline(__always)
    func row(_ y: Int) -> (Int, Int, Float) { Self.taps(y, source: sourceHeight, target: height) }

    /// Source row `row` of `src` interpolated to `width` samples.
    func interpolateRow(_ src: [Float], row: Int, into out: inout [Float]) {
        let base = row * sourceWidth
        src.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { o in
                x0.withUnsafeBufferPointer { x0 in
                    x1.withUnsafeBufferPointer { x1 in
                        fx.withUnsafeBufferPointer { fx in
                            for x in 0..<o.count {
                                let a = s[base + Int(x0[x])], b = s[base + Int(x1[x])]
                                o[x] = a + (b - a) * fx[x]
                            }
                        }
                    }
                }
            }
        }
    }
}
