import FathomCore

/// Depth pictures as Apple's sample draws them: depth divided by a maximum range through the "jet"
/// colour map (dark blue near, through cyan, yellow, to dark red far).
public struct DepthColorMap: Sendable, Hashable {
    /// Depth mapped to the top of the scale, metres; deeper samples saturate. Default 2.5 m (Apple's
    /// sample; the LiDAR reaches 5 m).
    public var maximumDepth: Float
    /// Colour of samples with no reading (0, negative, NaN). Default black.
    public var missingColor: RGB8

    /// Creates a colour map; a non-positive or non-finite `maximumDepth` becomes 2.5 m.
    public init(maximumDepth: Float = 2.5, missingColor: RGB8 = .black) {
        self.maximumDepth = maximumDepth.isFinite && maximumDepth > 0 ? maximumDepth : 2.5
        self.missingColor = missingColor
    }

    /// The jet colour of a value in 0…1 (clamped): r, g, b = clamp(1.5 − |4t − k|) for k = 3, 2, 1.
    @inlinable
    public static func jet(_ t: Float) -> RGB8 {
        let v = max(0, min(1, t))
        @inline(__always) func c(_ k: Float) -> Float { max(0, min(1, 1.5 - abs(4 * v - k))) }
        return RGB8(unit: SIMD3(c(3), c(2), c(1)))
    }

    /// The colour of one depth sample, metres.
    @inlinable
    public func color(depth: Float) -> RGB8 {
        guard depth > 0, depth.isFinite else { return missingColor }
        return Self.jet(depth / maximumDepth)
    }

    /// The picture of a depth map, one pixel per sample.
    public func image(of depth: DepthMap) -> RGBImage { depth.map { color(depth: $0) } }
}
