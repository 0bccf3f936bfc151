import FathomServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Small helpers over Hummingbird's test client.
extension TestClientProtocol {
    /// A request with the API key; returns status, headers and body.
    func call(
        _ method: HTTPRequest.Method, _ uri: String, key: String?, body: Data? = nil, headers extra: HTTPFields = [:]
    ) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: Data) {
        var headers = extra
        if let key { headers[.authorization] = "Bearer \(key)" }
        return try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) }) {
            ($0.status, $0.headers, Data(buffer: $0.body))
        }
    }

    /// The reason of an error answer (nil when the body is not the error JSON).
    static func reason(_ body: Data) -> String? {
        (try? JSONDecoder().decode(ErrorBody.self, from: body))?.error.reason
    }

    /// Polls a job until it is done or failed.
    func waitForJob(_ id: String, key: String, timeoutSeconds: Double = 300) async throws -> JobDTO {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while Date() < deadline {
            let r = try await call(.get, "/v1/jobs/\(id)", key: key)
            #expect(r.status == .ok)
            let job = try JSONDecoder().decode(JobDTO.self, from: r.body)
            if job.state == .done || job.state == .failed { return job }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("job \(id) did not finish in \(timeoutSeconds) s")
        throw CancellationError()
    }
}
