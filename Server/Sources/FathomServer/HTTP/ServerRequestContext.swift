import Hummingbird

/// The request context: Hummingbird's core context plus the caller's account (set by
/// `AuthenticationMiddleware`).
public struct ServerRequestContext: RequestContext {
    /// Hummingbird's storage (logger with the request id, parameters…).
    public var coreContext: CoreRequestContextStorage
    /// The authenticated account, on `/v1` routes.
    public var account: Account?

    /// A context for a new request.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        account = nil
    }

    /// Largest JSON body decoded, bytes (uploads are streamed, not decoded).
    public var maxUploadSize: Int { ServerRequestContext.jsonBodyLimit }

    /// Largest JSON body, bytes.
    public static let jsonBodyLimit = 64 << 10

    /// The authenticated account (routes under `/v1` only).
    func requireAccount() throws -> Account {
        guard let account else { throw APIError(.unauthorized, "missing or invalid API key") }
        return account
    }
}
