import Foundation
import Hummingbird
import NIOFoundationCompat

extension Request {
    /// The body decoded as `type`: 413 past the JSON limit, 400 naming the field when the shape is wrong.
    func decodeJSON<T: Decodable>(_ type: T.Type, context: ServerRequestContext) async throws -> T {
        let buffer = try await body.collect(upTo: context.maxUploadSize)
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer: buffer))
        } catch let error as DecodingError {
            throw APIError(.badRequest, "the JSON body has the wrong shape: \(ErrorMiddleware<ServerRequestContext>.describe(error))")
        }
    }
}
