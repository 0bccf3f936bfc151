import FathomCore

/// Index arithmetic shared by the colour lookups: depth pixel (u, v) of a `w × h` map shows the same
/// direction as image pixel (round(u · W / w), round(v · H / h)) of a `W × H` image covering the same
/// field of view (intrinsics scale by the size ratio; no half-pixel offset, as the scan package spec
/// says).
enum ColorSampler {
    /// The image index matching `i` of a `from`-pixel axis on a `to`-pixel axis, clamped.
    @inline(__always)
    static func index(_ i: Int, from: Int, to: Int) -> Int {
        min(to - 1, Int((Float(i) * Float(to) / Float(from)).rounded()))
    }
}

/// A per-pixel colour source for the depth cloud kernel, specialised per image format so the inner
/// loop has no format switch. Pointers are valid only inside the `with…` scope that made them.
protocol DepthPixelColoring {
    /// Whether points get colours.
    static var isColored: Bool { get }
    /// The colour of depth pixel `u` in the row selected by `row`.
    func color(u: Int, row: Int) -> RGB8
}

/// No image: points are uncoloured.
struct NoColoring: DepthPixelColoring {
    static var isColored: Bool { false }
    @inline(__always) func color(u: Int, row: Int) -> RGB8 { .black }
}

/// A YCbCr 4:2:0 image through column and row offset tables.
struct YCbCrColoring: DepthPixelColoring {
    let luma: UnsafePointer<UInt8>, chroma: UnsafePointer<UInt8>
    let lumaColumn: UnsafePointer<Int32>, chromaColumn: UnsafePointer<Int32>
    let lumaRow: UnsafePointer<Int32>, chromaRow: UnsafePointer<Int32>
    static var isColored: Bool { true }

    @inline(__always)
    func color(u: Int, row v: Int) -> RGB8 {
        let y = Float(luma[Int(lumaRow[v] &+ lumaColumn[u])]) * (1 / 255)
        let ci = Int(chromaRow[v] &+ chromaColumn[u])
        let cb = Float(chroma[ci]) * (1 / 255) - 0.5
        let cr = Float(chroma[ci &+ 1]) * (1 / 255) - 0.5
        // YCbCrImage.rgb(y:cb:cr:), written per component so it stays scalar and inlined.
        return RGB8(r: RGB8.quantize(y + 1.402 * cr), g: RGB8.quantize(y - 0.7141 * cr - 0.3441 * cb),
                    b: RGB8.quantize(y + 1.772 * cb))
    }
}

/// An RGB8 image through column and row offset tables.
struct RGBColoring: DepthPixelColoring {
    let pixels: UnsafePointer<RGB8>
    let column: UnsafePointer<Int32>, row: UnsafePointer<Int32>
    static var isColored: Bool { true }

    @inline(__always)
    func color(u: Int, row v: Int) -> RGB8 { pixels[Int(row[v] &+ column[u])] }
}

/// Something that runs the depth kernel with a concrete colouring (so it is specialised).
protocol DepthColoringVisitor {
    associatedtype Result
    /// Runs with `coloring`.
    func visit<C: DepthPixelColoring>(_ coloring: C) -> Result
}

extension ColorImage {
    /// Calls `visitor` with a colouring that maps the pixels of a `width × height` depth map onto this
    /// image, concrete per pixel format.
    func withDepthColoring<V: DepthColoringVisitor>(width: Int, height: Int, _ visitor: V) -> V.Result {
        let xs = (0..<width).map { Int32(ColorSampler.index($0, from: width, to: self.width)) }
        let ys = (0..<height).map { Int32(ColorSampler.index($0, from: height, to: self.height)) }
        switch self {
        case let .ycbcr(img):
            let lumaRow = ys.map { $0 * Int32(img.width) }
            let chromaRow = ys.map { ($0 >> 1) * Int32(img.width >> 1) * 2 }
            let chromaColumn = xs.map { ($0 >> 1) * 2 }
            return img.luma.withUnsafeBufferPointer { l in img.chroma.withUnsafeBufferPointer { c in
                xs.withUnsafeBufferPointer { lc in chromaColumn.withUnsafeBufferPointer { cc in
                lumaRow.withUnsafeBufferPointer { lr in chromaRow.withUnsafeBufferPointer { cr in
                    visitor.visit(YCbCrColoring(
                        luma: l.baseAddress!, chroma: c.baseAddress!, lumaColumn: lc.baseAddress!,
                        chromaColumn: cc.baseAddress!, lumaRow: lr.baseAddress!, chromaRow: cr.baseAddress!))
                } } } } } }
        case let .rgb(img):
            let rows = ys.map { $0 * Int32(img.width) }
            return img.pixels.withUnsafeBufferPointer { p in xs.withUnsafeBufferPointer { c in
                rows.withUnsafeBufferPointer { r in
                    visitor.visit(RGBColoring(pixels: p.baseAddress!, column: c.baseAddress!, row: r.baseAddress!))
                } } }
        }
    }
}
