/// `PUT /v1/webhook` body and answer: the account's webhook URL (and, in the answer, the signing secret).
public struct WebhookSettings: Codable, Sendable {
    /// An `http` or `https` URL, or `null` to stop notifications.
    public var url: String?
    /// The HMAC-SHA256 key (answers only).
    public var secret: String?
}
