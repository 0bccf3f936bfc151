extension Float {
    /// The value of an IEEE 754 half-precision number given by its bits (exact: every half is a float).
    /// Written out rather than using `Float16`, which some platforms (Intel macOS) lack.
    @inlinable
    public init(halfBits h: UInt16) {
        let sign = UInt32(h & 0x8000) << 16
        let exponent = Int(h >> 10 & 0x1F)
        let mantissa = UInt32(h & 0x3FF)
        switch exponent {
        case 0:
            // Zero or subnormal: mantissa · 2^-24.
            let magnitude = Float(mantissa) * 0x1p-24
            self = sign == 0 ? magnitude : -magnitude
        case 31:
            self = Float(bitPattern: sign | 0x7F80_0000 | mantissa << 13)
        default:
            self = Float(bitPattern: sign | UInt32(exponent - 15 + 127) << 23 | mantissa << 13)
        }
    }

    /// The bits of the nearest IEEE 754 half-precision number (ties to even; overflow to infinity;
    /// NaN stays NaN).
    @inlinable
    public var halfBits: UInt16 {
        let bits = bitPattern
        let sign = UInt16(bits >> 16 & 0x8000)
        if isNaN { return sign | 0x7E00 }
        let magnitude = abs(self)
        if magnitude >= 65520 { return sign | 0x7C00 }
        if magnitude < 0x1p-14 {
            // Subnormal half: round magnitude / 2^-24 to an integer, ties to even.
            let q = (magnitude * 0x1p24).rounded(.toNearestOrEven)
            return sign | UInt16(q)
        }
        let exponent = Int(bits >> 23 & 0xFF) - 127 + 15
        var mantissa = bits & 0x7F_FFFF
        var e = UInt32(exponent)
        // Round the 23-bit mantissa to 10 bits, ties to even.
        let dropped = mantissa & 0x1FFF
        mantissa >>= 13
        if dropped > 0x1000 || (dropped == 0x1000 && mantissa & 1 == 1) {
            mantissa += 1
            if mantissa == 0x400 {
                mantissa = 0
                e += 1
            }
        }
        return sign | UInt16(e << 10) | UInt16(mantissa)
    }
}
