import Foundation
import HTTPTypes
import Hummingbird

/// A client or server error answered as JSON (`ErrorBody`) with its status and one-sentence reason.
public struct APIError: HTTPResponseError, Sendable, CustomStringConvertible {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// What was wrong.
    public var reason: String

    /// An error with `status` and `reason`.
    public init(_ status: HTTPResponse.Status, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    /// "status: reason".
    public var description: String { "\(status.code): \(reason)" }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = ErrorBody(error: .init(status: status.code, reason: reason, requestId: context.id))
        let data = try JSONEncoder().encode(body)
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .requestID: context.id]
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension HTTPField.Name {
    /// `X-Request-Id`.
    static let requestID = Self("X-Request-Id")!
}
