import Foundation

extension ScanSimulation {
    /// Renders the frames in `range` on all cores (frames are independent, so the result equals
    /// `range.map(frame(_:))`).
    public func renderFrames(_ range: Range<Int>) -> [SensorFrame] {
        precondition(
            range.lowerBound >= 0 && range.upperBound <= frameCount, "frames \(range) outside 0..<\(frameCount)")
        let results = FrameSlots(count: range.count)
        DispatchQueue.concurrentPerform(iterations: range.count) { k in
            results.store(frame(range.lowerBound + k), at: k)
        }
        return results.frames
    }
}

/// Slots filled concurrently, one per frame, behind a lock.
private final class FrameSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [SensorFrame?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ frame: SensorFrame, at index: Int) {
        lock.lock()
        slots[index] = frame
        lock.unlock()
    }

    var frames: [SensorFrame] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
