import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// Delivers the webhook outbox: each delivery POSTed with its signature (`WebhookSignature`), retried
/// with exponential backoff after a failure (3 retries: 4 attempts in all), several in flight at
/// once, so a slow or dead receiver delays nothing but its own notifications.
public struct WebhookSender: Service {
    /// Retry and concurrency settings.
    public struct Configuration: Sendable {
        /// Retries after the first attempt.
        public var retries: Int
        /// First retry delay, seconds; each further retry waits 4 times longer.
        public var backoffSeconds: Double
        /// Longest wait for a receiver's answer, seconds.
        public var timeoutSeconds: Double
        /// Deliveries in flight at once.
        public var concurrency: Int
        /// How often an idle sender looks at the outbox, seconds.
        public var pollSeconds: Double

        /// Defaults: 3 retries after 1 s, 4 s, 16 s; 10 s timeout; 8 in flight; 0.2 s poll.
        public init(retries: Int = 3, backoffSeconds: Double = 1, timeoutSeconds: Double = 10, concurrency: Int = 8, pollSeconds: Double = 0.2) {
            self.retries = retries
            self.backoffSeconds = backoffSeconds
            self.timeoutSeconds = timeoutSeconds
            self.concurrency = concurrency
            self.pollSeconds = pollSeconds
        }

        /// The delay before retry `n` (1-based), seconds.
        public func delay(beforeRetry n: Int) -> Double { backoffSeconds * pow(4, Double(n - 1)) }
    }

    /// The store with the outbox.
    public var store: any ServerStore
    /// Settings.
    public var configuration: Configuration
    /// The logger.
    public var logger: Logger

    /// A sender for `store`'s outbox.
    public init(store: any ServerStore, configuration: Configuration = Configuration(), logger: Logger) {
        self.store = store
        self.configuration = configuration
        self.logger = logger
    }

    public func run() async throws {
        let inFlight = Locked(0)
        try await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                while !Task.isCancelled {
                    var delivery: WebhookDelivery?
                    if inFlight.withLock({ $0 }) < configuration.concurrency {
                        do {
                            delivery = try await store.claimWebhook(leaseSeconds: configuration.timeoutSeconds * 3)
                        } catch {
                            logger.error("webhook outbox error", metadata: ["error": "\(error)"])
                        }
                    }
                    guard let delivery else {
                        try? await Task.sleep(for: .milliseconds(Int(configuration.pollSeconds * 1000)))
                        continue
                    }
                    inFlight.withLock { $0 += 1 }
                    group.addTask {
                        await deliver(delivery)
                        inFlight.withLock { $0 -= 1 }
                    }
                }
                group.cancelAll()
            }
        }
    }

    /// One attempt at one delivery, and its outcome recorded.
    func deliver(_ delivery: WebhookDelivery) async {
        let attempt = delivery.attempts + 1
        var error: String?
        do {
            let body = Data(delivery.body.utf8)
            var request = HTTPClientRequest(url: delivery.url)
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.headers.add(name: "User-Agent", value: "fathom-server")
            request.headers.add(
                name: WebhookSignature.headerName,
                value: WebhookSignature.header(body: body, secret: delivery.secret, timestamp: Int(Date().timeIntervalSince1970)))
            request.headers.add(name: "Fathom-Delivery", value: "\(delivery.id)")
            request.headers.add(name: "Fathom-Attempt", value: "\(attempt)")
            request.body = .bytes(ByteBuffer(bytes: body))
            let response = try await HTTPClient.shared.execute(request, timeout: .milliseconds(Int64(configuration.timeoutSeconds * 1000)))
            _ = try? await response.body.collect(upTo: 1 << 16)
            if !(200..<300).contains(response.status.code) { error = "the receiver answered \(response.status.code)" }
        } catch let e {
            error = "\(e)"
        }
        let retryAfter: Double? =
            error != nil && attempt <= configuration.retries ? configuration.delay(beforeRetry: attempt) : nil
        if let error {
            logger.warning(
                "webhook attempt failed",
                metadata: ["delivery": "\(delivery.id)", "attempt": "\(attempt)", "error": "\(error)", "retry": "\(retryAfter != nil)"])
        }
        do {
            try await store.finishWebhook(id: delivery.id, delivered: error == nil, retryAfterSeconds: retryAfter, error: error)
        } catch {
            logger.error("cannot record the webhook outcome", metadata: ["error": "\(error)"])
        }
    }
}
