import FathomCore

/// Looks up the camera-image colour of a depth pixel through per-column and per-row index tables
/// (internal to the depth cloud builder's fast path).
///
/// Depth pixel (u, v) of a `sourceWidth × sourceHeight` map shows the same direction as image pixel
/// (round(u · W / sourceWidth), round(v · H / sourceHeight)) of a `W × H` image covering the same field
/// of view (intrinsics scale by the size ratio; no half-pixel offset, as the scan package spec says).
struct ColorSampler {
    private let image: ColorImage
    private let lumaColumn: [Int32], chromaColumn: [Int32]
    private let lumaRow: [Int32], chromaRow: [Int32]

    /// The image index matching `i` of a `from`-pixel axis on a `to`-pixel axis, clamped.
    @inline(__always)
    static func index(_ i: Int, from: Int, to: Int) -> Int {
        min(to - 1, Int((Float(i) * Float(to) / Float(from)).rounded()))
    }

    init(image: ColorImage, sourceWidth: Int, sourceHeight: Int) {
        self.image = image
        let xs = (0..<sourceWidth).map { Self.index($0, from: sourceWidth, to: image.width) }
        let ys = (0..<sourceHeight).map { Self.index($0, from: sourceHeight, to: image.height) }
        switch image {
        case let .ycbcr(img):
            lumaColumn = xs.map { Int32($0) }
            chromaColumn = xs.map { Int32(($0 >> 1) * 2) }
            lumaRow = ys.map { Int32($0 * img.width) }
            chromaRow = ys.map { Int32(($0 >> 1) * (img.width >> 1) * 2) }
        case let .rgb(img):
            lumaColumn = xs.map { Int32($0) }
            chromaColumn = []
            lumaRow = ys.map { Int32($0 * img.width) }
            chromaRow = []
        }
    }

    /// The 8-bit colour of depth pixel (u, v).
    @inline(__always)
    func color(u: Int, v: Int) -> RGB8 {
        switch image {
        case let .ycbcr(img):
            let y = Float(img.luma[Int(lumaRow[v] &+ lumaColumn[u])]) * (1 / 255)
            let ci = Int(chromaRow[v] &+ chromaColumn[u])
            let cb = Float(img.chroma[ci]) * (1 / 255) - 0.5
            let cr = Float(img.chroma[ci + 1]) * (1 / 255) - 0.5
            return RGB8(unit: YCbCrImage.rgb(y: y, cb: cb, cr: cr))
        case let .rgb(img):
            return img.pixels[Int(lumaRow[v] &+ lumaColumn[u])]
        }
    }
}
