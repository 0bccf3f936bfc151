/// An axis-aligned box, metres.
public struct BoundingBox: Hashable, Sendable {
    /// The corner with the smallest coordinates.
    public var min: SIMD3<Float>
    /// The corner with the largest coordinates.
    public var max: SIMD3<Float>

    /// Creates a box from its corners (`min ≤ max` component-wise is not checked).
    public init(min: SIMD3<Float>, max: SIMD3<Float>) {
        self.min = min
        self.max = max
    }

    /// The smallest box containing every finite point, or `nil` when there is none.
    public init?<C: Collection>(points: C) where C.Element == SIMD3<Float> {
        var lo = SIMD3<Float>(repeating: .infinity), hi = SIMD3<Float>(repeating: -.infinity)
        var any = false
        for p in points where p.isFinite {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
            any = true
        }
        guard any else { return nil }
        self.init(min: lo, max: hi)
    }

    /// The size along each axis.
    public var size: SIMD3<Float> { max - min }
    /// The centre.
    public var center: SIMD3<Float> { (min + max) / 2 }

    /// Whether `p` lies inside or on the box.
    public func contains(_ p: SIMD3<Float>) -> Bool {
        all(p .>= min) && all(p .<= max)
    }

    /// The smallest box containing both.
    public func union(_ other: BoundingBox) -> BoundingBox {
        BoundingBox(min: pointwiseMin(min, other.min), max: pointwiseMax(max, other.max))
    }

    /// This box grown by `margin` on every side.
    public func expanded(by margin: Float) -> BoundingBox {
        BoundingBox(min: min - margin, max: max + margin)
    }
}
