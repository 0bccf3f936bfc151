import FathomCore

/// A fingertip found in a hand mask.
public struct Fingertip: Hashable, Sendable, Codable {
    /// The fingertip in displayed normalized coordinates (0…1, origin top-left of the displayed image,
    /// pixel centres at `(i + 0.5) / size`): the screen point, independent of the mask's resolution.
    public var normalized: SIMD2<Float>
    /// The fingertip's pixel in the mask as stored (column, row).
    public var pixel: SIMD2<Int>
    /// How many robust hand pixels (hand pixels whose four neighbours are hand pixels) the mask holds.
    public var robustPixelCount: Int

    /// Creates a fingertip record.
    public init(normalized: SIMD2<Float>, pixel: SIMD2<Int>, robustPixelCount: Int) {
        self.normalized = normalized
        self.pixel = pixel
        self.robustPixelCount = robustPixelCount
    }

    /// The fingertip in a view of `width` × `height` points that shows the whole displayed image
    /// stretched to fit (Vision's `VNImagePointForNormalizedPoint` with a top-left origin).
    public func viewPoint(width: Float, height: Float) -> SIMD2<Float> {
        normalized * SIMD2(width, height)
    }

    /// The fingertip in the stored camera image's normalized coordinates, given how that image is
    /// displayed (`.right` for a portrait screen over the landscape sensor image).
    public func cameraNormalized(displayOrientation: ImageOrientation) -> SIMD2<Float> {
        displayOrientation.storedNormalized(fromDisplayed: normalized)
    }
}
