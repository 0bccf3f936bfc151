/// One webhook POST waiting in the outbox (or delivered, or given up).
public struct WebhookDelivery: Sendable, Equatable {
    /// The delivery's number.
    public var id: Int64
    /// The account whose webhook it is.
    public var accountID: String
    /// The job the event is about.
    public var jobID: String
    /// The target URL.
    public var url: String
    /// The signing key.
    public var secret: String
    /// The exact bytes POSTed (JSON), as text.
    public var body: String
    /// Attempts made so far.
    public var attempts: Int

    /// A delivery with every field given.
    public init(id: Int64, accountID: String, jobID: String, url: String, secret: String, body: String, attempts: Int) {
        self.id = id
        self.accountID = accountID
        self.jobID = jobID
        self.url = url
        self.secret = secret
        self.body = body
        self.attempts = attempts
    }
}
