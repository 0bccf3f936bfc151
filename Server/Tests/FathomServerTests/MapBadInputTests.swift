import Fathom
import FathomServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Every mistake with maps, anchors and localizing is refused with its status and a reason naming the
/// field, and the map is unharmed.
@Suite struct MapBadInputTests {
    static func cases(mapID: String, anchorID: UUID) -> [BadInputTests.Case] {
        typealias Case = BadInputTests.Case
        let localize = "/v1/maps/\(mapID)/localize"
        let anchors = "/v1/maps/\(mapID)/anchors"
        let good = SharedAnchorFixtures.otherRoomSession.points.positions
        func points(_ text: String) -> Data { Data(#"{"points": \#(text)}"#.utf8) }
        let tooMany = SharedAnchorFixtures.localizeBody(Array(repeating: SIMD3<Float>(1, 2, 3), count: LocalizeRequest.maximumPointCount + 1))
        return [
            Case(name: "empty map body", method: .post, path: "/v1/maps", body: nil, status: .badRequest, reasonContains: "empty"),
            Case(name: "map body not JSON", method: .post, path: "/v1/maps", body: Data("PK\u{3}\u{4}".utf8), status: .badRequest,
                 reasonContains: "JSON"),
            Case(name: "map body neither", method: .post, path: "/v1/maps", body: Data(#"{"name": 3}"#.utf8), status: .badRequest,
                 reasonContains: "'scanId'"),
            Case(name: "scanId not a string", method: .post, path: "/v1/maps", body: Data(#"{"scanId": 3}"#.utf8),
                 status: .badRequest, reasonContains: "'scanId'"),
            Case(name: "unknown scan", method: .post, path: "/v1/maps", body: Data(#"{"scanId": "scan_nope"}"#.utf8),
                 status: .notFound, reasonContains: "scan_nope"),
            Case(name: "world map of another version", method: .post, path: "/v1/maps",
                 body: Data(#"{"format": "fathom-worldmap", "formatVersion": 9, "createdAt": 0, "extentMin": [0,0,0], "extentMax": [1,1,1], "positions": [], "anchors": []}"#.utf8),
                 status: .unprocessableContent, reasonContains: "formatVersion 9"),
            Case(name: "world map with a broken array", method: .post, path: "/v1/maps",
                 body: Data(#"{"format": "fathom-worldmap", "formatVersion": 2, "createdAt": 0, "extentMin": [0,0,0], "extentMax": [1,1,1], "positions": [1, 2], "anchors": []}"#.utf8),
                 status: .unprocessableContent, reasonContains: "3 numbers per point"),
            Case(name: "world map too small", method: .post, path: "/v1/maps",
                 body: Data(#"{"format": "fathom-worldmap", "formatVersion": 2, "createdAt": 0, "extentMin": [0,0,0], "extentMax": [1,1,1], "positions": [1, 2, 3], "anchors": []}"#.utf8),
                 status: .unprocessableContent, reasonContains: "holds 1 points"),
            Case(name: "unknown map", method: .get, path: "/v1/maps/map_nope", status: .notFound, reasonContains: "map_nope"),
            Case(name: "localize an unknown map", method: .post, path: "/v1/maps/map_nope/localize",
                 body: SharedAnchorFixtures.localizeBody(good), status: .notFound, reasonContains: "map_nope"),
            Case(name: "no points field", method: .post, path: localize, body: Data(#"{"pts": []}"#.utf8), status: .badRequest,
                 reasonContains: "'points'"),
            Case(name: "too few points", method: .post, path: localize, body: points("[[1,2,3]]"), status: .badRequest,
                 reasonContains: "'points' holds 1 points"),
            Case(name: "too many points", method: .post, path: localize, body: tooMany, status: .badRequest,
                 reasonContains: "'points' holds \(LocalizeRequest.maximumPointCount + 1) points"),
            Case(name: "a point of two numbers", method: .post, path: localize,
                 body: points("[" + Array(repeating: "[1,2,3]", count: 40).joined(separator: ",") + ",[1,2]]"),
                 status: .badRequest, reasonContains: "'points.40' has 2 numbers"),
            Case(name: "NaN", method: .post, path: localize, body: points("[[NaN,1,2]]"), status: .badRequest, reasonContains: "JSON"),
            Case(name: "a number past Float", method: .post, path: localize, body: points("[[1e39,1,2]]"), status: .badRequest,
                 reasonContains: "not valid JSON"),
            Case(name: "a point far away", method: .post, path: localize,
                 body: points("[" + Array(repeating: "[1,2,3]", count: 40).joined(separator: ",") + ",[1,2,30000]]"),
                 status: .badRequest, reasonContains: "'points.40' lies farther"),
            Case(name: "points not numbers", method: .post, path: localize, body: points(#"[["a","b","c"]]"#), status: .badRequest,
                 reasonContains: "'points.0.0'"),
            Case(name: "anchor not rigid", method: .post, path: anchors,
                 body: Data(#"{"kind": "pane", "worldFromAnchor": [2,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]}"#.utf8),
                 status: .badRequest, reasonContains: "'worldFromAnchor'"),
            Case(name: "anchor of 15 numbers", method: .post, path: anchors,
                 body: Data(#"{"kind": "pane", "worldFromAnchor": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0]}"#.utf8),
                 status: .badRequest, reasonContains: "'worldFromAnchor'"),
            Case(name: "anchor without kind", method: .post, path: anchors,
                 body: Data(#"{"kind": "", "worldFromAnchor": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]}"#.utf8),
                 status: .badRequest, reasonContains: "'kind'"),
            Case(name: "anchor id not a UUID", method: .post, path: anchors,
                 body: Data(#"{"id": "x", "kind": "pane", "worldFromAnchor": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]}"#.utf8),
                 status: .badRequest, reasonContains: "'id'"),
            Case(name: "anchor placed twice", method: .post, path: anchors,
                 body: SharedAnchorFixtures.anchorBody(.identity, kind: "pane", id: anchorID), status: .conflict,
                 reasonContains: anchorID.uuidString),
            Case(name: "delete an unknown anchor", method: .delete, path: "\(anchors)/\(UUID().uuidString)", status: .notFound,
                 reasonContains: "no anchor"),
            Case(name: "delete a malformed anchor id", method: .delete, path: "\(anchors)/nope", status: .notFound,
                 reasonContains: "no anchor 'nope'"),
        ]
    }

    @Test(arguments: StoreKind.available)
    func everyMapMistakeIsRefusedWithItsStatusAndReason(kind: StoreKind) async throws {
        let configuration = try await kind.configuration()
        let account = try await StoreKind.withStore(configuration) { try await AccountCredentials.create(in: $0.store) }
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let created = try await client.call(
                .post, "/v1/maps", key: account.apiKey, body: try SharedAnchorFixtures.otherRoomSession.jsonData())
            #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
            let map = try JSONDecoder().decode(MapDTO.self, from: created.body)
            let anchorID = UUID()
            let placed = try await client.call(
                .post, "/v1/maps/\(map.id)/anchors", key: account.apiKey,
                body: SharedAnchorFixtures.anchorBody(.identity, kind: "pane", id: anchorID))
            #expect(placed.status == .created)
            for c in Self.cases(mapID: map.id, anchorID: anchorID) {
                let (r, _) = try await BadInputTests.timed(client, c, key: account.apiKey)
                let reason = type(of: client).reason(r.body)
                #expect(r.status == c.status, "\(c.name): \(String(decoding: r.body.prefix(300), as: UTF8.self))")
                #expect(reason?.contains(c.reasonContains) == true, "\(c.name): \(reason ?? "no reason")")
            }
            // Unharmed: one map, one anchor, and no upload left behind.
            let anchors = try await client.call(.get, "/v1/maps/\(map.id)/anchors", key: account.apiKey)
            #expect(try JSONDecoder().decode([String: [Anchor]].self, from: anchors.body)["anchors"]?.map(\.id) == [anchorID])
            let uploads = try FileManager.default.contentsOfDirectory(atPath: configuration.blobDirectory.appendingPathComponent("uploads").path)
            #expect(uploads.isEmpty)
        }
    }
}
