/// Derives independent generators per frame and per sensor from one seed, so that any frame can be
/// rendered on its own and gives the same result.
public enum FrameSeed {
    /// The random stream of one sensor.
    public enum Stream: UInt64, Sendable {
        /// LiDAR noise, dropouts.
        case depth = 1
        /// Feature detection, noise, spurious points.
        case features = 2
        /// Camera image noise.
        case image = 3
        /// Landmark placement (frame-independent).
        case landmarks = 4
    }

    /// A generator for `(seed, frameNumber, stream)`.
    public static func generator(seed: UInt64, frameNumber: Int, stream: Stream) -> SeededGenerator {
        var x = seed ^ 0x5851_F42D_4C95_7F2D
        x = mix(x &+ UInt64(bitPattern: Int64(frameNumber)) &* 0x9E37_79B9_7F4A_7C15)
        x = mix(x ^ stream.rawValue &* 0xD6E8_FEB8_6659_FD93)
        return SeededGenerator(seed: x)
    }

    static func mix(_ v: UInt64) -> UInt64 {
        var z = v
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
