import FathomServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Every client mistake is refused with its status and a reason, fast, and the server carries on.
@Suite struct BadInputTests {
    struct Case: Sendable {
        var name: String
        var method: HTTPRequest.Method
        var path: String
        var body: Data?
        var authenticated = true
        var headers: HTTPFields = [:]
        var status: HTTPResponse.Status
        var reasonContains: String
    }

    static func cases(scanZip: Data, uploadLimit: Int) throws -> [Case] {
        let fixture = { (name: String) in try Data(contentsOf: ServerFixtures.file(name)) }
        return [
            Case(name: "truncated zip", method: .post, path: "/v1/scans", body: scanZip.prefix(scanZip.count / 2),
                 status: .unprocessableContent, reasonContains: "truncated"),
            Case(name: "../ entries", method: .post, path: "/v1/scans", body: try fixture("traversal.zip"),
                 status: .unprocessableContent, reasonContains: "'..' component"),
            Case(name: "zip bomb", method: .post, path: "/v1/scans", body: try fixture("bomb.zip"),
                 status: .unprocessableContent, reasonContains: "zip bomb"),
            Case(name: "lying sizes", method: .post, path: "/v1/scans", body: try fixture("lying-size.zip"),
                 status: .unprocessableContent, reasonContains: "declared"),
            Case(name: "overlapping entries", method: .post, path: "/v1/scans", body: try fixture("overlap.zip"),
                 status: .unprocessableContent, reasonContains: "zip"),
            Case(name: "the zip that hangs the library", method: .post, path: "/v1/scans",
                 body: try fixture("scan-zip-hang-1090.zip"), status: .unprocessableContent, reasonContains: "zip"),
            Case(name: "not a zip", method: .post, path: "/v1/scans", body: Data("hello".utf8),
                 status: .unprocessableContent, reasonContains: "not a zip"),
            Case(name: "empty upload", method: .post, path: "/v1/scans", body: nil, status: .badRequest, reasonContains: "empty"),
            Case(name: "huge body", method: .post, path: "/v1/scans", body: Data(count: uploadLimit + 1),
                 status: .contentTooLarge, reasonContains: "limit"),
            Case(name: "wrong JSON shape", method: .post, path: "/v1/jobs", body: Data(#"{"scan": 3}"#.utf8),
                 status: .badRequest, reasonContains: "'scans'"),
            Case(name: "wrong JSON type", method: .post, path: "/v1/jobs", body: Data(#"{"scans": "abc"}"#.utf8),
                 status: .badRequest, reasonContains: "'scans'"),
            Case(name: "not JSON", method: .post, path: "/v1/jobs", body: Data("{{{".utf8),
                 status: .badRequest, reasonContains: "JSON"),
            Case(name: "no scans", method: .post, path: "/v1/jobs", body: Data(#"{"scans": []}"#.utf8),
                 status: .badRequest, reasonContains: "at least one"),
            Case(name: "huge JSON", method: .post, path: "/v1/jobs", body: Data(count: 1 << 20),
                 status: .contentTooLarge, reasonContains: "limit"),
            Case(name: "unknown scan in a job", method: .post, path: "/v1/jobs", body: Data(#"{"scans": ["scan_nope"]}"#.utf8),
                 status: .notFound, reasonContains: "scan_nope"),
            Case(name: "unknown scan", method: .get, path: "/v1/scans/scan_nope", status: .notFound, reasonContains: "scan_nope"),
            Case(name: "unknown job", method: .get, path: "/v1/jobs/job_nope", status: .notFound, reasonContains: "job_nope"),
            Case(name: "result of an unknown job", method: .get, path: "/v1/jobs/job_nope/results/x.exe", status: .notFound,
                 reasonContains: "no job 'job_nope'"),
            Case(name: "unknown route", method: .get, path: "/v2/everything", status: .notFound, reasonContains: "no such route"),
            Case(name: "no key", method: .get, path: "/v1/jobs/job_nope", authenticated: false, status: .unauthorized,
                 reasonContains: "Authorization"),
            Case(name: "bad key", method: .get, path: "/v1/jobs/job_nope", authenticated: false,
                 headers: [.authorization: "Bearer fk_nope"], status: .unauthorized, reasonContains: "unknown API key"),
            Case(name: "bad webhook URL", method: .put, path: "/v1/webhook", body: Data(#"{"url": "ftp://x"}"#.utf8),
                 status: .unprocessableContent, reasonContains: "http"),
        ]
    }

    /// Sends one case; its answer and how long it took.
    static func timed(_ client: some TestClientProtocol, _ c: Case, key: String) async throws
        -> ((status: HTTPResponse.Status, headers: HTTPFields, body: Data), Duration)
    {
        let start = ContinuousClock.now
        let r = try await client.call(c.method, c.path, key: c.authenticated ? key : nil, body: c.body, headers: c.headers)
        return (r, ContinuousClock.now - start)
    }

    @Test(arguments: StoreKind.available)
    func everyMistakeIsRefusedWithItsStatusAndReasonWithinASecond(kind: StoreKind) async throws {
        let zip = try Data(contentsOf: ServerFixtures.scanZip)
        let uploadLimit = zip.count + (64 << 10)
        let configuration = try await {
            var c = try await kind.configuration()
            c.maximumUploadByteCount = Int64(uploadLimit)
            return c
        }()
        let account = try await StoreKind.withStore(configuration) { try await AccountCredentials.create(in: $0.store) }
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            // Warm up (the first request opens the database connections).
            #expect(try await client.call(.get, "/v1/account", key: account.apiKey).status == .ok)
            for c in try Self.cases(scanZip: zip, uploadLimit: uploadLimit) {
                var (r, elapsed) = try await Self.timed(client, c, key: account.apiKey)
                if elapsed >= .seconds(1) {
                    // A stall of this shared machine is not the server's: the same request again must be fast.
                    (r, elapsed) = try await Self.timed(client, c, key: account.apiKey)
                }
                let reason = type(of: client).reason(r.body)
                #expect(r.status == c.status, "\(c.name): \(String(decoding: r.body.prefix(300), as: UTF8.self))")
                #expect(reason?.contains(c.reasonContains) == true, "\(c.name): \(reason ?? "no reason")")
                #expect(elapsed < .seconds(1), "\(c.name) took \(elapsed)")
            }
            // Unharmed: a good upload still works, and nothing of the refused uploads is left behind.
            #expect(try await client.call(.get, "/health", key: nil).status == .ok)
            let good = try await client.call(.post, "/v1/scans", key: account.apiKey, body: zip)
            #expect(good.status == .created)
            let uploads = try FileManager.default.contentsOfDirectory(atPath: configuration.blobDirectory.appendingPathComponent("uploads").path)
            #expect(uploads.isEmpty)
            let scans = try FileManager.default.contentsOfDirectory(atPath: configuration.blobDirectory.appendingPathComponent("scans").path)
            #expect(scans.count == 1)
        }
    }

    @Test func theOpenAPIDocumentIsServedAndNamesEveryRoute() async throws {
        let configuration = try await StoreKind.sqlite.configuration()
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let r = try await client.call(.get, "/openapi.json", key: nil)
            #expect(r.status == .ok)
            let document = try #require(try JSONSerialization.jsonObject(with: r.body) as? [String: Any])
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = Set((document["paths"] as? [String: Any] ?? [:]).keys)
            #expect(
                paths == [
                    "/health", "/openapi.json", "/v1/account", "/v1/webhook", "/v1/scans", "/v1/scans/{id}",
                    "/v1/scans/{id}/cloud.ply", "/v1/scans/{id}/cloud-view.json", "/v1/jobs", "/v1/jobs/{id}",
                    "/v1/jobs/{id}/results/{name}", "/v1/maps", "/v1/maps/{id}", "/v1/maps/{id}/anchors",
                    "/v1/maps/{id}/anchors/{anchorId}", "/v1/maps/{id}/localize", "/",
                ])
        }
    }
}
