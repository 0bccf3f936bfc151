import FathomCore

extension RGB8 {
    /// 1.5 · 2²³: adding it to a float in 0…2²² leaves the value rounded to an integer in the low
    /// mantissa bits.
    @usableFromInline static let roundingMagic: Float = 12_582_912

    /// A colour from components in 0…1 (clamped), rounded to nearest (ties to even) with plain float
    /// arithmetic — no libm call and no conversion traps, so per-point kernels stay inlined. Agrees with
    /// `RGB8(unit:)` except at exact halves, where that rounds away from zero.
    @inline(__always)
    init(quantizing c: SIMD3<Float>) {
        var v = c * 255
        v.replace(with: SIMD3(repeating: 0), where: .!(v .>= 0))   // also NaN → 0
        v = v.replacing(with: 255, where: v .> 255) + RGB8.roundingMagic
        self.init(r: UInt8(truncatingIfNeeded: v.x.bitPattern), g: UInt8(truncatingIfNeeded: v.y.bitPattern),
                  b: UInt8(truncatingIfNeeded: v.z.bitPattern))
    }
}
