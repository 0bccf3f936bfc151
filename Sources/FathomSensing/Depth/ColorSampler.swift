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
    /// The colour source of one depth row.
    associatedtype Row: DepthRowColoring
    /// Whether points get colours.
    static var isColored: Bool { get }
    /// The colour source of depth row `v` (per-row terms hoisted out of the pixel loop).
    func row(_ v: Int) -> Row
}

/// The colours of one depth row.
protocol DepthRowColoring {
    /// The colour of depth pixel `u` of the row.
    func color(u: Int) -> RGB8
    /// The colours of pixels 0..<count of the row.
    func fill(_ out: UnsafeMutablePointer<RGB8>, count: Int)
}

extension DepthRowColoring {
    @inline(__always)
    func fill(_ out: UnsafeMutablePointer<RGB8>, count: Int) {
        for u in 0..<count { out[u] = color(u: u) }
    }
}

/// No image: points are uncoloured.
struct NoColoring: DepthPixelColoring, DepthRowColoring {
    static var isColored: Bool { false }
    @inline(__always) func row(_ v: Int) -> NoColoring { self }
    @inline(__always) func color(u: Int) -> RGB8 { .black }
}

/// A YCbCr 4:2:0 image through column and row offset tables, converted with integer tables: each
/// chroma byte's contribution to R, G and B (Apple's BT.601 coefficients on Cb − 127.5, Cr − 127.5) in
/// 1/256 units, so a pixel costs a few table loads and adds; clamping is a table lookup too.
struct YCbCrColoring: DepthPixelColoring {
    let luma: UnsafePointer<UInt8>, chroma: UnsafePointer<UInt8>
    let lumaColumn: UnsafePointer<Int32>, chromaColumn: UnsafePointer<Int32>
    let lumaRow: UnsafePointer<Int32>, chromaRow: UnsafePointer<Int32>
    /// Per chroma byte: R from Cr, G from Cb, G from Cr, B from Cb (1/256 units, rounding offset included).
    let tables: UnsafePointer<Int32>
    let clamp: UnsafePointer<UInt8>
    /// Whether the image has the depth map's width (column tables are the identity).
    let identityColumns: Bool
    static var isColored: Bool { true }

    /// The 4 × 256 conversion tables.
    static let conversionTables: [Int32] = {
        var t = [Int32](repeating: 0, count: 1024)
        for c in 0..<256 {
            let centred = (Float(c) - 127.5)
            t[c] = Int32((1.402 * centred * 256 + 128).rounded(.down))   // R ← Cr, plus ½ for rounding
            t[256 + c] = Int32((-0.3441 * centred * 256 + 128).rounded(.down))   // G ← Cb, plus ½
            t[512 + c] = Int32((-0.7141 * centred * 256).rounded())   // G ← Cr
            t[768 + c] = Int32((1.772 * centred * 256 + 128).rounded(.down))   // B ← Cb, plus ½
        }
        return t
    }()

    /// Bytes of every value −384…639 clamped to 0…255, indexed by value + 384 (a table lookup cannot
    /// be turned into a mispredicted branch).
    static let clampTable: [UInt8] = (0..<1024).map { UInt8(Swift.min(Swift.max($0 - 384, 0), 255)) }
    static let clampOffset = 384

    /// One row: the row's luma and chroma starts, the column tables and the conversion tables.
    struct Row: DepthRowColoring {
        let luma: UnsafePointer<UInt8>, chroma: UnsafePointer<UInt8>
        let lumaColumn: UnsafePointer<Int32>, chromaColumn: UnsafePointer<Int32>
        let tables: UnsafePointer<Int32>
        /// `clampTable`, advanced by `clampOffset`.
        let clamp: UnsafePointer<UInt8>
        /// Whether depth column u is image column u (same width): pairs of pixels then share chroma.
        let identityColumns: Bool

        @inline(__always)
        func fill(_ out: UnsafeMutablePointer<RGB8>, count: Int) {
            guard identityColumns else {
                for u in 0..<count { out[u] = color(u: u) }
                return
            }
            var u = 0
            while u < count {
                let cb = Int(chroma[u]), cr = Int(chroma[u &+ 1])   // chroma pair of columns u, u + 1
                let rc = tables[cr], gc = tables[256 &+ cb] &+ tables[512 &+ cr], bc = tables[768 &+ cb]
                let y0 = Int32(luma[u]) << 8
                out[u] = RGB8(r: clamp[Int((y0 &+ rc) >> 8)], g: clamp[Int((y0 &+ gc) >> 8)],
                              b: clamp[Int((y0 &+ bc) >> 8)])
                if u + 1 < count {
                    let y1 = Int32(luma[u &+ 1]) << 8
                    out[u + 1] = RGB8(r: clamp[Int((y1 &+ rc) >> 8)], g: clamp[Int((y1 &+ gc) >> 8)],
                                      b: clamp[Int((y1 &+ bc) >> 8)])
                }
                u += 2
            }
        }

        @inline(__always)
        func color(u: Int) -> RGB8 {
            let y = Int32(luma[Int(lumaColumn[u])]) << 8
            let c = chroma + Int(chromaColumn[u])
            let cb = Int(c[0]), cr = Int(c[1])
            return RGB8(r: clamp[Int((y &+ tables[cr]) >> 8)],
                        g: clamp[Int((y &+ tables[256 &+ cb] &+ tables[512 &+ cr]) >> 8)],
                        b: clamp[Int((y &+ tables[768 &+ cb]) >> 8)])
        }
    }

    @inline(__always)
    func row(_ v: Int) -> Row {
        Row(luma: luma + Int(lumaRow[v]), chroma: chroma + Int(chromaRow[v]), lumaColumn: lumaColumn,
            chromaColumn: chromaColumn, tables: tables, clamp: clamp, identityColumns: identityColumns)
    }
}

/// An RGB8 image through column and row offset tables.
struct RGBColoring: DepthPixelColoring {
    let pixels: UnsafePointer<RGB8>
    let column: UnsafePointer<Int32>, row: UnsafePointer<Int32>
    static var isColored: Bool { true }

    /// One row: its first pixel and the column table.
    struct Row: DepthRowColoring {
        let pixels: UnsafePointer<RGB8>, column: UnsafePointer<Int32>
        @inline(__always) func color(u: Int) -> RGB8 { pixels[Int(column[u])] }
    }

    @inline(__always)
    func row(_ v: Int) -> Row { Row(pixels: pixels + Int(row[v]), column: column) }
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
            return YCbCrColoring.clampTable.withUnsafeBufferPointer { clamp in
              YCbCrColoring.conversionTables.withUnsafeBufferPointer { tables in
                img.luma.withUnsafeBufferPointer { l in img.chroma.withUnsafeBufferPointer { c in
                xs.withUnsafeBufferPointer { lc in chromaColumn.withUnsafeBufferPointer { cc in
                lumaRow.withUnsafeBufferPointer { lr in chromaRow.withUnsafeBufferPointer { cr in
                    visitor.visit(YCbCrColoring(
                        luma: l.baseAddress!, chroma: c.baseAddress!, lumaColumn: lc.baseAddress!,
                        chromaColumn: cc.baseAddress!, lumaRow: lr.baseAddress!, chromaRow: cr.baseAddress!,
                        tables: tables.baseAddress!, clamp: clamp.baseAddress! + YCbCrColoring.clampOffset,
                        identityColumns: img.width == width))
                } } } } } } } }
        case let .rgb(img):
            let rows = ys.map { $0 * Int32(img.width) }
            return img.pixels.withUnsafeBufferPointer { p in xs.withUnsafeBufferPointer { c in
                rows.withUnsafeBufferPointer { r in
                    visitor.visit(RGBColoring(pixels: p.baseAddress!, column: c.baseAddress!, row: r.baseAddress!))
                } } }
        }
    }
}
