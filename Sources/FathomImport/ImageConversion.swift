import FathomCore

/// Per-pixel conversions of the importers, as concrete loops (a generic `Image.map` across modules is
/// not specialised and cost a fifth of an import's time).
enum ImageConversion {
    /// Millimetres (0 = no reading) to metres.
    static func metres(millimetres image: Image<UInt16>) -> DepthMap {
        var out = [Float](repeating: 0, count: image.count)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<src.count { dst[i] = Float(src[i]) * 0.001 }
            }
        }
        return DepthMap(width: image.width, height: image.height, pixels: out)!
    }

    /// Metres with non-finite and non-positive values set to 0 (no reading).
    static func validDepth(_ image: Image<Float>) -> DepthMap {
        var out = image.pixels
        out.withUnsafeMutableBufferPointer { p in
            for i in 0..<p.count where !(p[i].isFinite && p[i] > 0) { p[i] = 0 }
        }
        return DepthMap(width: image.width, height: image.height, pixels: out)!
    }

    /// Confidence values clipped to 0…2.
    static func confidence(_ image: GrayImage) -> ConfidenceMap {
        var out = image.pixels
        out.withUnsafeMutableBufferPointer { p in
            for i in 0..<p.count where p[i] > 2 { p[i] = 2 }
        }
        return ConfidenceMap(width: image.width, height: image.height, pixels: out)!
    }
}
