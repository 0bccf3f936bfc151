import Foundation

/// A new account's identifier and secrets, as shown once at creation.
public struct AccountCredentials: Sendable {
    /// The account.
    public var accountID: String
    /// The API key (only its hash is stored).
    public var apiKey: String
    /// The webhook signing secret.
    public var webhookSecret: String

    /// Creates an account in `store` with a new key and secret.
    public static func create(in store: any ServerStore, webhookURL: String? = nil) async throws -> AccountCredentials {
        let key = Identifiers.makeAPIKey()
        let account = Account(
            id: Identifiers.make("acct"), keyHash: Identifiers.hash(apiKey: key), webhookURL: webhookURL,
            webhookSecret: Identifiers.makeWebhookSecret(), createdAt: try await store.now())
        try await store.insertAccount(account)
        return AccountCredentials(accountID: account.id, apiKey: key, webhookSecret: account.webhookSecret)
    }
}
