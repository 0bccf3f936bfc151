import FathomCore

/// A decoded OpenEXR image: named channels of 32-bit floats, all of one size (row 0 at the top).
///
/// Half-float channels are widened to `Float` exactly; unsigned-integer channels are converted to
/// `Float`. Channel names keep the file's (alphabetical) order.
public struct EXRImage: Sendable, Equatable {
    /// The sample type of a channel as stored in the file.
    public enum PixelType: Int32, Sendable, Equatable {
        /// 32-bit unsigned integer.
        case uint = 0
        /// 16-bit IEEE half float.
        case half = 1
        /// 32-bit IEEE float.
        case float = 2

        /// Bytes per sample.
        public var byteCount: Int { self == .half ? 2 : 4 }
    }

    /// One channel: its name, stored type and samples.
    public struct Channel: Sendable, Equatable {
        /// The channel's name (`R`, `Y`, `Z`, …).
        public var name: String
        /// The type its samples had in the file.
        public var pixelType: PixelType
        /// The samples, row-major, `width × height` of them.
        public var image: Image<Float>

        /// Creates a channel.
        public init(name: String, pixelType: PixelType, image: Image<Float>) {
            self.name = name
            self.pixelType = pixelType
            self.image = image
        }
    }

    /// Width of the data window, pixels.
    public var width: Int
    /// Height of the data window, pixels.
    public var height: Int
    /// The channels, in the file's order.
    public var channels: [Channel]

    /// Creates an image; every channel must be `width × height`.
    public init(width: Int, height: Int, channels: [Channel]) {
        precondition(channels.allSatisfy { $0.image.width == width && $0.image.height == height },
                     "every EXR channel must have the image's size")
        self.width = width
        self.height = height
        self.channels = channels
    }

    /// The channel named `name`, if present.
    public func channel(named name: String) -> Channel? { channels.first { $0.name == name } }
}
