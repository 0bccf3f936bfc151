/// A procedural texture that modulates a surface's colour in the camera image.
public enum SurfaceTexture: String, Sendable, Codable, CaseIterable {
    /// Uniform colour.
    case plain
    /// Random brightness per 3 cm cell (±20%): the default, gives trackable detail.
    case speckle
    /// A 3D checkerboard of 0.25 m cells, 30% darker squares.
    case checker
    /// Planks 0.15 m wide along x with per-plank brightness (floors).
    case planks
}
