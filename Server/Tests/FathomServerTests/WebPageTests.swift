import Fathom
import FathomServer
import FathomTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The web page at `/`: served without a key, self-contained, and — in a real headless Chromium against a
/// live server — signs in, lists the scan and its job, shows the plan drawing and draws the fused cloud
/// in 3D without a console error.
@Suite struct WebPageTests {
    @Test func thePageIsSelfContained() async throws {
        let app = try await buildApplication(try await StoreKind.sqlite.configuration())
        try await app.test(.router) { client in
            let r = try await client.call(.get, "/", key: nil)
            #expect(r.status == .ok)
            #expect(r.headers[.contentType]?.hasPrefix("text/html") == true)
            let page = String(decoding: r.body, as: UTF8.self)
            #expect(page.contains("function fathomCloudView(canvas,data)"))
            // No script, style or image from elsewhere: everything is in the page.
            #expect(!page.contains("src=\"http") && !page.contains("href=\"http") && !page.contains("<script src"))
        }
    }

    @Test func theCloudViewCarriesTheFusedCloud() async throws {
        let configuration = try await StoreKind.sqlite.configuration()
        let account = try await StoreKind.withStore(configuration) { try await AccountCredentials.create(in: $0.store) }
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let upload = try await client.call(.post, "/v1/scans", key: account.apiKey, body: try Data(contentsOf: ServerFixtures.scanZip))
            let scan = try JSONDecoder().decode(ScanSummary.self, from: upload.body)
            let ply = try await client.call(.get, "/v1/scans/\(scan.id)/cloud.ply", key: account.apiKey)
            let view = try await client.call(.get, "/v1/scans/\(scan.id)/cloud-view.json", key: account.apiKey)
            #expect(view.status == .ok)
            // The view is the PLY's cloud, quantized: the same count (under the cap) and bounds.
            let folder = ServerFixtures.temporaryDirectory()
            let file = folder.appendingPathComponent("cloud.ply")
            try ply.body.write(to: file)
            let cloud = try PointCloudFile.read(file)
            let expected = PointCloudWebView.Payload(cloud: cloud, maximumPoints: ScansController.maximumViewPoints)
            #expect(String(decoding: view.body, as: UTF8.self) == expected.json)
            #expect(expected.count == min(cloud.count, ScansController.maximumViewPoints) && expected.count > 1000)
            let list = try await client.call(.get, "/v1/scans", key: account.apiKey)
            #expect(try JSONDecoder().decode([String: [ScanSummary]].self, from: list.body)["scans"] == [scan])
        }
    }

    @Test(.enabled(if: BrowserCheck.chromium != nil))
    func aRealBrowserShowsTheScanThePlanAndTheCloud() async throws {
        let configuration = try await StoreKind.sqlite.configuration()
        let account = try await StoreKind.withStore(configuration) { try await AccountCredentials.create(in: $0.store) }
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in
            let upload = try await client.call(.post, "/v1/scans", key: account.apiKey, body: try Data(contentsOf: ServerFixtures.scanZip))
            let scan = try JSONDecoder().decode(ScanSummary.self, from: upload.body)
            let created = try await client.call(.post, "/v1/jobs", key: account.apiKey, body: Data(#"{"scans": ["\#(scan.id)"]}"#.utf8))
            let job = try await client.waitForJob(try JSONDecoder().decode(JobDTO.self, from: created.body).id, key: account.apiKey)
            #expect(job.state == .done)
            // Fuse the cloud before the browser asks (the browser's wait is bounded).
            #expect(try await client.call(.get, "/v1/scans/\(scan.id)/cloud-view.json", key: account.apiKey).status == .ok)
            let port = try #require(client.port)
            let page = try #require(URL(string: "http://127.0.0.1:\(port)/#key=\(account.apiKey)"))
            // The browser blocks its thread while it runs: keep it off the pool that serves the requests.
            let result = try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(with: Result { try BrowserCheck.load(page) }) }
            }
            #expect(result.dom.contains("data-ready=\"scan\""), "\(result.dom.prefix(1500))")
            #expect(result.dom.contains(scan.id) && result.dom.contains(job.id))
            #expect(result.dom.contains("id=\"timeline-svg\""))
            // The plan: the drawing loaded, and the rooms table with the room's label and area.
            #expect(result.dom.contains("data-status=\"loaded\""), "plan drawing not loaded")
            #expect(result.dom.contains("Study") && result.dom.contains(" m²"))
            // The 3D view drew the cloud.
            #expect(result.dom.contains("data-status=\"drawn\""), "\(result.dom.prefix(1500))")
            let drawn = result.attribute("data-drawn-pixels").flatMap(Int.init) ?? 0
            #expect(drawn > 2000)
            #expect(result.consoleErrors.isEmpty, "\(result.consoleErrors)")
        }
    }
}
