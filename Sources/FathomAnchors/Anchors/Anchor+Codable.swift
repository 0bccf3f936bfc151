import FathomCore
import Foundation

extension Anchor: Codable {
    private enum CodingKeys: String, CodingKey { case id, worldFromAnchor, kind, createdAt, payload }

    /// Reads an anchor; `worldFromAnchor` is 16 numbers, column-major, and must be a rigid transform.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let numbers = try c.decode([Float].self, forKey: .worldFromAnchor)
        guard let matrix = Matrix4x4(columnMajor: numbers), let transform = RigidTransform(matrix)
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .worldFromAnchor, in: c,
                debugDescription: "worldFromAnchor must be 16 finite numbers forming a rigid transform")
        }
        self.init(
            id: try c.decode(UUID.self, forKey: .id), worldFromAnchor: transform,
            kind: try c.decode(String.self, forKey: .kind),
            createdAt: Date(timeIntervalSince1970: try c.decode(Double.self, forKey: .createdAt)),
            payload: try c.decodeIfPresent(AnchorPayload.self, forKey: .payload) ?? .null)
    }

    /// Writes an anchor: `createdAt` as seconds since 1970, the transform as 16 column-major numbers.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(worldFromAnchor.matrix.columnMajor, forKey: .worldFromAnchor)
        try c.encode(kind, forKey: .kind)
        try c.encode(createdAt.timeIntervalSince1970, forKey: .createdAt)
        try c.encode(payload, forKey: .payload)
    }
}
