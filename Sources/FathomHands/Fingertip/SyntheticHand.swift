import FathomCore

/// A synthetic hand silhouette for simulated frames, tests, benchmarks and demos: a union of simple
/// shapes in continuous reference-image coordinates, rasterised into a mask at any resolution.
///
/// Reference coordinates are pixels of a reference image of `referenceWidth` × `referenceHeight`
/// measured from its top-left corner (pixel `k` spans `k…k + 1`), so a camera pixel `(u, v)` in
/// FathomCore's convention (centre at the integer) is the point `(u + 0.5, v + 0.5)`.
public struct SyntheticHand: Sendable, Hashable {
    /// One filled shape of the silhouette, in reference pixels.
    public enum Shape: Sendable, Hashable {
        /// An axis-aligned ellipse.
        case ellipse(center: SIMD2<Float>, radii: SIMD2<Float>)
        /// The points within `radius` of the segment `from`–`to` (a finger).
        case capsule(from: SIMD2<Float>, to: SIMD2<Float>, radius: Float)
        /// An axis-aligned rectangle `min…max`.
        case rectangle(min: SIMD2<Float>, max: SIMD2<Float>)
    }

    /// The reference image width, pixels.
    public var referenceWidth: Float
    /// The reference image height, pixels.
    public var referenceHeight: Float
    /// The shapes whose union is the hand.
    public var shapes: [Shape]

    /// Creates a silhouette over a reference image of the given size (pixels, positive).
    public init(referenceWidth: Float, referenceHeight: Float, shapes: [Shape]) {
        precondition(referenceWidth > 0 && referenceHeight > 0, "reference size must be positive")
        self.referenceWidth = referenceWidth
        self.referenceHeight = referenceHeight
        self.shapes = shapes
    }

    /// A palm with one extended finger whose outermost point is `tip` (reference pixels); the finger
    /// points along `direction` (reference pixels, need not be unit), is `fingerLength` long from the
    /// palm's edge region to the tip and `fingerRadius` thick; the palm is a disc of `palmRadius`.
    public static func pointing(
        tip: SIMD2<Float>, direction: SIMD2<Float>, fingerLength: Float, fingerRadius: Float,
        palmRadius: Float, referenceWidth: Float, referenceHeight: Float
    ) -> SyntheticHand {
        let len = (direction * direction).sum().squareRoot()
        precondition(len > 0, "finger direction must not be zero")
        let d = direction / len
        let capEnd = tip - d * fingerRadius
        let base = tip - d * fingerLength
        let palm = base - d * (palmRadius * 0.8)
        return SyntheticHand(
            referenceWidth: referenceWidth, referenceHeight: referenceHeight,
            shapes: [
                .capsule(from: base, to: capEnd, radius: fingerRadius),
                .ellipse(center: palm, radii: SIMD2(repeating: palmRadius)),
            ])
    }

    /// The silhouette translated by `offset` reference pixels.
    public func translated(by offset: SIMD2<Float>) -> SyntheticHand {
        var out = self
        out.shapes = shapes.map {
            switch $0 {
            case let .ellipse(c, r): .ellipse(center: c + offset, radii: r)
            case let .capsule(a, b, r): .capsule(from: a + offset, to: b + offset, radius: r)
            case let .rectangle(lo, hi): .rectangle(min: lo + offset, max: hi + offset)
            }
        }
        return out
    }

    /// Whether the reference point `q` lies in the silhouette.
    public func contains(_ q: SIMD2<Float>) -> Bool {
        for shape in shapes {
            switch shape {
            case let .ellipse(c, r):
                let e = (q - c) / r
                if (e * e).sum() <= 1 { return true }
            case let .capsule(a, b, r):
                let ab = b - a, aq = q - a
                let l2 = (ab * ab).sum()
                let t = l2 > 0 ? min(1, max(0, (aq * ab).sum() / l2)) : 0
                let off = aq - ab * t
                if (off * off).sum() <= r * r { return true }
            case let .rectangle(lo, hi):
                if q.x >= lo.x && q.x <= hi.x && q.y >= lo.y && q.y <= hi.y { return true }
            }
        }
        return false
    }

    /// The reference-pixel bounding box of a shape.
    static func bounds(of shape: Shape) -> (min: SIMD2<Float>, max: SIMD2<Float>) {
        switch shape {
        case let .ellipse(c, r): (c - r, c + r)
        case let .capsule(a, b, r): (pointwiseMin(a, b) - r, pointwiseMax(a, b) + r)
        case let .rectangle(lo, hi): (lo, hi)
        }
    }

    /// The mask at `width` × `height` pixels: 255 where a pixel's centre lies in the silhouette
    /// (the reference image stretched to the mask, as Vision's scale-fill does), 0 elsewhere.
    public func mask(width: Int, height: Int) -> GrayImage {
        var image = GrayImage(width: width, height: height, repeating: 0)
        guard width > 0, height > 0 else { return image }
        let sx = referenceWidth / Float(width), sy = referenceHeight / Float(height)
        for shape in shapes {
            // Only the pixels whose centres fall in the shape's bounding box can be inside it.
            let box = Self.bounds(of: shape)
            let x0 = max(0, Int((box.min.x / sx - 0.5).rounded(.down))), x1 = min(width - 1, Int((box.max.x / sx).rounded(.up)))
            let y0 = max(0, Int((box.min.y / sy - 0.5).rounded(.down))), y1 = min(height - 1, Int((box.max.y / sy).rounded(.up)))
            guard x0 <= x1, y0 <= y1 else { continue }
            let single = SyntheticHand(referenceWidth: referenceWidth, referenceHeight: referenceHeight, shapes: [shape])
            for y in y0...y1 {
                for x in x0...x1 where image[x, y] == 0 && single.contains(SIMD2((Float(x) + 0.5) * sx, (Float(y) + 0.5) * sy)) {
                    image[x, y] = 255
                }
            }
        }
        return image
    }
}
