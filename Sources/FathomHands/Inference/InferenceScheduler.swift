import FathomCore
import Foundation

/// Runs a segmentation model on a stream of camera frames arriving faster than the model: at most one
/// inference at a time, always on the newest frame.
///
/// `submit(_:timestamp:)` never blocks. When the model is idle the frame starts an inference at once.
/// While it is busy the frame waits in a single slot; a newer frame replaces it (the older one is
/// dropped and counted), so frames are never queued. When an inference finishes, its result is
/// published and the waiting frame, if any, starts next.
///
/// Results are published on `results`, an `AsyncStream` the caller iterates in its own context (for
/// example on the main actor), so they arrive on the caller's side rather than on the model's task.
/// The stream keeps only the newest `resultBufferLimit` unread results.
///
/// A class with a lock rather than an actor, so that `submit` can be called synchronously from a
/// camera callback.
public final class InferenceScheduler<Model: SegmentationModel>: @unchecked Sendable {
    /// The finished inferences, in the order they finished.
    public let results: AsyncStream<InferenceResult>

    private let model: Model
    private let continuation: AsyncStream<InferenceResult>.Continuation
    private let lock = NSLock()
    private var isRunning = false
    private var isFinished = false
    private var waiting: (input: Model.Input, number: Int, timestamp: Double)?
    private var counters = InferenceStatistics()

    /// Creates a scheduler for `model`.
    /// - Parameter resultBufferLimit: how many unread results `results` keeps (the newest; at least 1).
    public init(model: Model, resultBufferLimit: Int = 1) {
        self.model = model
        (results, continuation) = AsyncStream.makeStream(
            of: InferenceResult.self, bufferingPolicy: .bufferingNewest(max(1, resultBufferLimit)))
    }

    /// The counters so far.
    public var statistics: InferenceStatistics {
        lock.lock()
        defer { lock.unlock() }
        return counters
    }

    /// Offers a frame; returns its frame number. Ignored (and counted as dropped) after `finish()`.
    @discardableResult
    public func submit(_ input: Model.Input, timestamp: Double) -> Int {
        lock.lock()
        let number = counters.submitted
        counters.submitted += 1
        if isFinished {
            counters.dropped += 1
            lock.unlock()
            return number
        }
        if isRunning {
            if waiting != nil { counters.dropped += 1 }
            waiting = (input, number, timestamp)
            lock.unlock()
            return number
        }
        isRunning = true
        counters.started += 1
        lock.unlock()
        Task.detached { [self] in await self.run(input, number: number, timestamp: timestamp) }
        return number
    }

    /// Stops taking frames: a waiting frame is dropped, the running inference (if any) is published,
    /// then `results` ends.
    public func finish() {
        lock.lock()
        isFinished = true
        if waiting != nil {
            waiting = nil
            counters.dropped += 1
        }
        let idle = !isRunning
        lock.unlock()
        if idle { continuation.finish() }
    }

    /// Runs inferences until no frame is waiting.
    private func run(_ first: Model.Input, number: Int, timestamp: Double) async {
        var next: (input: Model.Input, number: Int, timestamp: Double)? = (first, number, timestamp)
        while let job = next {
            let mask: Result<GrayImage, any Error>
            do {
                mask = .success(try await model.segment(job.input))
            } catch {
                mask = .failure(error)
            }
            let failed: Bool
            if case .failure = mask { failed = true } else { failed = false }
            recordFinished(failed: failed)
            continuation.yield(InferenceResult(frameNumber: job.number, timestamp: job.timestamp, mask: mask))
            let ended: Bool
            (next, ended) = takeWaiting()
            if ended { continuation.finish() }
        }
    }

    /// Counts a finished inference.
    private func recordFinished(failed: Bool) {
        lock.lock()
        defer { lock.unlock() }
        counters.finished += 1
        if failed { counters.failed += 1 }
    }

    /// The waiting frame, which is now started, or `nil` (and the scheduler is idle); `ended` tells
    /// whether the scheduler is finished and idle, so the stream must end.
    private func takeWaiting() -> (next: (input: Model.Input, number: Int, timestamp: Double)?, ended: Bool) {
        lock.lock()
        defer { lock.unlock() }
        let next = waiting
        waiting = nil
        if next == nil {
            isRunning = false
        } else {
            counters.started += 1
        }
        return (next, next == nil && isFinished)
    }
}
