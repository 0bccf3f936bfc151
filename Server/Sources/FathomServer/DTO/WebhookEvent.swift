/// The body of a webhook POST: the job after a state change.
public struct WebhookEvent: Codable, Sendable, Equatable {
    /// Always `job.state_changed`.
    public var type: String
    /// The job as `GET /v1/jobs/{id}` shows it at the change.
    public var job: JobDTO
}
