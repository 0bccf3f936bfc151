/// Every error answer: `{"error": {"status": 422, "reason": "…", "requestId": "…"}}`.
public struct ErrorBody: Codable, Sendable {
    /// The error's details.
    public struct Detail: Codable, Sendable {
        /// The HTTP status code.
        public var status: Int
        /// One sentence saying what was wrong.
        public var reason: String
        /// The request's identifier (also in the `X-Request-Id` header and the server's log).
        public var requestId: String?
    }

    /// The details.
    public var error: Detail
}
