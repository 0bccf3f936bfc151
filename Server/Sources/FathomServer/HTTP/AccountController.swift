import Foundation
import Hummingbird

/// `/v1/account` and `/v1/webhook`: the caller's account and webhook URL.
public struct AccountController: Sendable {
    /// The store.
    public var store: any ServerStore

    /// A controller.
    public init(store: any ServerStore) { self.store = store }

    /// `GET /v1/account` answer.
    struct AccountBody: Codable {
        var id: String
        var webhookUrl: String?
    }

    /// Adds the routes to `group` (the `/v1` group).
    public func addRoutes(to group: RouterGroup<ServerRequestContext>) {
        group.get("account", use: show)
        group.put("webhook", use: setWebhook)
    }

    @Sendable func show(_ request: Request, context: ServerRequestContext) async throws -> Response {
        // Read afresh: the authentication cache may hold the account as it was a few seconds ago.
        let cached = try context.requireAccount()
        let account = try await store.account(id: cached.id) ?? cached
        return try JobsController.json(AccountBody(id: account.id, webhookUrl: account.webhookURL), status: .ok)
    }

    /// `PUT /v1/webhook` `{"url": "https://…"}` (or null): the URL and the signing secret.
    @Sendable func setWebhook(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let body = try await request.decodeJSON(WebhookSettings.self, context: context)
        if let url = body.url {
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https",
                parsed.host?.isEmpty == false
            else { throw APIError(.unprocessableContent, "'url' must be an http or https URL with a host") }
        }
        try await store.setWebhook(accountID: account.id, url: body.url)
        return try JobsController.json(WebhookSettings(url: body.url, secret: account.webhookSecret), status: .ok)
    }
}
