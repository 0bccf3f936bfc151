/// A row-major raster of pixels: row 0 at the top, `pixels[y * width + x]`.
///
/// The aliases `DepthMap` (Float32 metres), `ConfidenceMap` (0/1/2), `GrayImage` and `RGBImage` name
/// the kinds AR apps use; `YCbCrImage` is the camera's bi-planar format.
public struct Image<Pixel: Sendable>: Sendable {
    /// Width, pixels.
    public let width: Int
    /// Height, pixels.
    public let height: Int
    /// The pixels, row-major, `width * height` of them.
    public var pixels: [Pixel]

    /// An image filled with `value`. Width and height must not be negative.
    public init(width: Int, height: Int, repeating value: Pixel) {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        self.width = width
        self.height = height
        pixels = Array(repeating: value, count: width * height)
    }

    /// An image over existing pixels; `nil` unless `pixels.count == width * height`.
    public init?(width: Int, height: Int, pixels: [Pixel]) {
        guard width >= 0, height >= 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y` (both must be in range).
    @inlinable
    public subscript(x: Int, y: Int) -> Pixel {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The number of pixels.
    public var count: Int { width * height }

    /// Whether (x, y) lies inside the image.
    @inlinable
    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// An image of the same size with `transform` applied to every pixel.
    public func map<T>(_ transform: (Pixel) throws -> T) rethrows -> Image<T> {
        Image<T>(width: width, height: height, pixels: try pixels.map(transform))!
    }
}

extension Image: Equatable where Pixel: Equatable {}

/// LiDAR depth, metres along the camera's −Z axis; 0 or NaN means no reading.
public typealias DepthMap = Image<Float>
/// LiDAR confidence per depth sample: 0 low, 1 medium, 2 high (`ConfidenceLevel`).
public typealias ConfidenceMap = Image<UInt8>
/// 8-bit luminance.
public typealias GrayImage = Image<UInt8>
/// 8-bit RGB.
public typealias RGBImage = Image<RGB8>
