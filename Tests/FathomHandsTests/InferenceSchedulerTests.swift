import FathomCore
import Foundation
import Testing
@testable import FathomHands

/// A slow fake model: each inference waits until the test releases its frame. It records how many
/// inferences run at once and which frames it saw; the mask it returns is 1 × 1 holding the frame id.
final class GatedModel: SegmentationModel, @unchecked Sendable {
    struct Failure: Error {}

    private let lock = NSLock()
    private var active = 0
    private var gates: [Int: CheckedContinuation<Void, Never>] = [:]
    private var released: Set<Int> = []
    private(set) var maximumActive = 0
    private(set) var seen: [Int] = []
    /// Frame ids as inferences start.
    let started: AsyncStream<Int>
    private let startedContinuation: AsyncStream<Int>.Continuation
    /// Frame ids whose inference throws.
    let failing: Set<Int>

    init(failing: Set<Int> = []) {
        (started, startedContinuation) = AsyncStream.makeStream(of: Int.self)
        self.failing = failing
    }

    func segment(_ input: Int) async throws -> GrayImage {
        enter(input)
        startedContinuation.yield(input)
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in park(input, c) }
        leave()
        if failing.contains(input) { throw Failure() }
        return GrayImage(width: 1, height: 1, repeating: UInt8(input))
    }

    func release(_ id: Int) {
        lock.lock()
        let gate = gates.removeValue(forKey: id)
        if gate == nil { released.insert(id) }
        lock.unlock()
        gate?.resume()
    }

    var record: (maximumActive: Int, seen: [Int]) {
        lock.lock()
        defer { lock.unlock() }
        return (maximumActive, seen)
    }

    private func enter(_ id: Int) {
        lock.lock()
        defer { lock.unlock() }
        active += 1
        maximumActive = max(maximumActive, active)
        seen.append(id)
    }

    private func leave() {
        lock.lock()
        defer { lock.unlock() }
        active -= 1
    }

    private func park(_ id: Int, _ c: CheckedContinuation<Void, Never>) {
        lock.lock()
        let go = released.remove(id) != nil
        if !go { gates[id] = c }
        lock.unlock()
        if go { c.resume() }
    }
}

@Suite struct InferenceSchedulerTests {
    func maskValue(_ r: InferenceResult) -> Int? {
        guard case let .success(m) = r.mask else { return nil }
        return Int(m.pixels[0])
    }

    @Test func oneAtATimeNewestFrameWins() async throws {
        let model = GatedModel()
        let scheduler = InferenceScheduler(model: model, resultBufferLimit: 8)
        var started = model.started.makeAsyncIterator()
        var results = scheduler.results.makeAsyncIterator()

        #expect(scheduler.submit(1, timestamp: 0.0) == 0)
        #expect(await started.next() == 1)
        // Three frames while busy: 2 and 3 are replaced by 4.
        scheduler.submit(2, timestamp: 0.033)
        scheduler.submit(3, timestamp: 0.066)
        scheduler.submit(4, timestamp: 0.1)
        #expect(scheduler.statistics.dropped == 2)
        #expect(scheduler.statistics.started == 1)

        model.release(1)
        let first = try #require(await results.next())
        #expect(first.frameNumber == 0 && maskValue(first) == 1)
        #expect(await started.next() == 4)

        scheduler.submit(5, timestamp: 0.133)
        model.release(4)
        let second = try #require(await results.next())
        #expect(second.frameNumber == 3 && second.timestamp == 0.1 && maskValue(second) == 4)
        #expect(await started.next() == 5)
        model.release(5)
        let third = try #require(await results.next())
        #expect(third.frameNumber == 4 && maskValue(third) == 5)

        // Idle again: the next frame starts at once.
        scheduler.submit(6, timestamp: 0.2)
        #expect(await started.next() == 6)
        model.release(6)
        #expect(try #require(await results.next()).frameNumber == 5)

        let record = model.record
        #expect(record.maximumActive == 1)
        #expect(record.seen == [1, 4, 5, 6])
        let s = scheduler.statistics
        #expect(s.submitted == 6 && s.started == 4 && s.finished == 4 && s.dropped == 2 && s.failed == 0)
    }

    @Test func manyFramesDuringSlowInferencesNeverOverlap() async throws {
        let model = GatedModel()
        let scheduler = InferenceScheduler(model: model, resultBufferLimit: 64)
        var started = model.started.makeAsyncIterator()
        var results = scheduler.results.makeAsyncIterator()
        var frame = 0
        var expectedSeen: [Int] = []
        scheduler.submit(frame, timestamp: 0)
        for round in 0..<10 {
            let running = try #require(await started.next())
            expectedSeen.append(running)
            // A burst of frames arrives while the model runs; only the last may run next.
            for _ in 0..<(round + 1) {
                frame += 1
                scheduler.submit(frame, timestamp: Double(frame) / 60)
            }
            model.release(running)
            let r = try #require(await results.next())
            #expect(maskValue(r) == running)
        }
        let last = try #require(await started.next())
        expectedSeen.append(last)
        model.release(last)
        _ = await results.next()
        #expect(model.record.seen == expectedSeen)
        #expect(model.record.maximumActive == 1)
        // Every processed frame after the first is the newest of its burst.
        var newest = 0
        for round in 0..<10 {
            newest += round + 1
            #expect(expectedSeen[round + 1] == newest)
        }
        let s = scheduler.statistics
        #expect(s.dropped == s.submitted - s.started)
        #expect(s.started == 11)
    }

    @Test func failuresArePublishedAndDoNotStopTheScheduler() async throws {
        let model = GatedModel(failing: [1])
        let scheduler = InferenceScheduler(model: model)
        var started = model.started.makeAsyncIterator()
        var results = scheduler.results.makeAsyncIterator()
        scheduler.submit(1, timestamp: 0)
        #expect(await started.next() == 1)
        model.release(1)
        let failed = try #require(await results.next())
        #expect(maskValue(failed) == nil)
        scheduler.submit(2, timestamp: 1)
        #expect(await started.next() == 2)
        model.release(2)
        #expect(maskValue(try #require(await results.next())) == 2)
        #expect(scheduler.statistics.failed == 1)
    }

    @Test func finishDropsTheWaitingFrameAndEndsTheStream() async throws {
        let model = GatedModel()
        let scheduler = InferenceScheduler(model: model, resultBufferLimit: 4)
        var started = model.started.makeAsyncIterator()
        var results = scheduler.results.makeAsyncIterator()
        scheduler.submit(1, timestamp: 0)
        #expect(await started.next() == 1)
        scheduler.submit(2, timestamp: 0.1)
        scheduler.finish()
        scheduler.submit(3, timestamp: 0.2)
        model.release(1)
        #expect(maskValue(try #require(await results.next())) == 1)
        #expect(await results.next() == nil)
        #expect(model.record.seen == [1])
        #expect(scheduler.statistics.dropped == 2)
    }
}
