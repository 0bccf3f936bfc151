#if canImport(CoreML) && canImport(Vision) && canImport(CoreVideo) && canImport(ImageIO)
import CoreML
import CoreVideo
import FathomCore
import Foundation
import ImageIO
import Vision

/// A Core ML image-to-image segmentation model run through Vision (ARML's `HandDetector`).
///
/// The input is stretched to the model's input size (`scaleFill`) after being turned by
/// `orientation`; the mask comes back at the model's output resolution, in the *turned* orientation.
/// With `orientation: .right` (portrait UI over the landscape sensor image) the mask is therefore
/// upright: detect fingertips in it with `FingertipDetector.Configuration(orientation: .up)` and map
/// them to the camera with `TouchConfiguration(displayOrientation: .right)`.
///
/// Output formats read: one-component 8-bit (hand ≥ 128), one-component 32-bit float (probability
/// 0…1, scaled to 0…255) and 32-bit BGRA (the blue byte).
public final class VisionSegmentationModel: SegmentationModel, @unchecked Sendable {
    /// The frames this model reads.
    public typealias Input = PixelBufferFrame

    /// How the input is turned before the model sees it.
    public let orientation: ImageOrientation
    private let model: VNCoreMLModel
    private let queue = DispatchQueue(label: "fathom.hands.vision")

    /// Wraps a compiled Core ML model.
    /// - Throws: Vision's error when the model cannot be used as an image model.
    public init(model: MLModel, orientation: ImageOrientation = .right) throws {
        self.model = try VNCoreMLModel(for: model)
        self.orientation = orientation
    }

    /// The hand mask of `input`; Vision runs on a private serial queue, off the caller's task.
    public func segment(_ input: PixelBufferFrame) async throws -> GrayImage {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<GrayImage, any Error>) in
            queue.async { [self] in
                do {
                    let request = VNCoreMLRequest(model: self.model)
                    request.imageCropAndScaleOption = .scaleFill
                    let handler = VNImageRequestHandler(
                        cvPixelBuffer: input.pixelBuffer,
                        orientation: CGImagePropertyOrientation(rawValue: self.orientation.rawValue) ?? .up,
                        options: [:])
                    try handler.perform([request])
                    guard let observation = request.results?.first as? VNPixelBufferObservation else {
                        throw VisionSegmentationError.notAnImageOutput
                    }
                    continuation.resume(returning: try Self.grayImage(from: observation.pixelBuffer))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Copies a mask pixel buffer into a `GrayImage`.
    static func grayImage(from buffer: CVPixelBuffer) throws -> GrayImage {
        let format = CVPixelBufferGetPixelFormatType(buffer)
        guard format == kCVPixelFormatType_OneComponent8 || format == kCVPixelFormatType_OneComponent32Float
            || format == kCVPixelFormatType_32BGRA
        else { throw VisionSegmentationError.unsupportedPixelFormat(format) }
        CVPixelBufferLockBaseAddress(buffer, .readOnly)
        defer { CVPixelBufferUnlockBaseAddress(buffer, .readOnly) }
        guard let base = CVPixelBufferGetBaseAddress(buffer) else { throw VisionSegmentationError.unreadableMask }
        let width = CVPixelBufferGetWidth(buffer), height = CVPixelBufferGetHeight(buffer)
        let bytesPerRow = CVPixelBufferGetBytesPerRow(buffer)
        var image = GrayImage(width: width, height: height, repeating: 0)
        for y in 0..<height {
            let row = base + y * bytesPerRow
            for x in 0..<width {
                switch format {
                case kCVPixelFormatType_OneComponent8:
                    image[x, y] = row.load(fromByteOffset: x, as: UInt8.self)
                case kCVPixelFormatType_OneComponent32Float:
                    let p = row.load(fromByteOffset: x * 4, as: Float.self)
                    image[x, y] = p.isFinite ? UInt8(min(max(p, 0), 1) * 255) : 0
                default:
                    image[x, y] = row.load(fromByteOffset: x * 4, as: UInt8.self)
                }
            }
        }
        return image
    }
}
#endif
