import Foundation
import Synchronization

/// Runs blocking library work (zip checks, the scan monitor, plan extraction) on its own thread, so
/// the event loops and Swift's cooperative pool stay free, with an optional time limit: past it the
/// caller gets `BlockingWork.TimeLimitExceeded` at once and the thread's eventual result is dropped.
public enum BlockingWork {
    /// The work ran past its limit.
    public struct TimeLimitExceeded: Error, Sendable, CustomStringConvertible {
        /// The limit, seconds.
        public var seconds: Double
        /// A sentence.
        public var description: String { "took longer than \(Int(seconds.rounded(.up))) s" }
    }

    /// Thread stack size, bytes (the plan extractor recurses moderately).
    static let stackByteCount = 8 << 20

    /// The result of `body` run on a new thread, or `TimeLimitExceeded` after `timeLimit` seconds.
    public static func run<T: Sendable>(
        timeLimit: Double? = nil, _ body: @escaping @Sendable () throws -> T
    ) async throws -> T {
        let resumed = Locked(false)
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            @Sendable func finish(_ result: Result<T, any Error>) {
                let first = resumed.withLock { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(with: result) }
            }
            let thread = Thread { finish(Result { try body() }) }
            thread.stackSize = stackByteCount
            thread.start()
            if let timeLimit {
                Task {
                    try? await Task.sleep(for: .milliseconds(Int(timeLimit * 1000)))
                    finish(.failure(TimeLimitExceeded(seconds: timeLimit)))
                }
            }
        }
    }
}
