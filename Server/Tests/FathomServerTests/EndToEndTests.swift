import Fathom
import FathomServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// The whole service in process: upload, check, convert, notify, isolate accounts — on each store.
@Suite struct EndToEndTests {
    @Test(arguments: StoreKind.available)
    func uploadConvertNotifyAndIsolate(kind: StoreKind) async throws {
        let configuration = try await kind.configuration()
        let receiver = WebhookReceiver(failFirst: [503])  // the first delivery is retried
        let hook = try await receiver.start()
        defer { receiver.stop() }
        let (alice, bob) = try await StoreKind.withStore(configuration) { s in
            (try await AccountCredentials.create(in: s.store, webhookURL: hook), try await AccountCredentials.create(in: s.store))
        }
        let zip = ServerFixtures.scanZip
        let zipData = try Data(contentsOf: zip)
        let local = try ScanPackage(url: zip)
        let expectedPlan = try FloorPlanExtractor().extract(package: local).plan
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            // Upload and summary.
            let upload = try await client.call(.post, "/v1/scans", key: alice.apiKey, body: zipData)
            #expect(upload.status == .created, "\(String(decoding: upload.body, as: UTF8.self))")
            let summary = try JSONDecoder().decode(ScanSummary.self, from: upload.body)
            #expect(summary.frameCount == local.frameCount)
            #expect(summary.depthFrameCount == local.depthFrameCount)
            #expect(summary.byteCount == Int64(zipData.count))
            let report = try ScanCheckReport(package: local)
            #expect(summary.verdict == report.verdict.name)
            #expect(summary.events.count == report.events.count)
            #expect(upload.headers[.location] == "/v1/scans/\(summary.id)")
            #expect(upload.headers[HTTPField.Name("X-Request-Id")!]?.isEmpty == false)
            let again = try await client.call(.get, "/v1/scans/\(summary.id)", key: alice.apiKey)
            #expect(again.status == .ok)
            #expect(try JSONDecoder().decode(ScanSummary.self, from: again.body) == summary)

            // The job, its progress and results.
            let created = try await client.call(
                .post, "/v1/jobs", key: alice.apiKey, body: Data(#"{"scans": ["\#(summary.id)"]}"#.utf8))
            #expect(created.status == .accepted)
            let queued = try JSONDecoder().decode(JobDTO.self, from: created.body)
            #expect(queued.state == .queued && queued.progress == 0 && queued.scans == [summary.id])
            let job = try await client.waitForJob(queued.id, key: alice.apiKey)
            #expect(job.state == .done, "\(job.reason ?? "")")
            #expect(job.progress == 1 && job.attempts == 1)
            #expect(job.results.map(\.name) == PlanConversion.resultNames)
            let planFile = try await client.call(.get, "/v1/jobs/\(job.id)/results/plan.json", key: alice.apiKey)
            #expect(planFile.status == .ok)
            let plan = try JSONDecoder().decode(FloorPlan.self, from: planFile.body)
            #expect(plan == expectedPlan)
            #expect(planFile.body == (try expectedPlan.jsonData()))
            let svg = try await client.call(.get, "/v1/jobs/\(job.id)/results/plan.svg", key: alice.apiKey)
            #expect(svg.body == (try FloorPlanExport.data(expectedPlan, format: .svg)))
            for name in ["plan.dxf", "plan.usdz", "roomplan.json"] {
                let r = try await client.call(.get, "/v1/jobs/\(job.id)/results/\(name)", key: alice.apiKey)
                #expect(r.status == .ok && !r.body.isEmpty, "\(name)")
            }
            let cloud = try await client.call(.get, "/v1/scans/\(summary.id)/cloud.ply", key: alice.apiKey)
            #expect(cloud.status == .ok)
            #expect(cloud.body.starts(with: Data("ply\n".utf8)))

            // Another account sees nothing, and cannot use the scan.
            for path in [
                "/v1/scans/\(summary.id)", "/v1/scans/\(summary.id)/cloud.ply", "/v1/jobs/\(job.id)",
                "/v1/jobs/\(job.id)/results/plan.json",
            ] {
                let r = try await client.call(.get, path, key: bob.apiKey)
                #expect(r.status == .notFound, "\(path)")
                #expect(!String(decoding: r.body, as: UTF8.self).contains("walls"))
            }
            let stolen = try await client.call(
                .post, "/v1/jobs", key: bob.apiKey, body: Data(#"{"scans": ["\#(summary.id)"]}"#.utf8))
            #expect(stolen.status == .notFound)
            #expect(try await client.call(.get, "/v1/jobs/\(job.id)", key: nil).status == .unauthorized)

            // Webhooks: queued, running, done — each signed with alice's secret; the first retried once.
            let deadline = Date().addingTimeInterval(30)
            while receiver.all.count < 4 && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
            let deliveries = receiver.all
            #expect(deliveries.count == 4)
            for d in deliveries {
                #expect(WebhookSignature.verify(header: d.signature ?? "", body: d.body, secret: alice.webhookSecret))
                #expect(!WebhookSignature.verify(header: d.signature ?? "", body: d.body, secret: bob.webhookSecret))
            }
            let events = try deliveries.map { try JSONDecoder().decode(WebhookEvent.self, from: $0.body) }
            let pairs = Swift.zip(events, deliveries).map { "\($0.job.state.rawValue)#\($1.attempt ?? "?")" }.sorted()
            // Each state once at its first attempt, and the one answered 503 (the first to arrive) once more.
            #expect(pairs.filter { $0.hasSuffix("#1") } == ["done#1", "queued#1", "running#1"])
            #expect(pairs.filter { $0.hasSuffix("#2") }.count == 1)
            #expect(pairs.contains("queued#2") || pairs.contains("running#2"))
            #expect(events.first { $0.job.state == .done }?.job == job)
        }
    }
}
