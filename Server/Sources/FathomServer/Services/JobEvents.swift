import Foundation
import Logging

/// Queues a webhook delivery for a job's state change when its account has a webhook URL. Only the
/// outbox row is written here; `WebhookSender` POSTs it, so a slow receiver never holds up a job.
public struct JobEvents: Sendable {
    /// The store holding the outbox.
    public var store: any ServerStore

    /// Events written to `store`.
    public init(store: any ServerStore) { self.store = store }

    /// Queues the event for `job` (after its change). Failures are logged, never thrown: a lost
    /// notification must not fail the job.
    public func stateChanged(_ job: JobRecord, logger: Logger) async {
        do {
            guard let account = try await store.account(id: job.accountID), let url = account.webhookURL else { return }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let body = String(decoding: try encoder.encode(WebhookEvent(type: "job.state_changed", job: JobDTO(job))), as: UTF8.self)
            try await store.enqueueWebhook(
                accountID: account.id, jobID: job.id, url: url, secret: account.webhookSecret, body: body)
        } catch {
            logger.error("cannot queue the webhook", metadata: ["job": "\(job.id)", "error": "\(error)"])
        }
    }
}
