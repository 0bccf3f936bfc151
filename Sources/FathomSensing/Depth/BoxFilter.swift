/// Sums over (2r + 1)² windows, truncated at the borders, in O(pixels) with running sums (two
/// separable passes). Internal to the guided filter.
struct BoxFilter {
    let width: Int, height: Int, radius: Int
    private var rowPass: [Float]

    init(width: Int, height: Int, radius: Int) {
        self.width = width
        self.height = height
        self.radius = radius
        rowPass = [Float](repeating: 0, count: width * height)
    }

    /// The window sum of `src` at every pixel.
    mutating func sum(_ src: [Float]) -> [Float] {
        let w = width, h = height, r = radius
        var out = [Float](repeating: 0, count: w * h)
        rowPass.withUnsafeMutableBufferPointer { t in
            src.withUnsafeBufferPointer { s in
                for y in 0..<h {
                    let base = y * w
                    var acc: Float = 0
                    for x in 0..<min(r, w) { acc += s[base + x] }
                    for x in 0..<w {
                        if x + r < w { acc += s[base + x + r] }
                        if x - r - 1 >= 0 { acc -= s[base + x - r - 1] }
                        t[base + x] = acc
                    }
                }
            }
            out.withUnsafeMutableBufferPointer { o in
                // Vertical pass, a whole row at a time (contiguous, vectorisable).
                for y in 0..<min(r, h) { for x in 0..<w { o[x] += t[y * w + x] } }
                var prev = [Float](repeating: 0, count: w)
                for x in 0..<w { prev[x] = o[x] }
                for y in 0..<h {
                    let base = y * w
                    let add = y + r < h ? (y + r) * w : -1
                    let sub = y - r - 1 >= 0 ? (y - r - 1) * w : -1
                    for x in 0..<w {
                        var v = prev[x]
                        if add >= 0 { v += t[add + x] }
                        if sub >= 0 { v -= t[sub + x] }
                        prev[x] = v
                        o[base + x] = v
                    }
                }
            }
        }
        return out
    }

    /// The same sums computed directly, O(pixels · r²): the reference for tests.
    static func referenceSum(_ src: [Float], width w: Int, height h: Int, radius r: Int) -> [Float] {
        var out = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var acc: Float = 0
                for yy in max(0, y - r)...min(h - 1, y + r) {
                    for xx in max(0, x - r)...min(w - 1, x + r) { acc += src[yy * w + xx] }
                }
                out[y * w + x] = acc
            }
        }
        return out
    }
}
