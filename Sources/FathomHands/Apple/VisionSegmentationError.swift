#if canImport(CoreML) && canImport(Vision) && canImport(CoreVideo) && canImport(ImageIO)

/// Errors of `VisionSegmentationModel`.
public enum VisionSegmentationError: Error, Equatable, CustomStringConvertible {
    /// The Core ML model did not produce an image (`VNPixelBufferObservation`).
    case notAnImageOutput
    /// The mask's pixel format (a four-character code) is not one-component 8-bit, 32-bit float or
    /// 32-bit BGRA.
    case unsupportedPixelFormat(UInt32)
    /// The mask's pixels could not be read.
    case unreadableMask

    public var description: String {
        switch self {
        case .notAnImageOutput: "segmentation model output is not an image (VNPixelBufferObservation)"
        case let .unsupportedPixelFormat(f): "segmentation mask pixel format \(f) is not supported"
        case .unreadableMask: "segmentation mask pixel buffer could not be read"
        }
    }
}
#endif
