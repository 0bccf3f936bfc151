import FathomCore

/// A decoded 8-bit image: gray or colour, as stored in the file (alpha is discarded).
public enum DecodedImage: Sendable, Equatable {
    /// One channel (PNG gray or gray+alpha, PGM).
    case gray(GrayImage)
    /// Three channels (PNG RGB, RGBA or palette, PPM).
    case rgb(RGBImage)

    /// Width, pixels.
    public var width: Int {
        switch self {
        case let .gray(g): g.width
        case let .rgb(c): c.width
        }
    }

    /// Height, pixels.
    public var height: Int {
        switch self {
        case let .gray(g): g.height
        case let .rgb(c): c.height
        }
    }

    /// The image as gray: colour converted by Rec. 601 luma (0.299 R + 0.587 G + 0.114 B, rounded).
    public var grayImage: GrayImage {
        switch self {
        case let .gray(g): g
        case let .rgb(c): c.map(DecodedImage.luma)
        }
    }

    /// The image as RGB: gray repeated in each channel.
    public var rgbImage: RGBImage {
        switch self {
        case let .gray(g): g.map { RGB8(r: $0, g: $0, b: $0) }
        case let .rgb(c): c
        }
    }

    /// Rec. 601 luma of an sRGB colour, rounded to the nearest integer.
    @inlinable
    public static func luma(_ c: RGB8) -> UInt8 {
        let r: UInt32 = 299 * UInt32(c.r), g: UInt32 = 587 * UInt32(c.g), b: UInt32 = 114 * UInt32(c.b)
        return UInt8((r + g + b + 500) / 1000)
    }
}
