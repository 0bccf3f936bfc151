import Fathom
import Foundation
import Hummingbird
import NIOCore
import NIOFoundationCompat

/// `/v1/scans`: upload a scan package zip, read its summary, download its fused cloud.
public struct ScansController: Sendable {
    /// The store.
    public var store: any ServerStore
    /// The blobs.
    public var blobs: BlobStore
    /// Largest upload, bytes (413 above).
    public var maximumUploadByteCount: Int64
    /// The zip limits (422 beyond).
    public var zipLimits: ZipLimits
    /// Longest time checking one upload may take, seconds (422 beyond).
    public var checkTimeLimitSeconds: Double

    /// A controller.
    public init(
        store: any ServerStore, blobs: BlobStore, maximumUploadByteCount: Int64, zipLimits: ZipLimits,
        checkTimeLimitSeconds: Double
    ) {
        self.store = store
        self.blobs = blobs
        self.maximumUploadByteCount = maximumUploadByteCount
        self.zipLimits = zipLimits
        self.checkTimeLimitSeconds = checkTimeLimitSeconds
    }

    /// Adds the routes to `group`.
    public func addRoutes(to group: RouterGroup<ServerRequestContext>) {
        group.post(use: upload)
        group.get(use: list)
        group.get(":id", use: summary)
        group.get(":id/cloud.ply", use: cloud)
        group.get(":id/cloud-view.json", use: cloudView)
    }

    /// Most points `cloud-view.json` carries (about 1.2 MB of base64).
    public static let maximumViewPoints = 100_000

    /// `GET /v1/scans`: the account's scans (their summaries), newest first.
    @Sendable func list(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let scans = try await store.scans(accountID: account.id, limit: MapsController.listLimit)
        let summaries = try scans.map { try JSONDecoder().decode(ScanSummary.self, from: Data($0.summaryJSON.utf8)) }
        return Self.json(try Self.encoder.encode(["scans": summaries]), status: .ok)
    }

    /// `GET /v1/scans/{id}/cloud-view.json`: the fused cloud thinned to at most `maximumViewPoints`,
    /// quantized for the web page's 3D view (`PointCloudWebView.Payload.json`).
    @Sendable func cloudView(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let url = try await fusedCloud(try await ownedScan(context))
        let json = try await BlockingWork.run {
            PointCloudWebView.Payload(cloud: try PointCloudFile.read(url), maximumPoints: Self.maximumViewPoints).json
        }
        return Self.json(Data(json.utf8), status: .ok)
    }

    /// `POST /v1/scans`: the body (a zip) streamed to a file, checked, extracted, replayed; 201 and the summary.
    @Sendable func upload(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        if let length = request.headers[.contentLength].flatMap({ Int64($0) }), length > maximumUploadByteCount {
            throw APIError(.contentTooLarge, "the upload is \(length) bytes, more than the limit of \(maximumUploadByteCount)")
        }
        let uploadURL = blobs.newUploadURL()
        let byteCount = try await request.body.write(to: uploadURL, limit: maximumUploadByteCount)
        guard byteCount > 0 else {
            try? FileManager.default.removeItem(at: uploadURL)
            throw APIError(.badRequest, "the body is empty: send the scan package zip as the body")
        }
        let scanID = Identifiers.make("scan")
        let created = Date()
        let ingest = ScanIngest(blobs: blobs, limits: zipLimits)
        let summary: ScanSummary
        do {
            summary = try await BlockingWork.run(timeLimit: checkTimeLimitSeconds) {
                try ingest.ingest(upload: uploadURL, byteCount: byteCount, scanID: scanID, createdAt: created)
            }
        } catch let rejection as ZipRejection {
            throw APIError(.unprocessableContent, "unsafe or invalid zip: \(rejection.reason)")
        } catch let refusal as ScanIngest.Refusal {
            throw APIError(.unprocessableContent, refusal.reason)
        } catch let limit as BlockingWork.TimeLimitExceeded {
            try? FileManager.default.removeItem(at: uploadURL)
            throw APIError(.unprocessableContent, "the scan package could not be checked: checking \(limit)")
        }
        let json = try Self.encoder.encode(summary)
        try await store.insertScan(
            ScanRecord(
                id: scanID, accountID: account.id, createdAt: created.timeIntervalSince1970, byteCount: byteCount,
                summaryJSON: String(decoding: json, as: UTF8.self)))
        context.logger.info("scan stored", metadata: ["scan": "\(scanID)", "bytes": "\(byteCount)", "verdict": "\(summary.verdict)"])
        return Self.json(json, status: .created, location: "/v1/scans/\(scanID)")
    }

    /// `GET /v1/scans/{id}`: the summary stored at upload.
    @Sendable func summary(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let scan = try await ownedScan(context)
        return Self.json(Data(scan.summaryJSON.utf8), status: .ok)
    }

    /// `GET /v1/scans/{id}/cloud.ply`: the fused depth cloud (made on first request, then kept).
    @Sendable func cloud(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let url = try await fusedCloud(try await ownedScan(context))
        let body = try await FileIO().loadFile(path: url.path, context: context)
        return Response(status: .ok, headers: [.contentType: "application/x-ply"], body: body)
    }

    /// The scan's fused cloud file, made on first request.
    func fusedCloud(_ scan: ScanRecord) async throws -> URL {
        let url = blobs.scanDirectory(scan.id).appendingPathComponent("cloud.ply")
        if !FileManager.default.fileExists(atPath: url.path) {
            let package = blobs.packageDirectory(scan.id)
            do {
                try await BlockingWork.run(timeLimit: checkTimeLimitSeconds * 5) { try Self.fuseCloud(package, to: url) }
            } catch let limit as BlockingWork.TimeLimitExceeded {
                throw APIError(.serviceUnavailable, "the cloud could not be made: fusing \(limit)")
            }
        }
        return url
    }

    /// Fuses a package's depth frames with `fathom cloud`'s defaults and writes a PLY.
    static func fuseCloud(_ package: URL, to url: URL) throws {
        let scan = try ScanPackage(url: package)
        var pipeline = DepthFusionPipeline(
            builder: DepthCloudBuilder(), upsampler: nil, upsampledSize: nil, fusion: VoxelFusionConfiguration())
        var iterator = scan.frames()
        while let frame = try iterator.next() { pipeline.process(frame) }
        let temporary = url.deletingLastPathComponent().appendingPathComponent("cloud-\(UUID().uuidString).ply")
        try PointCloudFile.write(pipeline.fusion.pointCloud(minimumSampleCount: 2), to: temporary)
        // rename(2) replaces atomically: a concurrent request sees the old file or the new one, never half.
        guard rename(temporary.path, url.path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// The scan named in the path if it belongs to the caller, else 404.
    func ownedScan(_ context: ServerRequestContext) async throws -> ScanRecord {
        let account = try context.requireAccount()
        let id = try context.parameters.require("id")
        guard let scan = try await store.scan(id: id, accountID: account.id) else {
            throw APIError(.notFound, "no scan '\(id)'")
        }
        return scan
    }

    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }()

    /// A JSON response.
    static func json(_ data: Data, status: HTTPResponse.Status, location: String? = nil) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let location { headers[.location] = location }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
