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
        var out = src
        sumInPlace(&out)
        return out
    }

    /// Replaces every pixel of `image` by its window sum.
    mutating func sumInPlace(_ image: inout [Float]) {
        let w = width, h = height, r = radius
        rowPass.withUnsafeMutableBufferPointer { tb in
            image.withUnsafeMutableBufferPointer { sb in
                let t = tb.baseAddress!, s = sb.baseAddress!
                // Horizontal running sums into the scratch raster: head, interior, tail without
                // per-pixel branches.
                for y in 0..<h {
                    let row = s + y * w, out = t + y * w
                    var acc: Float = 0
                    for x in 0..<min(r, w) { acc += row[x] }
                    var x = 0
                    while x < w && x <= r {   // window [0, x + r]
                        if x + r < w { acc += row[x + r] }
                        out[x] = acc
                        x += 1
                    }
                    while x + r < w {         // window [x − r, x + r]
                        acc += row[x + r] - row[x - r - 1]
                        out[x] = acc
                        x += 1
                    }
                    while x < w {             // window [x − r, w − 1]
                        acc -= row[x - r - 1]
                        out[x] = acc
                        x += 1
                    }
                }
                // Vertical running sums back into the image, whole rows at a time (vectorisable).
                for x in 0..<w { s[x] = 0 }
                for y in 0..<min(r + 1, h) {
                    let src = t + y * w
                    for x in 0..<w { s[x] += src[x] }
                }
                for y in 1..<max(1, h) {
                    let prev = s + (y - 1) * w, cur = s + y * w
                    let addRow = y + r < h ? t + (y + r) * w : nil
                    let subRow = y - r - 1 >= 0 ? t + (y - r - 1) * w : nil
                    switch (addRow, subRow) {
                    case let (a?, b?): for x in 0..<w { cur[x] = prev[x] + a[x] - b[x] }
                    case let (a?, nil): for x in 0..<w { cur[x] = prev[x] + a[x] }
                    case let (nil, b?): for x in 0..<w { cur[x] = prev[x] - b[x] }
                    case (nil, nil): for x in 0..<w { cur[x] = prev[x] }
                    }
                }
            }
        }
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
