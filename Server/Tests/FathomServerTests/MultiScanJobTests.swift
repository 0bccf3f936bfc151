import Fathom
import FathomServer
import Foundation
import HummingbirdTesting
import Testing

/// A job over several scans of one home, each made in its own session (its own world frame): the scans
/// are registered into the first one's frame (`FloorPlanExtractor.extract(packages:)`), and `merge.json`
/// says which scans went into which plan and why a scan could not be merged.
@Suite struct MultiScanJobTests {
    /// The sample room scanned again in a second session whose origin is turned 50° and moved 2 m:
    /// one plan like the single scan's, the second scan placed at the inverse of its session origin.
    @Test func twoSessionsOfOneRoomMakeOnePlan() async throws {
        let origin = RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 50 * .pi / 180), translation: SIMD3(2, 0.1, -1))
        let second = try Self.zip(SampleScan.scene, seed: 6, sceneFromSession: origin)
        let single = try FloorPlanExtractor().extract(package: try ScanPackage(url: ServerFixtures.scanZip)).plan
        let (job, ids, report, files) = try await Self.runJob([ServerFixtures.scanZip, second])
        #expect(job.results.map(\.name) == PlanConversion.resultNames + [PlanConversion.mergeReportName])
        #expect(report.isMerged && report.plans == [MergeReport.Plan(file: "plan.json", scans: ids)])
        #expect(report.messages.count == 1 && report.messages[0].hasPrefix("merged \(ids[1])"), "\(report.messages)")
        let merged = try JSONDecoder().decode(FloorPlan.self, from: files["plan.json"]!)
        #expect(merged.walls.count == single.walls.count)
        #expect(merged.openings.count == single.openings.count)
        #expect(merged.rooms.map(\.label) == single.rooms.map(\.label))
        for (a, b) in Swift.zip(merged.rooms, single.rooms) {
            #expect(abs(a.area - b.area) <= 0.02 * b.area, "room area \(a.area) m² vs \(b.area) m²")
        }
    }

    /// The sample room and a hall of another home (no overlap): not merged; the room's plan is
    /// `plan.json`, the hall's `plan-2.json`, and `merge.json` names the hall's scan and why.
    @Test func scansWithoutOverlapGiveAPlanEach() async throws {
        let hall = SceneDescription(
            rooms: [RoomDescription(polygon: [SIMD2(0, 0), SIMD2(0, 2.4), SIMD2(6, 2.4), SIMD2(6, 0)], height: 2.5)],
            path: .walk(
                WalkPath(
                    waypoints: [SIMD2(1.0, 0.9), SIMD2(1.0, 1.5), SIMD2(5.0, 1.5), SIMD2(5.0, 0.9)], speed: 0.7,
                    sweepDegrees: 10, closed: true)))
        let origin = RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 0.7), translation: SIMD3(-2, 0, 1))
        let second = try Self.zip(hall, seed: 7, sceneFromSession: origin)
        let (job, ids, report, files) = try await Self.runJob([ServerFixtures.scanZip, second])
        #expect(job.results.map(\.name) == PlanConversion.resultNames + ["plan-2.json", PlanConversion.mergeReportName])
        #expect(!report.isMerged)
        #expect(report.plans == [MergeReport.Plan(file: "plan.json", scans: [ids[0]]), MergeReport.Plan(file: "plan-2.json", scans: [ids[1]])])
        #expect(report.messages.contains { $0.hasPrefix("\(ids[1]) could not be registered") }, "\(report.messages)")
        let room = try JSONDecoder().decode(FloorPlan.self, from: files["plan.json"]!)
        let hallPlan = try JSONDecoder().decode(FloorPlan.self, from: files["plan-2.json"]!)
        #expect(room.rooms.map(\.label) == ["Study"])
        #expect(hallPlan.rooms.count == 1 && abs(hallPlan.rooms[0].area - 6 * 2.4) <= 0.5, "\(hallPlan.rooms.map(\.area))")
    }

    /// `scene` simulated as the sample scan is (depth only, 128 × 96, every 8th frame) from another
    /// session origin, written as a zip.
    static func zip(_ scene: SceneDescription, seed: UInt64, sceneFromSession: RigidTransform) throws -> URL {
        let work = ServerFixtures.temporaryDirectory()
        let url = work.appendingPathComponent("session-\(seed).zip")
        let simulation = try ScanSimulation(
            description: scene, sensors: SampleScan.sensors(), seed: seed, sceneFromSession: sceneFromSession)
        try simulation.writeZip(to: url, workingDirectory: work.appendingPathComponent("work"))
        return url
    }

    /// Uploads `zips`, runs one job over them and returns the finished job, the scan identifiers, the
    /// merge report and every result file.
    static func runJob(_ zips: [URL]) async throws -> (JobDTO, [String], MergeReport, [String: Data]) {
        let configuration = try await StoreKind.sqlite.configuration()
        let account = try await StoreKind.withStore(configuration) { try await AccountCredentials.create(in: $0.store) }
        let app = try await buildApplication(configuration)
        return try await app.test(.router) { client in
            var ids: [String] = []
            for zip in zips {
                let r = try await client.call(.post, "/v1/scans", key: account.apiKey, body: try Data(contentsOf: zip))
                #expect(r.status == .created)
                ids.append(try JSONDecoder().decode(ScanSummary.self, from: r.body).id)
            }
            let created = try await client.call(
                .post, "/v1/jobs", key: account.apiKey, body: try JSONEncoder().encode(["scans": ids]))
            #expect(created.status == .accepted)
            let id = try JSONDecoder().decode(JobDTO.self, from: created.body).id
            let job = try await client.waitForJob(id, key: account.apiKey)
            #expect(job.state == .done, "\(job.reason ?? "")")
            #expect(job.scans == ids)
            var files: [String: Data] = [:]
            for result in job.results {
                let file = try await client.call(.get, "/v1/jobs/\(id)/results/\(result.name)", key: account.apiKey)
                #expect(file.status == .ok, "\(result.name)")
                files[result.name] = file.body
            }
            let report = try JSONDecoder().decode(MergeReport.self, from: files[PlanConversion.mergeReportName] ?? Data())
            return (job, ids, report, files)
        }
    }
}
