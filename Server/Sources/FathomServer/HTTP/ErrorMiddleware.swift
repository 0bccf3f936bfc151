import Foundation
import Hummingbird
import NIOCore

/// Turns every error into a JSON answer (`APIError`) and adds `X-Request-Id` to every response:
/// Hummingbird's own errors (unknown route 404, body too large 413, undecodable JSON 400) keep their
/// status with a reason; a decoding error is a 400 naming the field; anything else is logged and
/// answered 500 — which the tests and the schemathesis run treat as a bug.
public struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// A middleware.
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            var response = try await next(request, context)
            response.headers[.requestID] = context.id
            return response
        } catch let error as APIError {
            throw error
        } catch let error as HTTPError {
            let reason: String
            switch error.status {
            case .notFound: reason = error.body ?? "no such route: \(request.method) \(request.uri.path)"
            case .contentTooLarge: reason = "the body is larger than the limit"
            case .methodNotAllowed: reason = "\(request.method) is not allowed on \(request.uri.path)"
            default: reason = error.body ?? error.status.reasonPhrase
            }
            throw APIError(error.status, reason)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "the body is larger than the limit of \(ServerRequestContext.jsonBodyLimit) bytes")
        } catch let error as DecodingError {
            throw APIError(.badRequest, "the JSON body has the wrong shape: \(Self.describe(error))")
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(error)"])
            throw APIError(.internalServerError, "internal error (request \(context.id))")
        }
    }

    /// A decoding error as one sentence naming the field.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "the body" : "'" + keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") + "'"
        }
        switch error {
        case .keyNotFound(let key, let c): return "missing field \(path(c.codingPath + [key]))"
        case .typeMismatch(let type, let c): return "\(path(c.codingPath)) must be \(type)"
        case .valueNotFound(let type, let c): return "\(path(c.codingPath)) must be a \(type), not null"
        case .dataCorrupted(let c): return "\(path(c.codingPath)): \(c.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
