import Hummingbird

/// Finds the account of the `Authorization: Bearer <API key>` header (by the key's SHA-256) or answers 401.
public struct AuthenticationMiddleware: RouterMiddleware {
    /// The store with the accounts.
    public var store: any ServerStore
    /// Recently seen accounts.
    public var cache: AccountCache

    /// A middleware on `store`.
    public init(store: any ServerStore, cache: AccountCache = AccountCache()) {
        self.store = store
        self.cache = cache
    }

    public func handle(
        _ request: Request, context: ServerRequestContext,
        next: (Request, ServerRequestContext) async throws -> Response
    ) async throws -> Response {
        guard let header = request.headers[.authorization] else {
            throw APIError(.unauthorized, "missing Authorization header (use 'Authorization: Bearer <API key>')")
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw APIError(.unauthorized, "the Authorization header must be 'Bearer <API key>'")
        }
        let hash = Identifiers.hash(apiKey: String(parts[1]))
        guard let account = try await cache.account(keyHash: hash, load: { try await store.account(keyHash: hash) }) else {
            throw APIError(.unauthorized, "unknown API key")
        }
        var context = context
        context.account = account
        context.logger[metadataKey: "account"] = "\(account.id)"
        return try await next(request, context)
    }
}
