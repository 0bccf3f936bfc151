import Fathom
import FathomServer
import Foundation
import HummingbirdTesting
import Testing

/// A job over several scans of one session: the scans' frames are fused together.
@Suite struct MultiScanJobTests {
    /// Two uploads of the same scan (one session, one world frame) make the same plan as one: fusing
    /// the same depth twice averages every voxel to the same point.
    @Test func twoScansOfOneSessionMakeTheSamePlanAsOne() async throws {
        let configuration = try await StoreKind.sqlite.configuration()
        let account = try await StoreKind.withStore(configuration) { try await AccountCredentials.create(in: $0.store) }
        let zip = try Data(contentsOf: ServerFixtures.scanZip)
        let single = try FloorPlanExtractor().extract(package: try ScanPackage(url: ServerFixtures.scanZip)).plan
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            var ids: [String] = []
            for _ in 0..<2 {
                let r = try await client.call(.post, "/v1/scans", key: account.apiKey, body: zip)
                #expect(r.status == .created)
                ids.append(try JSONDecoder().decode(ScanSummary.self, from: r.body).id)
            }
            let body = try JSONEncoder().encode(["scans": ids])
            let created = try await client.call(.post, "/v1/jobs", key: account.apiKey, body: body)
            #expect(created.status == .accepted)
            let id = try JSONDecoder().decode(JobDTO.self, from: created.body).id
            let job = try await client.waitForJob(id, key: account.apiKey)
            #expect(job.state == .done, "\(job.reason ?? "")")
            #expect(job.scans == ids)
            let file = try await client.call(.get, "/v1/jobs/\(id)/results/plan.json", key: account.apiKey)
            let merged = try JSONDecoder().decode(FloorPlan.self, from: file.body)
            #expect(merged.walls.count == single.walls.count)
            #expect(merged.openings.count == single.openings.count)
            #expect(merged.rooms.map(\.label) == single.rooms.map(\.label))
            for (a, b) in Swift.zip(merged.rooms, single.rooms) {
                #expect(abs(a.area - b.area) <= 0.01 * b.area, "room area \(a.area) m² vs \(b.area) m²")
            }
        }
    }
}
