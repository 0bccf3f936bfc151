/// A fixed point on a true surface that the feature tracker can see: a textured spot.
public struct Landmark: Sendable, Equatable {
    /// Stable feature identifier (`ScanSimulation.landmarkIdentifierBase` + index).
    public var identifier: UInt64
    /// Position on the surface, world metres.
    public var position: SIMD3<Float>
    /// Unit surface normal, outward (for shell surfaces: as stored; visibility checks both sides).
    public var normal: SIMD3<Float>
    /// The surface it lies on (index into `SimulatedScene.surfaces`).
    public var surfaceID: Int
}
