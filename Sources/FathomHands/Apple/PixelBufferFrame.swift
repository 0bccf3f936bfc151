#if canImport(CoreML) && canImport(Vision) && canImport(CoreVideo) && canImport(ImageIO)
import CoreVideo

/// A camera pixel buffer handed to `VisionSegmentationModel`.
///
/// `CVPixelBuffer` is not `Sendable`; the wrapper promises that the buffer is not written to while an
/// inference reads it (ARKit's captured images are not reused while referenced).
public struct PixelBufferFrame: @unchecked Sendable {
    /// The camera image.
    public let pixelBuffer: CVPixelBuffer

    /// Wraps a pixel buffer.
    public init(_ pixelBuffer: CVPixelBuffer) { self.pixelBuffer = pixelBuffer }
}
#endif
