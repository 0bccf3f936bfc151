import FathomCore

/// How a stored image (the camera sensor's landscape raster, or a mask computed from it) is turned to be
/// displayed, named and numbered as Vision's and ImageIO's `CGImagePropertyOrientation` (mirrored cases
/// omitted).
///
/// Normalized coordinates span the whole image, 0…1 on both axes with the origin at the top-left corner
/// (the centre of pixel column `x` of a `width`-pixel image is at `(x + 0.5) / width`). The mapping
/// between displayed and stored normalized coordinates is:
///
/// | case     | displayed from stored `(xs, ys)` | stored from displayed `(xd, yd)` |
/// |----------|----------------------------------|----------------------------------|
/// | `.up`    | `(xs, ys)`                       | `(xd, yd)`                       |
/// | `.right` | `(1 − ys, xs)`                   | `(yd, 1 − xd)`                   |
/// | `.down`  | `(1 − xs, 1 − ys)`               | `(1 − xd, 1 − yd)`               |
/// | `.left`  | `(ys, 1 − xs)`                   | `(1 − yd, xd)`                   |
///
/// `.right` is a portrait screen showing a back camera's landscape image: the stored image is turned
/// 90° clockwise for display, so its top row becomes the screen's right column and its left column
/// becomes the screen's top row.
public enum ImageOrientation: UInt32, Sendable, Hashable, CaseIterable, Codable {
    /// Displayed as stored.
    case up = 1
    /// Turned 180° for display.
    case down = 3
    /// Turned 90° counter-clockwise for display (stored left column shown at the bottom).
    case left = 8
    /// Turned 90° clockwise for display (stored left column shown at the top): portrait UI over the
    /// landscape sensor image.
    case right = 6

    /// Whether width and height swap between the stored and the displayed image.
    @inlinable
    public var swapsAxes: Bool { self == .left || self == .right }

    /// The displayed size, pixels, of a stored image of `width` × `height` pixels.
    @inlinable
    public func displayedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// The displayed normalized point of a stored normalized point.
    @inlinable
    public func displayedNormalized(fromStored p: SIMD2<Float>) -> SIMD2<Float> {
        switch self {
        case .up: p
        case .right: SIMD2(1 - p.y, p.x)
        case .down: SIMD2(1 - p.x, 1 - p.y)
        case .left: SIMD2(p.y, 1 - p.x)
        }
    }

    /// The stored normalized point shown at a displayed normalized point.
    @inlinable
    public func storedNormalized(fromDisplayed p: SIMD2<Float>) -> SIMD2<Float> {
        switch self {
        case .up: p
        case .right: SIMD2(p.y, 1 - p.x)
        case .down: SIMD2(1 - p.x, 1 - p.y)
        case .left: SIMD2(1 - p.y, p.x)
        }
    }

    /// The stored pixel shown at displayed pixel (`x`, `y`) of a stored image of `width` × `height`
    /// pixels (the displayed image is `displayedSize(width:height:)`).
    @inlinable
    public func storedPixel(displayedX x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (x, y)
        case .right: (y, height - 1 - x)
        case .down: (width - 1 - x, height - 1 - y)
        case .left: (width - 1 - y, x)
        }
    }

    /// The displayed pixel at which stored pixel (`x`, `y`) of a `width` × `height` image is shown.
    @inlinable
    public func displayedPixel(storedX x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (x, y)
        case .right: (height - 1 - y, x)
        case .down: (width - 1 - x, height - 1 - y)
        case .left: (y, width - 1 - x)
        }
    }

    /// The stored image turned for display (pixel for pixel).
    public func displayed<Pixel>(_ image: Image<Pixel>) -> Image<Pixel> {
        let size = displayedSize(width: image.width, height: image.height)
        var pixels: [Pixel] = []
        pixels.reserveCapacity(image.count)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let s = storedPixel(displayedX: x, y: y, width: image.width, height: image.height)
                pixels.append(image[s.x, s.y])
            }
        }
        return Image(width: size.width, height: size.height, pixels: pixels)!
    }
}
