import FathomCore

extension RGB8 {
    /// 1.5 · 2²³: adding it to a float in 0…2²² leaves the value rounded to an integer in the low
    /// mantissa bits.
    static let roundingMagic: Float = 12_582_912

    /// A component in 0…1 (clamped; NaN gives 0) as a byte, rounded to nearest, ties to even.
    @inline(__always)
    static func quantize(_ x: Float) -> UInt8 {
        let v = Swift.min(Swift.max(x * 255, 0), 255) + roundingMagic
        return UInt8(truncatingIfNeeded: v.bitPattern)
    }

    /// A colour from components in 0…1 (clamped), rounded to nearest (ties to even) with plain float
    /// arithmetic — no libm call and no conversion traps, so per-point kernels stay inlined. Agrees with
    /// `RGB8(unit:)` except at exact halves, where that rounds away from zero.
    @inline(__always)
    init(quantizing c: SIMD3<Float>) {
        self.init(r: RGB8.quantize(c.x), g: RGB8.quantize(c.y), b: RGB8.quantize(c.z))
    }
}
