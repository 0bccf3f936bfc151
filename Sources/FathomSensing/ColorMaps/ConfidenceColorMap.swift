import FathomCore

/// Confidence pictures as Apple's sample draws them: low red, medium green, high blue.
public enum ConfidenceColorMap {
    /// The colour of a raw confidence value: 0 red, 1 green, 2 blue, anything else black.
    @inlinable
    public static func color(_ value: UInt8) -> RGB8 {
        switch value {
        case ConfidenceLevel.low.rawValue: RGB8(r: 255, g: 0, b: 0)
        case ConfidenceLevel.medium.rawValue: RGB8(r: 0, g: 255, b: 0)
        case ConfidenceLevel.high.rawValue: RGB8(r: 0, g: 0, b: 255)
        default: .black
        }
    }

    /// The picture of a confidence map, one pixel per sample.
    public static func image(of confidence: ConfidenceMap) -> RGBImage { confidence.map(color) }
}
