import Foundation

/// Writes files atomically on a private serial queue, in submission order, so that a recording
/// thread never waits for a flush to storage. The first failure is kept and rethrown by `check()`
/// and `drain()`.
final class ScanBackgroundWriter: @unchecked Sendable {
    private let queue = DispatchQueue(label: "org.fathom.scan-package.writer", qos: .utility)
    /// Guards `failure`.
    private let lock = NSLock()
    private var failure: ScanPackageError?

    /// Queues an atomic write of the bytes `make` builds (on the queue) to `url`.
    func submit(to url: URL, _ make: @escaping @Sendable () throws -> Data) {
        queue.async { [self] in
            do {
                try AtomicFile.write(try make(), to: url)
            } catch let e as FileWriteError {
                record(ScanPackageError(.io, url: e.url, problem: e.problem))
            } catch {
                record(ScanPackageError(.io, url: url, problem: "cannot encode: \(error)"))
            }
        }
    }

    /// Throws the first failure of a write queued so far that has completed.
    func check() throws {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
    }

    /// Waits until every queued write has completed, then throws the first failure, if any.
    func drain() throws {
        queue.sync {}
        try check()
    }

    private func record(_ error: ScanPackageError) {
        lock.lock()
        defer { lock.unlock() }
        if failure == nil { failure = error }
    }
}
