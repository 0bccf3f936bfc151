/// A bi-planar YCbCr 4:2:0 image, full range (ARKit's `capturedImage` format,
/// `kCVPixelFormatType_420YpCbCr8BiPlanarFullRange`): a luma plane of `width × height` bytes and an
/// interleaved CbCr plane of `(width/2) × (height/2)` pairs.
public struct YCbCrImage: Sendable, Equatable {
    /// Width, pixels (even).
    public let width: Int
    /// Height, pixels (even).
    public let height: Int
    /// Luma, row-major, `width * height` bytes.
    public var luma: [UInt8]
    /// Chroma, interleaved Cb, Cr, row-major, `(width/2) * (height/2) * 2` bytes.
    public var chroma: [UInt8]

    /// Creates an image; `nil` when a dimension is odd or not positive or a plane has the wrong size.
    public init?(width: Int, height: Int, luma: [UInt8], chroma: [UInt8]) {
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0, luma.count == width * height,
            chroma.count == (width / 2) * (height / 2) * 2
        else { return nil }
        self.width = width
        self.height = height
        self.luma = luma
        self.chroma = chroma
    }

    /// The number of bytes of both planes for a `width × height` image.
    public static func byteCount(width: Int, height: Int) -> Int { width * height + (width / 2) * (height / 2) * 2 }

    /// The RGB colour (0…1 components, unclamped) at pixel (x, y), converted as Apple's sample and the
    /// scan package spec do: BT.601 full range with Cb' = Cb − 0.5, Cr' = Cr − 0.5.
    @inlinable
    public func rgb(x: Int, y: Int) -> SIMD3<Float> {
        let yv = Float(luma[y * width + x]) / 255
        let ci = ((y >> 1) * (width >> 1) + (x >> 1)) * 2
        return YCbCrImage.rgb(y: yv, cb: Float(chroma[ci]) / 255 - 0.5, cr: Float(chroma[ci + 1]) / 255 - 0.5)
    }

    /// BT.601 full-range conversion of luma `y` (0…1) and centred chroma `cb`, `cr` (−0.5…0.5).
    @inlinable @inline(__always)
    public static func rgb(y: Float, cb: Float, cr: Float) -> SIMD3<Float> {
        SIMD3(y + 1.402 * cr, y - 0.7141 * cr - 0.3441 * cb, y + 1.772 * cb)
    }

    /// The inverse conversion of an RGB colour (0…1) to (Y, Cb, Cr) bytes.
    public static func ycbcr(rgb c: SIMD3<Float>) -> (y: UInt8, cb: UInt8, cr: UInt8) {
        let y = 0.299 * c.x + 0.587 * c.y + 0.114 * c.z
        let cb = (c.z - y) / 1.772 + 0.5, cr = (c.x - y) / 1.402 + 0.5
        @inline(__always) func q(_ v: Float) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        return (q(y), q(cb), q(cr))
    }

    /// Converts an RGB image (even width and height) to YCbCr 4:2:0, averaging chroma over 2×2 blocks.
    public init?(rgb image: RGBImage) {
        let w = image.width, h = image.height
        guard w > 0, h > 0, w % 2 == 0, h % 2 == 0 else { return nil }
        var luma = [UInt8](repeating: 0, count: w * h)
        var chroma = [UInt8](repeating: 0, count: (w / 2) * (h / 2) * 2)
        for by in 0..<(h / 2) {
            for bx in 0..<(w / 2) {
                var sum = SIMD3<Float>.zero
                for dy in 0..<2 {
                    for dx in 0..<2 {
                        let x = bx * 2 + dx, y = by * 2 + dy
                        let c = image[x, y].unit
                        sum += c
                        luma[y * w + x] = YCbCrImage.ycbcr(rgb: c).y
                    }
                }
                let q = YCbCrImage.ycbcr(rgb: sum / 4)
                chroma[(by * (w / 2) + bx) * 2] = q.cb
                chroma[(by * (w / 2) + bx) * 2 + 1] = q.cr
            }
        }
        self.init(width: w, height: h, luma: luma, chroma: chroma)
    }

    /// The whole image converted to RGB8 (clamped).
    public func toRGB() -> RGBImage {
        var out = RGBImage(width: width, height: height, repeating: .black)
        for y in 0..<height {
            for x in 0..<width { out[x, y] = RGB8(unit: rgb(x: x, y: y)) }
        }
        return out
    }

    /// The luma plane as a gray image.
    public var grayImage: GrayImage { GrayImage(width: width, height: height, pixels: luma)! }
}
