import Fathom
import Foundation
import Hummingbird

/// `/v1/maps`: shared anchors. World maps (built from a stored scan or uploaded), anchors placed on them,
/// and localizing a new session against a map, which answers the map's anchors in the session's frame.
public struct MapsController: Sendable {
    /// The store.
    public var store: any ServerStore
    /// The blobs.
    public var blobs: BlobStore
    /// The maps' files and prepared maps.
    public var library: MapLibrary
    /// Longest time building a map or localizing may take, seconds (422 / 503 beyond).
    public var timeLimitSeconds: Double

    /// Largest uploaded world-map file, bytes (413 above).
    public static let maximumMapByteCount: Int64 = 64 << 20
    /// Most items a list answers (newest first).
    public static let listLimit = 100

    /// A controller.
    public init(store: any ServerStore, blobs: BlobStore, library: MapLibrary, timeLimitSeconds: Double) {
        self.store = store
        self.blobs = blobs
        self.library = library
        self.timeLimitSeconds = timeLimitSeconds
    }

    /// Adds the routes to `group`.
    public func addRoutes(to group: RouterGroup<ServerRequestContext>) {
        group.post(use: create)
        group.get(use: list)
        group.get(":id", use: show)
        group.delete(":id", use: remove)
        group.post(":id/anchors", use: addAnchor)
        group.get(":id/anchors", use: listAnchors)
        group.delete(":id/anchors/:anchorId", use: removeAnchor)
        group.post(":id/localize", use: localize)
    }

    /// `POST /v1/maps`: `{"scanId": …}` builds a map from a stored scan's feature points; a fathom-worldmap
    /// file is stored as uploaded (its anchors become the map's). 201 and the map.
    @Sendable func create(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let uploadURL = blobs.newUploadURL()
        let byteCount = try await request.body.write(to: uploadURL, limit: Self.maximumMapByteCount)
        defer { try? FileManager.default.removeItem(at: uploadURL) }
        guard byteCount > 0 else {
            throw APIError(.badRequest, "the body is empty: send {\"scanId\": …} or a world map file (fathom map)")
        }
        let source: CreateMapRequest
        do { source = try JSONDecoder().decode(CreateMapRequest.self, from: Data(contentsOf: uploadURL)) } catch let error as DecodingError {
            throw APIError(.badRequest, "the JSON body has the wrong shape: \(ErrorMiddleware<ServerRequestContext>.describe(error))")
        }
        let mapID = Identifiers.make("map")
        let library = self.library
        let map: WorldMap
        var scanID: String?
        if let id = source.scanId {
            guard let scan = try await store.scan(id: id, accountID: account.id) else { throw APIError(.notFound, "no scan '\(id)'") }
            scanID = scan.id
            let package = blobs.packageDirectory(scan.id)
            map = try await refusing("building the map") { try MapLibrary.build(package: package) }
        } else if source.format != nil {
            map = try await refusing("reading the map") { try MapLibrary.read(upload: uploadURL) }
        } else {
            throw APIError(.badRequest, "the body names no 'scanId' and is not a world map file (no 'format')")
        }
        try await BlockingWork.run { try library.write(map, id: mapID) }
        let record = MapRecord(
            id: mapID, accountID: account.id, createdAt: try await store.now(), scanID: scanID, pointCount: map.points.count,
            extent: [map.extent.min.x, map.extent.min.y, map.extent.min.z, map.extent.max.x, map.extent.max.y, map.extent.max.z])
        try await store.insertMap(record)
        for anchor in map.anchors { try await store.insertAnchor(try Self.record(anchor, map: record)) }
        context.logger.info("map stored", metadata: ["map": "\(mapID)", "points": "\(map.points.count)"])
        return try JobsController.json(MapDTO(record), status: .created, location: "/v1/maps/\(mapID)")
    }

    /// `GET /v1/maps`: the account's maps, newest first.
    @Sendable func list(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let maps = try await store.maps(accountID: account.id, limit: Self.listLimit)
        return try JobsController.json(["maps": maps.map(MapDTO.init)], status: .ok)
    }

    /// `GET /v1/maps/{id}`.
    @Sendable func show(_ request: Request, context: ServerRequestContext) async throws -> Response {
        try JobsController.json(MapDTO(try await ownedMap(context)), status: .ok)
    }

    /// `DELETE /v1/maps/{id}`: the map and its anchors; 204.
    @Sendable func remove(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let map = try await ownedMap(context)
        guard try await store.deleteMap(id: map.id, accountID: map.accountID) else { throw APIError(.notFound, "no map '\(map.id)'") }
        library.remove(id: map.id)
        return Response(status: .noContent)
    }

    /// `POST /v1/maps/{id}/anchors`: places an anchor (pose in the map's frame); 201 and the anchor.
    @Sendable func addAnchor(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let map = try await ownedMap(context)
        let body = try await request.decodeJSON(CreateAnchorRequest.self, context: context)
        guard !body.kind.isEmpty, body.kind.count <= CreateAnchorRequest.maximumKindLength else {
            throw APIError(.badRequest, "'kind' must hold 1 to \(CreateAnchorRequest.maximumKindLength) characters")
        }
        guard let matrix = Matrix4x4(columnMajor: body.worldFromAnchor), let pose = RigidTransform(matrix) else {
            throw APIError(
                .badRequest,
                "'worldFromAnchor' must be 16 finite numbers, column-major, forming a rigid transform (a rotation and a translation)")
        }
        let anchor = Anchor(
            id: body.id ?? UUID(), worldFromAnchor: pose, kind: body.kind,
            createdAt: Date(timeIntervalSince1970: try await store.now()), payload: body.payload ?? .null)
        let existing = try await store.anchors(mapID: map.id, accountID: map.accountID)
        guard !existing.contains(where: { $0.id == anchor.id.uuidString }) else {
            throw APIError(.conflict, "map '\(map.id)' already has an anchor '\(anchor.id.uuidString)'")
        }
        try await store.insertAnchor(try Self.record(anchor, map: map))
        return ScansController.json(
            try ScansController.encoder.encode(anchor), status: .created,
            location: "/v1/maps/\(map.id)/anchors/\(anchor.id.uuidString)")
    }

    /// `GET /v1/maps/{id}/anchors`: the map's anchors, poses in the map's frame, oldest first.
    @Sendable func listAnchors(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let map = try await ownedMap(context)
        return try JobsController.json(["anchors": try await anchors(of: map)], status: .ok)
    }

    /// `DELETE /v1/maps/{id}/anchors/{anchorId}`: 204.
    @Sendable func removeAnchor(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let map = try await ownedMap(context)
        let text = try context.parameters.require("anchorId")
        guard let id = UUID(uuidString: text), try await store.deleteAnchor(id: id.uuidString, mapID: map.id, accountID: map.accountID)
        else { throw APIError(.notFound, "map '\(map.id)' has no anchor '\(text)'") }
        return Response(status: .noContent)
    }

    /// `POST /v1/maps/{id}/localize`: registers a session's points to the map; the verdict, the transform
    /// and, when trusted, the map's anchors in the session's frame.
    @Sendable func localize(_ request: Request, context: ServerRequestContext) async throws -> Response {
        let map = try await ownedMap(context)
        let body = try await request.decodeJSON(LocalizeRequest.self, context: context, limit: LocalizeRequest.maximumByteCount)
        let points = try Self.validatedPoints(body.points)
        let mode: RegistrationMode = body.gravityAligned == false ? .general : .gravityAligned
        let seed = body.seed ?? 0
        let anchors = try await anchors(of: map)
        // Maps built here from scans are filtered world maps, which the relocalizer's fixed settings are
        // designed for; an uploaded map may be of any density, so its settings are measured from it.
        let library = self.library, id = map.id, adapts = map.scanID == nil
        let result: RegistrationResult
        do {
            result = try await BlockingWork.run(timeLimit: timeLimitSeconds) {
                try library.prepared(id: id, mode: mode, adaptsToMap: adapts).localize(points, seed: seed)
            }
        } catch let limit as BlockingWork.TimeLimitExceeded {
            throw APIError(.serviceUnavailable, "localizing \(limit)")
        }
        return try JobsController.json(LocalizeResponse(result, mapAnchors: anchors), status: .ok)
    }

    /// The points as vectors, or 400 naming the first bad one.
    static func validatedPoints(_ points: [[Float]]) throws -> [SIMD3<Float>] {
        guard points.count >= LocalizeRequest.minimumPointCount, points.count <= LocalizeRequest.maximumPointCount else {
            throw APIError(
                .badRequest,
                "'points' holds \(points.count) points; between \(LocalizeRequest.minimumPointCount) and \(LocalizeRequest.maximumPointCount) are accepted")
        }
        var result: [SIMD3<Float>] = []
        result.reserveCapacity(points.count)
        for (i, p) in points.enumerated() {
            guard p.count == 3 else { throw APIError(.badRequest, "'points.\(i)' has \(p.count) numbers; a point is [x, y, z]") }
            let v = SIMD3(p[0], p[1], p[2])
            guard v.isFinite, max(abs(v.x), abs(v.y), abs(v.z)) <= LocalizeRequest.maximumCoordinate else {
                throw APIError(
                    .badRequest, "'points.\(i)' lies farther than \(Int(LocalizeRequest.maximumCoordinate)) m from the session's origin")
            }
            result.append(v)
        }
        return result
    }

    /// The map named in the path if it belongs to the caller, else 404.
    func ownedMap(_ context: ServerRequestContext) async throws -> MapRecord {
        let account = try context.requireAccount()
        let id = try context.parameters.require("id")
        guard let map = try await store.map(id: id, accountID: account.id) else { throw APIError(.notFound, "no map '\(id)'") }
        return map
    }

    /// The map's anchors, poses in the map's frame.
    func anchors(of map: MapRecord) async throws -> [Anchor] {
        try await store.anchors(mapID: map.id, accountID: map.accountID).map {
            try JSONDecoder().decode(Anchor.self, from: Data($0.anchorJSON.utf8))
        }
    }

    /// `body` run as blocking work under the time limit, its refusals answered 422.
    func refusing<T: Sendable>(_ what: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        do {
            return try await BlockingWork.run(timeLimit: timeLimitSeconds, body)
        } catch let refusal as MapLibrary.Refusal {
            throw APIError(.unprocessableContent, refusal.reason)
        } catch let limit as BlockingWork.TimeLimitExceeded {
            throw APIError(.unprocessableContent, "\(what) \(limit)")
        }
    }

    /// The store's row of an anchor placed on `map`.
    static func record(_ anchor: Anchor, map: MapRecord) throws -> AnchorRecord {
        AnchorRecord(
            id: anchor.id.uuidString, mapID: map.id, accountID: map.accountID, createdAt: anchor.createdAt.timeIntervalSince1970,
            anchorJSON: String(decoding: try ScansController.encoder.encode(anchor), as: UTF8.self))
    }
}
