/// An 8-bit sRGB colour.
public struct RGB8: Hashable, Sendable, Codable {
    /// Red, 0…255.
    public var r: UInt8
    /// Green, 0…255.
    public var g: UInt8
    /// Blue, 0…255.
    public var b: UInt8

    /// Creates a colour.
    @inlinable
    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Creates a colour from components in 0…1, clamped and rounded.
    @inlinable
    public init(unit c: SIMD3<Float>) {
        @inline(__always) func q(_ v: Float) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        self.init(r: q(c.x), g: q(c.y), b: q(c.z))
    }

    /// The components in 0…1.
    public var unit: SIMD3<Float> { SIMD3(Float(r), Float(g), Float(b)) / 255 }

    /// Black.
    public static let black = RGB8(r: 0, g: 0, b: 0)
    /// White.
    public static let white = RGB8(r: 255, g: 255, b: 255)
}
