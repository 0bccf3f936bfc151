/// One LiDAR depth reading: depth and confidence maps of the same size (256×192 on iPhones).
public struct DepthFrame: Sendable, Equatable {
    /// The camera frame this reading belongs to.
    public var frameNumber: Int
    /// Capture time, seconds.
    public var timestamp: Double
    /// Depth along −Z, metres; 0 or NaN = no reading.
    public var depth: DepthMap
    /// Confidence per sample, 0/1/2.
    public var confidence: ConfidenceMap

    /// Creates a depth frame; the two maps must have the same size.
    public init(frameNumber: Int, timestamp: Double, depth: DepthMap, confidence: ConfidenceMap) {
        precondition(depth.width == confidence.width && depth.height == confidence.height,
                     "depth and confidence maps must have the same size")
        self.frameNumber = frameNumber
        self.timestamp = timestamp
        self.depth = depth
        self.confidence = confidence
    }

    /// Width of the maps, pixels.
    public var width: Int { depth.width }
    /// Height of the maps, pixels.
    public var height: Int { depth.height }
}

/// One camera image, downsampled from the full-resolution capture (same field of view).
public struct ColorFrame: Sendable, Equatable {
    /// The camera frame this image belongs to.
    public var frameNumber: Int
    /// Capture time, seconds.
    public var timestamp: Double
    /// The pixels.
    public var image: ColorImage

    /// Creates a colour frame.
    public init(frameNumber: Int, timestamp: Double, image: ColorImage) {
        self.frameNumber = frameNumber
        self.timestamp = timestamp
        self.image = image
    }
}

/// A camera image in one of the recorded pixel formats.
public enum ColorImage: Sendable, Equatable {
    /// Bi-planar YCbCr 4:2:0, full range.
    case ycbcr(YCbCrImage)
    /// 8-bit RGB.
    case rgb(RGBImage)

    /// Width, pixels.
    public var width: Int {
        switch self {
        case let .ycbcr(i): i.width
        case let .rgb(i): i.width
        }
    }

    /// Height, pixels.
    public var height: Int {
        switch self {
        case let .ycbcr(i): i.height
        case let .rgb(i): i.height
        }
    }

    /// The colour (0…1) at pixel (x, y), which must be in range.
    @inlinable
    public func rgb(x: Int, y: Int) -> SIMD3<Float> {
        switch self {
        case let .ycbcr(i): i.rgb(x: x, y: y)
        case let .rgb(i): i[x, y].unit
        }
    }
}

/// One frame's raw feature points (ARKit's `rawFeaturePoints`), world space.
public struct FeaturePointFrame: Sendable, Equatable {
    /// The camera frame these points belong to.
    public var frameNumber: Int
    /// Capture time, seconds.
    public var timestamp: Double
    /// Feature identifiers, one per point; the same identifier across frames is the same feature.
    public var identifiers: [UInt64]
    /// Positions, metres, world space.
    public var positions: [SIMD3<Float>]

    /// Creates a feature-point frame; the arrays must have equal length.
    public init(frameNumber: Int, timestamp: Double, identifiers: [UInt64], positions: [SIMD3<Float>]) {
        precondition(identifiers.count == positions.count, "one identifier per feature point")
        self.frameNumber = frameNumber
        self.timestamp = timestamp
        self.identifiers = identifiers
        self.positions = positions
    }
}

/// A text label attached to a moment of a scan (e.g. a room name said aloud).
public struct ScanLabel: Sendable, Equatable, Codable {
    /// When it was said, seconds.
    public var timestamp: Double
    /// The frame current at that time.
    public var frameNumber: Int
    /// The text.
    public var text: String

    /// Creates a label.
    public init(timestamp: Double, frameNumber: Int, text: String) {
        self.timestamp = timestamp
        self.frameNumber = frameNumber
        self.text = text
    }
}
