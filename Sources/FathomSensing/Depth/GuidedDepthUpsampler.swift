import FathomCore

/// Enlarges a LiDAR depth map to a camera-image resolution with the guided filter (He, Sun & Tang,
/// "Guided Image Filtering", TPAMI 2013) in its fast subsampled form (He & Sun, "Fast Guided Filter",
/// 2015), the CPU counterpart of the `MPSImageGuidedFilter` Apple's sample uses.
///
/// The linear coefficients (a, b) of `depth ≈ a · guide + b` are fitted per window on the depth
/// map's own grid, with the camera image's luma point-sampled at the depth pixels as the guide; their
/// window means are then enlarged bilinearly and applied to the full-resolution guide:
/// `q = ā(x) · I(x) + b̄(x)`. Missing depth (0, NaN, negative) is left out of every window sum
/// (normalised convolution), so holes are filled from valid neighbours; output pixels with no valid
/// depth within reach are 0. Everything is box-filter based: O(output pixels + depth pixels),
/// independent of the radius.
///
/// Pixel correspondence follows the scan package spec: depth pixel u is output pixel u · W / w (no
/// half-pixel offset), so intrinsics scaled to the output size stay valid.
public struct GuidedDepthUpsampler: Sendable {
    /// Window radius and regularisation.
    public var configuration: GuidedUpsamplingConfiguration

    /// Creates an upsampler.
    public init(configuration: GuidedUpsamplingConfiguration = GuidedUpsamplingConfiguration()) {
        self.configuration = configuration
    }
}

extension GuidedDepthUpsampler {
    /// The depth frame enlarged to `width × height` (default: the guide's size), guided by `guide`
    /// (the camera image of the same frame, any resolution, same field of view). Confidence is
    /// enlarged bilinearly and rounded to the nearest level.
    /// - Throws: `GuidedUpsamplingError` for an empty input or a non-positive output size.
    public func upsample(_ frame: DepthFrame, guide: ColorImage, width: Int? = nil, height: Int? = nil) throws
        -> DepthFrame
    {
        let outW = width ?? guide.width, outH = height ?? guide.height
        let depth = try upsampleDepth(frame.depth, guide: guide, width: outW, height: outH)
        let confidence = Self.upsampleConfidence(frame.confidence, width: outW, height: outH)
        return DepthFrame(frameNumber: frame.frameNumber, timestamp: frame.timestamp, depth: depth,
                          confidence: confidence)
    }

    /// The depth map enlarged to `width × height`, guided by `guide`.
    /// - Throws: `GuidedUpsamplingError` for an empty input or a non-positive output size.
    public func upsampleDepth(_ depth: DepthMap, guide: ColorImage, width outW: Int, height outH: Int) throws
        -> DepthMap
    {
        guard outW > 0, outH > 0 else { throw GuidedUpsamplingError.invalidOutputSize(width: outW, height: outH) }
        guard depth.count > 0, guide.width > 0, guide.height > 0 else { throw GuidedUpsamplingError.emptyInput }
        let w = depth.width, h = depth.height
        let lowGuide = GuideLuma.pointSampled(guide, width: w, height: h)
        let coefficients = Self.coefficients(depth: depth.pixels, guide: lowGuide, width: w, height: h,
                                             radius: configuration.radius, epsilon: configuration.epsilon)
        // The full-resolution guide: the image's own luma bytes when it has the output size, else a
        // resampled float raster.
        let sameSize = guide.width == outW && guide.height == outH
        let resampled: [Float]
        var lumaBytes: [UInt8] = []
        if sameSize, case let .ycbcr(img) = guide {
            lumaBytes = img.luma
            resampled = []
        } else {
            resampled = GuideLuma.resampled(guide, width: outW, height: outH)
        }
        var out = [Float](repeating: 0, count: outW * outH)
        let grid = BilinearGrid(sourceWidth: w, sourceHeight: h, width: outW, height: outH)
        // Rows of ā·V, b̄·V and V enlarged horizontally, cached by source row.
        var rowA0 = [Float](repeating: 0, count: outW), rowB0 = rowA0, rowV0 = rowA0
        var rowA1 = rowA0, rowB1 = rowA0, rowV1 = rowA0
        var cached0 = -1, cached1 = -1
        for y in 0..<outH {
            let (y0, y1, fy) = grid.row(y)
            if cached0 != y0 {
                if cached1 == y0 {
                    swap(&rowA0, &rowA1); swap(&rowB0, &rowB1); swap(&rowV0, &rowV1)
                    cached1 = -1
                } else {
                    grid.interpolateRow(coefficients.a, row: y0, into: &rowA0)
                    grid.interpolateRow(coefficients.b, row: y0, into: &rowB0)
                    grid.interpolateRow(coefficients.valid, row: y0, into: &rowV0)
                }
                cached0 = y0
            }
            if cached1 != y1 {
                grid.interpolateRow(coefficients.a, row: y1, into: &rowA1)
                grid.interpolateRow(coefficients.b, row: y1, into: &rowB1)
                grid.interpolateRow(coefficients.valid, row: y1, into: &rowV1)
                cached1 = y1
            }
            out.withUnsafeMutableBufferPointer { o in
                rowA0.withUnsafeBufferPointer { a0 in rowA1.withUnsafeBufferPointer { a1 in
                rowB0.withUnsafeBufferPointer { b0 in rowB1.withUnsafeBufferPointer { b1 in
                rowV0.withUnsafeBufferPointer { v0 in rowV1.withUnsafeBufferPointer { v1 in
                    let out = o.baseAddress! + y * outW
                    let (pa0, pa1, pb0, pb1, pv0, pv1) = (a0.baseAddress!, a1.baseAddress!, b0.baseAddress!,
                                                          b1.baseAddress!, v0.baseAddress!, v1.baseAddress!)
                    let floor = Self.minimumSupport
                    // Branch-free (vectorisable): q = (ā·I + b̄) / V where V > floor, else 0.
                    if lumaBytes.isEmpty {
                        resampled.withUnsafeBufferPointer { g in
                            let row = g.baseAddress! + y * outW
                            for x in 0..<outW {
                                let v = pv0[x] + (pv1[x] - pv0[x]) * fy
                                let a = pa0[x] + (pa1[x] - pa0[x]) * fy
                                let b = pb0[x] + (pb1[x] - pb0[x]) * fy
                                let q = (a * row[x] + b) / Swift.max(v, floor)
                                out[x] = v > floor ? q : 0
                            }
                        }
                    } else {
                        lumaBytes.withUnsafeBufferPointer { g in
                            let row = g.baseAddress! + y * outW
                            for x in 0..<outW {
                                let v = pv0[x] + (pv1[x] - pv0[x]) * fy
                                let a = pa0[x] + (pa1[x] - pa0[x]) * fy
                                let b = pb0[x] + (pb1[x] - pb0[x]) * fy
                                let q = (a * (Float(row[x]) * (1 / 255)) + b) / Swift.max(v, floor)
                                out[x] = v > floor ? q : 0
                            }
                        }
                    }
                } } } } } }
            }
        }
        return DepthMap(width: outW, height: outH, pixels: out)!
    }

    /// The confidence map enlarged to `width × height`: values interpolated bilinearly, then rounded
    /// to the nearest level.
    public static func upsampleConfidence(_ map: ConfidenceMap, width outW: Int, height outH: Int) -> ConfidenceMap {
        guard map.count > 0, outW > 0, outH > 0 else {
            return ConfidenceMap(width: max(0, outW), height: max(0, outH), repeating: 0)
        }
        let grid = BilinearGrid(sourceWidth: map.width, sourceHeight: map.height, width: outW, height: outH)
        let src = map.pixels.map(Float.init)
        var out = [UInt8](repeating: 0, count: outW * outH)
        var r0 = [Float](repeating: 0, count: outW), r1 = r0
        var cached0 = -1, cached1 = -1
        for y in 0..<outH {
            let (y0, y1, fy) = grid.row(y)
            if cached0 != y0 {
                if cached1 == y0 { swap(&r0, &r1); cached1 = -1 } else { grid.interpolateRow(src, row: y0, into: &r0) }
                cached0 = y0
            }
            if cached1 != y1 {
                grid.interpolateRow(src, row: y1, into: &r1)
                cached1 = y1
            }
            out.withUnsafeMutableBufferPointer { o in
                r0.withUnsafeBufferPointer { a in
                    r1.withUnsafeBufferPointer { b in
                        let base = y * outW
                        // Values lie in 0…2: adding 1.5·2²³ rounds them to an integer in the low mantissa
                        // bits (branch-free, vectorisable); the 10⁻⁴ nudge makes halves round up.
                        for x in 0..<outW {
                            let v = (a[x] + (b[x] - a[x]) * fy + 1e-4) + RGB8.roundingMagic
                            o[base + x] = UInt8(truncatingIfNeeded: v.bitPattern)
                        }
                    }
                }
            }
        }
        return ConfidenceMap(width: outW, height: outH, pixels: out)!
    }

    /// Bilinear weight sum below which an output pixel has no depth.
    static let minimumSupport: Float = 1e-3

    /// Window means of the guided filter's coefficients on the depth grid, premultiplied by the
    /// validity `valid` (1 where some depth was in reach, else 0).
    static func coefficients(depth p: [Float], guide i: [Float], width w: Int, height h: Int, radius r: Int,
                             epsilon: Float) -> (a: [Float], b: [Float], valid: [Float])
    {
        let n = w * h
        var m = [Float](repeating: 0, count: n), mi = m, mp = m, mip = m, mii = m
        m.withUnsafeMutableBufferPointer { m in mi.withUnsafeMutableBufferPointer { mi in
        mp.withUnsafeMutableBufferPointer { mp in mip.withUnsafeMutableBufferPointer { mip in
        mii.withUnsafeMutableBufferPointer { mii in
        p.withUnsafeBufferPointer { p in i.withUnsafeBufferPointer { i in
            for k in 0..<n {
                let d = p[k]
                if d > 0 && d < .infinity {
                    let g = i[k]
                    m[k] = 1; mi[k] = g; mp[k] = d; mip[k] = g * d; mii[k] = g * g
                }
            }
        } } } } } } }
        var box = BoxFilter(width: w, height: h, radius: r)
        box.sumInPlace(&m); box.sumInPlace(&mi); box.sumInPlace(&mp); box.sumInPlace(&mip); box.sumInPlace(&mii)
        // Per-window coefficients, reusing the first three rasters: a → mi, b → mp, validity → m.
        m.withUnsafeMutableBufferPointer { m in mi.withUnsafeMutableBufferPointer { mi in
        mp.withUnsafeMutableBufferPointer { mp in mip.withUnsafeBufferPointer { mip in
        mii.withUnsafeBufferPointer { mii in
            for k in 0..<n {
                let count = m[k]
                guard count > 0.5 else { m[k] = 0; mi[k] = 0; mp[k] = 0; continue }
                let inv = 1 / count
                let meanI = mi[k] * inv, meanP = mp[k] * inv
                let varI = max(0, mii[k] * inv - meanI * meanI), cov = mip[k] * inv - meanI * meanP
                let ak = cov / (varI + epsilon)
                mi[k] = ak; mp[k] = meanP - ak * meanI; m[k] = 1
            }
        } } } } }
        box.sumInPlace(&mi); box.sumInPlace(&mp); box.sumInPlace(&m)
        m.withUnsafeMutableBufferPointer { m in mi.withUnsafeMutableBufferPointer { mi in
        mp.withUnsafeMutableBufferPointer { mp in
            for k in 0..<n {
                let count = m[k]
                if count > 0.5 {
                    let inv = 1 / count
                    mi[k] *= inv; mp[k] *= inv; m[k] = 1
                } else {
                    mi[k] = 0; mp[k] = 0; m[k] = 0
                }
            }
        } } }
        return (mi, mp, m)
    }
}
