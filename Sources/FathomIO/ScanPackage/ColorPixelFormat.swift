/// The pixel format of `colorFrames.bin`.
public enum ColorPixelFormat: UInt32, Sendable, CaseIterable {
    /// Bi-planar YCbCr 4:2:0, full range: a Y plane, then interleaved CbCr at half resolution.
    case ycbcr420 = 1
    /// 8-bit RGB, 3 bytes per pixel.
    case rgb8 = 2

    /// The bytes of one image of `width × height` pixels.
    public func byteCount(width: Int, height: Int) -> Int {
        switch self {
        case .ycbcr420: width * height + (width / 2) * (height / 2) * 2
        case .rgb8: width * height * 3
        }
    }
}
