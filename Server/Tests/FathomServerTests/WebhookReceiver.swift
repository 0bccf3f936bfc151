import FathomServer
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOFoundationCompat
import Synchronization

/// A webhook endpoint on 127.0.0.1 for the tests: records every POST (signature header and body) and
/// answers the statuses queued in `failures` first (then 200).
final class WebhookReceiver: Sendable {
    struct Received: Sendable {
        var signature: String?
        var attempt: String?
        var body: Data
    }

    let received = Mutex<[Received]>([])
    let failures: Mutex<[Int]>
    private let task = Mutex<Task<Void, any Error>?>(nil)

    init(failFirst statuses: [Int] = []) { failures = Mutex(statuses) }

    /// Starts listening; returns the URL to give as webhook.
    func start() async throws -> String {
        let router = Router()
        router.post("hook") { [self] request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 20)
            received.withLock {
                $0.append(
                    Received(
                        signature: request.headers[HTTPField.Name(WebhookSignature.headerName)!],
                        attempt: request.headers[HTTPField.Name("Fathom-Attempt")!], body: Data(buffer: body)))
            }
            let status = failures.withLock { $0.isEmpty ? 200 : $0.removeFirst() }
            return Response(status: .init(code: status))
        }
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "webhook-receiver")
        logger.logLevel = .error
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        task.withLock { $0 = Task { try await app.runService(gracefulShutdownSignals: []) } }
        var port = 0
        for await p in stream {
            port = p
            break
        }
        return "http://127.0.0.1:\(port)/hook"
    }

    func stop() { task.withLock { $0?.cancel() } }

    var all: [Received] { received.withLock { $0 } }
}
