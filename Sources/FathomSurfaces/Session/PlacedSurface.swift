/// A surface captured from the live preview and placed in the scene.
public struct PlacedSurface: Sendable, Hashable, Identifiable {
    /// A number unique within its session, increasing in capture order.
    public var id: Int
    /// The surface.
    public var surface: FoundSurface
    /// The point-buffer generation its inlier indices refer to (see
    /// `SurfaceDetectionSession.pointGeneration`).
    public var pointGeneration: Int
}
