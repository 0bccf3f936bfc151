/// A room name placed at a floor-plan point; the simulation emits it as a `ScanLabel` when the
/// camera enters the room containing the point.
public struct SceneLabel: Sendable, Equatable, Codable {
    /// The text (e.g. "Kitchen").
    public var text: String
    /// The floor-plan point `[x, z]`, metres.
    public var position: SIMD2<Float>

    /// Creates a label.
    public init(text: String, position: SIMD2<Float>) {
        self.text = text
        self.position = position
    }
}
