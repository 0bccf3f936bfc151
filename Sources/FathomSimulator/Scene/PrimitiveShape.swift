/// The shape and size of a primitive object, metres. JSON: `{"type": "sphere", "radius": 0.12}`,
/// `{"type": "box", "size": [1, 0.7, 0.6]}`, `{"type": "cylinder", "radius": 0.05, "height": 1,
/// "capped": true}`, `{"type": "cone", "bottomRadius": 0.15, "topRadius": 0, "height": 0.3}`,
/// `{"type": "torus", "majorRadius": 0.2, "minorRadius": 0.04}`.
public enum PrimitiveShape: Sendable, Equatable {
    /// A box with edge lengths `size` (local x, y, z), centred on the local origin.
    case box(size: SIMD3<Float>)
    /// A sphere centred on the local origin.
    case sphere(radius: Float)
    /// A cylinder standing on the local origin along +Y; `capped` closes both ends with disks.
    case cylinder(radius: Float, height: Float, capped: Bool)
    /// A cone frustum standing on the local origin along +Y, radius `bottomRadius` at y = 0 and
    /// `topRadius` at y = `height` (0 = apex); `capped` closes the non-degenerate ends with disks.
    case cone(bottomRadius: Float, topRadius: Float, height: Float, capped: Bool)
    /// A torus centred on the local origin, axis +Y: mean-circle radius `majorRadius`, tube radius
    /// `minorRadius`.
    case torus(majorRadius: Float, minorRadius: Float)

    /// The primitive's type name as in JSON ("box", "sphere", …).
    public var typeName: String {
        switch self {
        case .box: "box"
        case .sphere: "sphere"
        case .cylinder: "cylinder"
        case .cone: "cone"
        case .torus: "torus"
        }
    }
}

extension PrimitiveShape: Codable {
    enum CodingKeys: String, CodingKey {
        case type, size, radius, height, capped, bottomRadius, topRadius, majorRadius, minorRadius
    }

    /// Decodes a shape from its `type` and parameters (`capped` defaults to true).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "box": self = .box(size: try c.decode(SIMD3<Float>.self, forKey: .size))
        case "sphere": self = .sphere(radius: try c.decode(Float.self, forKey: .radius))
        case "cylinder":
            self = .cylinder(
                radius: try c.decode(Float.self, forKey: .radius), height: try c.decode(Float.self, forKey: .height),
                capped: try c.decodeIfPresent(Bool.self, forKey: .capped) ?? true)
        case "cone":
            self = .cone(
                bottomRadius: try c.decode(Float.self, forKey: .bottomRadius),
                topRadius: try c.decodeIfPresent(Float.self, forKey: .topRadius) ?? 0,
                height: try c.decode(Float.self, forKey: .height),
                capped: try c.decodeIfPresent(Bool.self, forKey: .capped) ?? true)
        case "torus":
            self = .torus(
                majorRadius: try c.decode(Float.self, forKey: .majorRadius),
                minorRadius: try c.decode(Float.self, forKey: .minorRadius))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown primitive type '\(type)'")
        }
    }

    /// Encodes the shape with its `type`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(typeName, forKey: .type)
        switch self {
        case .box(let size): try c.encode(size, forKey: .size)
        case .sphere(let r): try c.encode(r, forKey: .radius)
        case .cylinder(let r, let h, let capped):
            try c.encode(r, forKey: .radius)
            try c.encode(h, forKey: .height)
            try c.encode(capped, forKey: .capped)
        case .cone(let r0, let r1, let h, let capped):
            try c.encode(r0, forKey: .bottomRadius)
            try c.encode(r1, forKey: .topRadius)
            try c.encode(h, forKey: .height)
            try c.encode(capped, forKey: .capped)
        case .torus(let big, let small):
            try c.encode(big, forKey: .majorRadius)
            try c.encode(small, forKey: .minorRadius)
        }
    }
}
