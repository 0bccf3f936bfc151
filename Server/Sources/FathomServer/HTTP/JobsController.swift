import Foundation
import Hummingbird

/// `/v1/jobs`: queue a conversion of one or several scans into a floor plan, follow it, download results.
public struct JobsController: Sendable {
    /// The store.
    public var store: any ServerStore
    /// The blobs.
    public var blobs: BlobStore
    /// Most scans one job may merge.
    public static let maximumScanCount = 20

    /// A controller.
    public init(store: any ServerStore, blobs: BlobStore) {
        self.store = store
        self.blobs = blobs
    }

    /// Adds the routes to `group`.
    public func addRoutes(to group: RouterGroup<ServerRequestContext>) {
        group.post(use: create)
        group.get(use: list)
        group.get(":id", use: show)
        group.get(":id/results/:name", use: result)
    }

    /// `POST /v1/jobs` `{"scans": [id, …]}`: 202 and the queued job.
    @Sendable func create(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let body = try await request.decodeJSON(CreateJobRequest.self, context: context)
        guard !body.scans.isEmpty else { throw APIError(.badRequest, "'scans' must name at least one scan") }
        guard body.scans.count <= Self.maximumScanCount else {
            throw APIError(.badRequest, "'scans' names \(body.scans.count) scans, more than \(Self.maximumScanCount)")
        }
        guard Set(body.scans).count == body.scans.count else { throw APIError(.badRequest, "'scans' repeats a scan") }
        for id in body.scans {
            guard let scan = try await store.scan(id: id, accountID: account.id) else {
                throw APIError(.notFound, "no scan '\(id)'")
            }
            let summary = try? JSONDecoder().decode(ScanSummary.self, from: Data(scan.summaryJSON.utf8))
            if let summary, !summary.hasDepth || summary.depthFrameCount == 0 {
                throw APIError(.unprocessableContent, "scan '\(id)' has no depth frames; a floor plan needs a LiDAR scan")
            }
        }
        let job = JobRecord(
            id: Identifiers.make("job"), accountID: account.id, scanIDs: body.scans, createdAt: try await store.now())
        try await store.insertJob(job)
        await JobEvents(store: store).stateChanged(job, logger: context.logger)
        context.logger.info("job queued", metadata: ["job": "\(job.id)", "scans": "\(body.scans.count)"])
        return try Self.json(JobDTO(job), status: .accepted, location: "/v1/jobs/\(job.id)")
    }

    /// `GET /v1/jobs`: the account's jobs, newest first.
    @Sendable func list(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let jobs = try await store.jobs(accountID: account.id, limit: MapsController.listLimit)
        return try Self.json(["jobs": jobs.map(JobDTO.init)], status: .ok)
    }

    /// `GET /v1/jobs/{id}`: state, progress, reason, results.
    @Sendable func show(_ request: Request, context: ServerRequestContext) async throws -> Response {
        try Self.json(JobDTO(try await ownedJob(context)), status: .ok)
    }

    /// `GET /v1/jobs/{id}/results/{name}`: one result file of a done job.
    @Sendable func result(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let job = try await ownedJob(context)
        let name = try context.parameters.require("name")
        guard let type = Self.contentType(ofResult: name) else {
            throw APIError(
                .notFound,
                "no result '\(name)'; results: \((PlanConversion.resultNames + ["plan-2.json, …", PlanConversion.mergeReportName]).joined(separator: ", "))"
            )
        }
        guard job.state == .done, let folder = job.resultDirectory, job.results.contains(name) else {
            throw APIError(.notFound, "job '\(job.id)' has no results (state \(job.state.rawValue))")
        }
        let body = try await FileIO().loadFile(path: blobs.url(folder).appendingPathComponent(name).path, context: context)
        return Response(
            status: .ok,
            headers: [.contentType: type, .contentDisposition: "attachment; filename=\"\(name)\""], body: body)
    }

    /// The job named in the path if it belongs to the caller, else 404.
    func ownedJob(_ context: ServerRequestContext) async throws -> JobRecord {
        let account = try context.requireAccount()
        let id = try context.parameters.require("id")
        guard let job = try await store.job(id: id, accountID: account.id) else { throw APIError(.notFound, "no job '\(id)'") }
        return job
    }

    static let contentTypes = [
        "plan.json": "application/json", "plan.svg": "image/svg+xml", "plan.dxf": "image/vnd.dxf",
        "plan.usdz": "model/vnd.usdz+zip", "roomplan.json": "application/json", PlanConversion.mergeReportName: "application/json",
    ]

    /// The content type of a result name, or nil when no job has such a result: the fixed names and the
    /// plans of scans that could not be merged (`plan-2.json`, …).
    static func contentType(ofResult name: String) -> String? {
        if let type = contentTypes[name] { return type }
        guard name.hasPrefix("plan-"), name.hasSuffix(".json"),
            let n = Int(name.dropFirst("plan-".count).dropLast(".json".count)), n >= 2
        else { return nil }
        return "application/json"
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status, location: String? = nil) throws -> Response {
        ScansController.json(try ScansController.encoder.encode(value), status: status, location: location)
    }
}
