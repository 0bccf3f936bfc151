import FathomCore

/// The luminance (0…1) of a camera image as a float raster, sampled for the guided filter.
enum GuideLuma {
    /// The whole image's luma: the Y plane for YCbCr, BT.601 weights for RGB.
    static func plane(_ image: ColorImage) -> [Float] {
        switch image {
        case let .ycbcr(i):
            return i.luma.map { Float($0) * (1 / 255) }
        case let .rgb(i):
            return i.pixels.map { (0.299 * Float($0.r) + 0.587 * Float($0.g) + 0.114 * Float($0.b)) * (1 / 255) }
        }
    }

    /// The luma point-sampled at `width × height` pixels (pixel u reads image pixel round(u · W / width)).
    static func pointSampled(_ image: ColorImage, width: Int, height: Int) -> [Float] {
        let xs = (0..<width).map { ColorSampler.index($0, from: width, to: image.width) }
        var out = [Float](repeating: 0, count: width * height)
        func fill<P>(_ pixels: [P], _ value: (P) -> Float) {
            pixels.withUnsafeBufferPointer { p in
                out.withUnsafeMutableBufferPointer { o in
                    for v in 0..<height {
                        let row = ColorSampler.index(v, from: height, to: image.height) * image.width
                        for u in 0..<width { o[v * width + u] = value(p[row + xs[u]]) }
                    }
                }
            }
        }
        switch image {
        case let .ycbcr(i): fill(i.luma) { Float($0) * (1 / 255) }
        case let .rgb(i): fill(i.pixels) { (0.299 * Float($0.r) + 0.587 * Float($0.g) + 0.114 * Float($0.b)) * (1 / 255) }
        }
        return out
    }

    /// The luma at `width × height`: the image's own pixels when the sizes agree, else bilinear.
    static func resampled(_ image: ColorImage, width: Int, height: Int) -> [Float] {
        let src = plane(image)
        if image.width == width && image.height == height { return src }
        let grid = BilinearGrid(sourceWidth: image.width, sourceHeight: image.height, width: width, height: height)
        var out = [Float](repeating: 0, count: width * height)
        var r0 = [Float](repeating: 0, count: width), r1 = r0
        for y in 0..<height {
            let (y0, y1, fy) = grid.row(y)
            grid.interpolateRow(src, row: y0, into: &r0)
            grid.interpolateRow(src, row: y1, into: &r1)
            out.withUnsafeMutableBufferPointer { o in
                for x in 0..<width { o[y * width + x] = r0[x] + (r1[x] - r0[x]) * fy }
            }
        }
        return out
    }
}
