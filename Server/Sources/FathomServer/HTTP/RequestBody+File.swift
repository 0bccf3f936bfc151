import Foundation
import Hummingbird

extension RequestBody {
    /// Writes the body to `url` as it arrives (back-pressured, one buffer in memory); 413 as soon as it
    /// passes `limit` bytes, the partial file removed.
    /// - Returns: the number of bytes written.
    func write(to url: URL, limit: Int64) async throws -> Int64 {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: url)
        else { throw APIError(.internalServerError, "cannot store the upload") }
        var count: Int64 = 0
        do {
            defer { try? handle.close() }
            for try await buffer in self {
                count += Int64(buffer.readableBytes)
                if count > limit {
                    throw APIError(.contentTooLarge, "the upload is larger than the limit of \(limit) bytes")
                }
                try handle.write(contentsOf: buffer.readableBytesView)
            }
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return count
    }
}
