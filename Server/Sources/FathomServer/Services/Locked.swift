import Synchronization

/// A value behind a mutex, shareable between tasks and threads by reference.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    /// A box holding `value`.
    public init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with exclusive access to the value.
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try mutex.withLock { try body(&$0) }
    }

    /// The current value.
    public var value: Value { mutex.withLock { $0 } }
}
