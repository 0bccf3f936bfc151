import Foundation
import Hummingbird
import NIOCore
import NIOFoundationCompat

extension Request {
    /// The body decoded as `type`: 413 past `limit` bytes (default: the JSON limit), 400 naming the
    /// field when the shape is wrong.
    func decodeJSON<T: Decodable>(_ type: T.Type, context: ServerRequestContext, limit: Int? = nil) async throws -> T {
        let limit = limit ?? context.maxUploadSize
        let buffer: ByteBuffer
        do { buffer = try await body.collect(upTo: limit) } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "the body is larger than the limit of \(limit) bytes")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer: buffer))
        } catch let error as DecodingError {
            throw APIError(.badRequest, "the JSON body has the wrong shape: \(ErrorMiddleware<ServerRequestContext>.describe(error))")
        }
    }
}
