/// A reflected colour in CIE 1931 XYZ under illuminant D65, normalised so that a perfect white
/// reflector has Y = 1 (so Y is the luminous reflectance, 0…1).
public struct FilmColor: Sendable, Equatable {
    /// Tristimulus values X, Y, Z (Y = 1 for a perfect white reflector).
    public var xyz: SIMD3<Double>

    /// Creates a colour from its tristimulus values.
    @inlinable
    public init(xyz: SIMD3<Double>) { self.xyz = xyz }

    /// Chromaticity (x, y) = (X, Y)/(X + Y + Z); `nil` for black (X + Y + Z ≤ 0), which has none.
    @inlinable
    public var chromaticity: SIMD2<Double>? {
        let sum = xyz.sum()
        guard sum > 0 else { return nil }
        return SIMD2(xyz.x / sum, xyz.y / sum)
    }

    /// Linear sRGB, unclipped (white is (1, 1, 1); saturated film colours may have a negative channel).
    @inlinable
    public var linearSRGB: SIMD3<Double> { SRGB.linear(fromXYZ: xyz) }

    /// Linear sRGB brought into 0…1 by `scaling` (exposure and clipping, or normalisation).
    @inlinable
    public func linearSRGB(_ scaling: SRGBScaling) -> SIMD3<Double> { SRGB.scaled(linearSRGB, scaling) }

    /// Gamma-encoded sRGB, each channel 0…1: the linear colour brought into range by `scaling`, then
    /// the sRGB transfer function. This is the `srgb` of `fathom thinfilm --json`.
    @inlinable
    public func encodedSRGB(_ scaling: SRGBScaling = .exposure(1)) -> SIMD3<Double> {
        let l = linearSRGB(scaling)
        return SIMD3(SRGB.encode(l.x), SRGB.encode(l.y), SRGB.encode(l.z))
    }
}
