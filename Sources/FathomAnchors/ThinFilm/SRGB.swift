import Foundation

/// The sRGB colour space (IEC 61966-2-1): D65 white point, Rec. 709 primaries, piecewise gamma.
public enum SRGB {
    /// Rows of the matrix from CIE XYZ (D65, Y = 1 for white) to linear sRGB, derived from the sRGB
    /// primaries' and white point's chromaticities.
    public static let linearFromXYZRows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) = (
        SIMD3(3.240_454_2, -1.537_138_5, -0.498_531_4),
        SIMD3(-0.969_266_0, 1.876_010_8, 0.041_556_0),
        SIMD3(0.055_643_4, -0.204_025_9, 1.057_225_2)
    )

    /// Linear sRGB (unclipped: out-of-gamut colours have a negative channel) of a CIE XYZ colour.
    @inlinable
    public static func linear(fromXYZ xyz: SIMD3<Double>) -> SIMD3<Double> {
        let m = linearFromXYZRows
        return SIMD3((m.0 * xyz).sum(), (m.1 * xyz).sum(), (m.2 * xyz).sum())
    }

    /// The sRGB transfer function: a linear channel value (0…1) to its gamma-encoded value (0…1).
    @inlinable
    public static func encode(_ linear: Double) -> Double {
        linear <= 0.003_130_8 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }

    /// The inverse transfer function: a gamma-encoded channel value (0…1) to linear.
    @inlinable
    public static func decode(_ encoded: Double) -> Double {
        encoded <= 0.040_45 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }

    /// Linear sRGB scaled into 0…1 as `scaling` says (still linear: what USD's `displayColor` and
    /// glTF's `COLOR_0` expect).
    @inlinable
    public static func scaled(_ linear: SIMD3<Double>, _ scaling: SRGBScaling) -> SIMD3<Double> {
        switch scaling {
        case .exposure(let factor):
            return (linear * factor).clamped(lowerBound: .zero, upperBound: .one)
        case .normalized:
            let positive = linear.replacing(with: 0, where: linear .< 0)
            let peak = positive.max()
            return peak > 0 ? positive / peak : .zero
        }
    }
}
