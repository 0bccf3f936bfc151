/// A surface's colour and texture, as the camera image renders it.
public struct SurfaceMaterial: Sendable, Equatable {
    /// Linear RGB colour, 0…1.
    public var color: SIMD3<Float>
    /// The procedural texture.
    public var texture: SurfaceTexture

    /// Creates a material.
    public init(color: SIMD3<Float>, texture: SurfaceTexture) {
        self.color = color
        self.texture = texture
    }

    /// The colour names accepted in scene descriptions.
    public static let namedColors: [String: SIMD3<Float>] = [
        "white": SIMD3(0.88, 0.87, 0.84), "grey": SIMD3(0.55, 0.55, 0.57), "gray": SIMD3(0.55, 0.55, 0.57),
        "black": SIMD3(0.08, 0.08, 0.09), "red": SIMD3(0.78, 0.18, 0.15), "green": SIMD3(0.25, 0.6, 0.3),
        "blue": SIMD3(0.2, 0.35, 0.75), "yellow": SIMD3(0.9, 0.8, 0.2), "orange": SIMD3(0.92, 0.5, 0.15),
        "brown": SIMD3(0.45, 0.3, 0.18), "wood": SIMD3(0.65, 0.47, 0.3), "beige": SIMD3(0.82, 0.76, 0.62),
        "teal": SIMD3(0.15, 0.55, 0.55), "purple": SIMD3(0.5, 0.3, 0.6),
    ]

    /// The albedo (0…1) at a world point: the colour modulated by the texture.
    @inlinable
    public func albedo(at p: SIMD3<Float>) -> SIMD3<Float> {
        switch texture {
        case .plain:
            return color
        case .speckle:
            let cell = SIMD3<Int32>(
                Int32(truncatingIfNeeded: Int((p.x / 0.03).rounded(.down))),
                Int32(truncatingIfNeeded: Int((p.y / 0.03).rounded(.down))),
                Int32(truncatingIfNeeded: Int((p.z / 0.03).rounded(.down))))
            return color * (0.8 + 0.4 * SurfaceMaterial.hashUnit(cell))
        case .checker:
            let s: Float = 0.25
            let k = Int((p.x / s).rounded(.down)) + Int((p.y / s).rounded(.down)) + Int((p.z / s).rounded(.down))
            return k & 1 == 0 ? color : color * 0.7
        case .planks:
            let plank = Int32(truncatingIfNeeded: Int((p.z / 0.15).rounded(.down)))
            let grain = Int32(truncatingIfNeeded: Int((p.x / 0.02).rounded(.down)))
            let b =
                0.8 + 0.3 * SurfaceMaterial.hashUnit(SIMD3(plank, 7, 1))
                + 0.08 * SurfaceMaterial.hashUnit(SIMD3(plank, grain, 3))
            return color * b
        }
    }

    /// A hash of an integer cell to 0…1.
    @inlinable
    static func hashUnit(_ c: SIMD3<Int32>) -> Float {
        var h =
            UInt32(bitPattern: c.x) &* 0x8DA6_B343 ^ UInt32(bitPattern: c.y) &* 0xD816_3841
            ^ UInt32(bitPattern: c.z) &* 0xCB1A_B31F
        h ^= h >> 13
        h = h &* 0x5BD1_E995
        h ^= h >> 15
        return Float(h & 0xFFFF) / 65535
    }

    /// The material for a colour name and texture; `nil` for an unknown name.
    public init?(named name: String, texture: SurfaceTexture) {
        guard let c = SurfaceMaterial.namedColors[name.lowercased()] else { return nil }
        self.init(color: c, texture: texture)
    }
}
