import Hummingbird

/// Finds the account of the `Authorization: Bearer <API key>` header (by the key's SHA-256) or answers 401.
public struct AuthenticationMiddleware: RouterMiddleware {
    /// The store with the accounts.
    public var store: any ServerStore

    /// A middleware on `store`.
    public init(store: any ServerStore) { self.store = store }

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
        guard let account = try await store.account(keyHash: Identifiers.hash(apiKey: String(parts[1]))) else {
            throw APIError(.unauthorized, "unknown API key")
        }
        var context = context
        context.account = account
        context.logger[metadataKey: "account"] = "\(account.id)"
        return try await next(request, context)
    }
}
