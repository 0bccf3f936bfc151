import FathomCore

/// A hand segmentation model: an input image in, a mask out.
///
/// The mask is a `GrayImage` at the model's own resolution (ARML's MobileUNet: 224×224 in, 112×112
/// out); a pixel is a hand pixel when its value is at least `FingertipDetector.handThreshold` (128).
/// Conformers are `Sendable` and may be called from any task, but `InferenceScheduler` never calls
/// one model twice at once.
public protocol SegmentationModel: Sendable {
    /// The image the model reads (a camera frame, a pixel buffer).
    associatedtype Input: Sendable

    /// The hand mask of `input`, at the model's output resolution.
    /// - Throws: when the model cannot run on this input.
    func segment(_ input: Input) async throws -> GrayImage
}
