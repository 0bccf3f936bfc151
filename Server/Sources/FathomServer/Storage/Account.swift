import Foundation

/// A customer of the service: its API key is stored only as a SHA-256 hash.
public struct Account: Sendable, Equatable {
    /// The account's identifier (`acct_…`).
    public var id: String
    /// The SHA-256 of the API key, lower-case hex.
    public var keyHash: String
    /// Where job state changes are POSTed, when set.
    public var webhookURL: String?
    /// The HMAC-SHA256 key webhook bodies are signed with.
    public var webhookSecret: String
    /// When the account was created, seconds since 1970.
    public var createdAt: Double

    /// An account with every field given.
    public init(id: String, keyHash: String, webhookURL: String?, webhookSecret: String, createdAt: Double) {
        self.id = id
        self.keyHash = keyHash
        self.webhookURL = webhookURL
        self.webhookSecret = webhookSecret
        self.createdAt = createdAt
    }
}
