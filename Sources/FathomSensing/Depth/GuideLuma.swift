import FathomCore

/// The luminance (0…1) of a camera image as a float raster, sampled for the guided filter.
enum GuideLuma {
    /// The luma at pixel (x, y): the Y plane for YCbCr, BT.601 weights for RGB.
    @inline(__always)
    static func luma(_ image: ColorImage, x: Int, y: Int) -> Float {
        switch image {
        case let .ycbcr(i): Float(i.luma[y * i.width + x]) * (1 / 255)
        case let .rgb(i):
            (0.299 * Float(i[x, y].r) + 0.587 * Float(i[x, y].g) + 0.114 * Float(i[x, y].b)) * (1 / 255)
        }
    }

    /// The luma point-sampled at `width × height` pixels (pixel u reads image pixel round(u · W / width)).
    static func pointSampled(_ image: ColorImage, width: Int, height: Int) -> [Float] {
        let xs = (0..<width).map { ColorSampler.index($0, from: width, to: image.width) }
        var out = [Float](repeating: 0, count: width * height)
        for v in 0..<height {
            let y = ColorSampler.index(v, from: height, to: image.height)
            for u in 0..<width { out[v * width + u] = luma(image, x: xs[u], y: y) }
        }
        return out
    }

    /// The luma at `width × height`: the image's own pixels when the sizes agree, else bilinear.
    static func resampled(_ image: ColorImage, width: Int, height: Int) -> [Float] {
        if image.width == width && image.height == height {
            if case let .ycbcr(i) = image { return i.luma.map { Float($0) * (1 / 255) } }
            return pointSampled(image, width: width, height: height)
        }
        let src = pointSampled(image, width: image.width, height: image.height)
        let grid = BilinearGrid(sourceWidth: image.width, sourceHeight: image.height, width: width, height: height)
        var out = [Float](repeating: 0, count: width * height)
        var r0 = [Float](repeating: 0, count: width), r1 = r0
        for y in 0..<height {
            let (y0, y1, fy) = grid.row(y)
            grid.interpolateRow(src, row: y0, into: &r0)
            grid.interpolateRow(src, row: y1, into: &r1)
            for x in 0..<width { out[y * width + x] = r0[x] + (r1[x] - r0[x]) * fy }
        }
        return out
    }
}
