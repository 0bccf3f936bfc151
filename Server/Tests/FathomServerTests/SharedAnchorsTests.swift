import Fathom
import FathomServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Shared anchors through the API, on each store: a map stored from the first session's scan, anchors
/// placed on it, a second session of the same room (another origin) localized against it receiving the
/// anchors where they truly are; a session in another room refused; accounts kept apart.
@Suite struct SharedAnchorsTests {
    /// How far a returned anchor may lie from its true place in the second session's frame, metres.
    static let anchorTolerance: Float = 0.03
    /// How far a returned anchor's orientation may turn from the truth, radians (1°).
    static let anchorAngleTolerance: Float = 0.0175

    @Test(arguments: StoreKind.available)
    func aSecondSessionReceivesTheFirstSessionsAnchors(kind: StoreKind) async throws {
        let configuration = try await kind.configuration()
        let (alice, bob) = try await StoreKind.withStore(configuration) { s in
            (try await AccountCredentials.create(in: s.store), try await AccountCredentials.create(in: s.store))
        }
        let scenario = SharedAnchorFixtures.scenario
        let zip = try Data(contentsOf: SharedAnchorFixtures.mapScanZip)
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            // The first device: its scan, a map of it, two anchors.
            let upload = try await client.call(.post, "/v1/scans", key: alice.apiKey, body: zip)
            #expect(upload.status == .created, "\(String(decoding: upload.body, as: UTF8.self))")
            let scan = try JSONDecoder().decode(ScanSummary.self, from: upload.body)
            let created = try await client.call(.post, "/v1/maps", key: alice.apiKey, body: Data(#"{"scanId": "\#(scan.id)"}"#.utf8))
            #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
            let map = try JSONDecoder().decode(MapDTO.self, from: created.body)
            #expect(map.scanId == scan.id && map.pointCount >= MapLibrary.minimumPointCount)
            #expect(created.headers[.location] == "/v1/maps/\(map.id)")
            // The map is the one `fathom map` builds from the same package.
            let local = try MapLibrary.build(package: SharedAnchorFixtures.mapScanZip)
            #expect(map.pointCount == local.points.count)
            var placed: [UUID: RigidTransform] = [:]
            for (i, pose) in SharedAnchorFixtures.anchorPoses.enumerated() {
                let r = try await client.call(
                    .post, "/v1/maps/\(map.id)/anchors", key: alice.apiKey,
                    body: SharedAnchorFixtures.anchorBody(pose, kind: "film-pane-\(i)"))
                #expect(r.status == .created, "\(String(decoding: r.body, as: UTF8.self))")
                let anchor = try JSONDecoder().decode(Anchor.self, from: r.body)
                #expect(anchor.worldFromAnchor.isApproximatelyEqual(to: pose, translationTolerance: 1e-5, angleTolerance: 1e-5))
                placed[anchor.id] = pose
            }

            // Another client of the same account lists them; another account sees nothing.
            let listed = try await client.call(.get, "/v1/maps/\(map.id)/anchors", key: alice.apiKey)
            let anchors = try JSONDecoder().decode([String: [Anchor]].self, from: listed.body)["anchors"] ?? []
            #expect(Set(anchors.map(\.id)) == Set(placed.keys))
            let maps = try JSONDecoder().decode([String: [MapDTO]].self, from: try await client.call(.get, "/v1/maps", key: alice.apiKey).body)
            #expect(maps["maps"]?.map(\.id) == [map.id])
            let bobsMaps = try JSONDecoder().decode([String: [MapDTO]].self, from: try await client.call(.get, "/v1/maps", key: bob.apiKey).body)
            #expect(bobsMaps["maps"]?.isEmpty == true)
            let localizeBody = SharedAnchorFixtures.localizeBody(SharedAnchorFixtures.secondSession.points.positions)
            for (method, path, body) in [
                (HTTPRequest.Method.get, "/v1/maps/\(map.id)", nil), (.get, "/v1/maps/\(map.id)/anchors", nil),
                (.post, "/v1/maps/\(map.id)/anchors", SharedAnchorFixtures.anchorBody(.identity, kind: "intruder")),
                (.post, "/v1/maps/\(map.id)/localize", localizeBody),
                (.delete, "/v1/maps/\(map.id)/anchors/\(placed.keys.first!.uuidString)", nil), (.delete, "/v1/maps/\(map.id)", nil),
            ] as [(HTTPRequest.Method, String, Data?)] {
                let r = try await client.call(method, path, key: bob.apiKey, body: body)
                #expect(r.status == .notFound, "\(method) \(path) for another account: \(r.status)")
            }

            // The second device, same room, its own origin: trusted, anchors where they truly are.
            let second = try await client.call(.post, "/v1/maps/\(map.id)/localize", key: alice.apiKey, body: localizeBody)
            #expect(second.status == .ok, "\(String(decoding: second.body, as: UTF8.self))")
            let answer = try JSONDecoder().decode(LocalizeResponse.self, from: second.body)
            #expect(answer.trusted, "\(answer.reason ?? "")")
            #expect(answer.anchors.count == placed.count)
            for anchor in answer.anchors {
                guard let pose = placed[anchor.id] else {
                    Issue.record("unknown anchor \(anchor.id)")
                    continue
                }
                let truth = scenario.newWorldFromMapWorld * pose
                let error = anchor.worldFromAnchor.translation.distance(to: truth.translation)
                #expect(error <= Self.anchorTolerance, "anchor \(anchor.kind) off by \(error) m")
                #expect(anchor.worldFromAnchor.isApproximatelyEqual(
                    to: truth, translationTolerance: Self.anchorTolerance, angleTolerance: Self.anchorAngleTolerance))
            }
            let mapFromSession = answer.mapFromSession.flatMap(Matrix4x4.init(columnMajor:)).flatMap(RigidTransform.init)
            #expect(mapFromSession?.isApproximatelyEqual(
                to: scenario.newWorldFromMapWorld.inverse, translationTolerance: Self.anchorTolerance,
                angleTolerance: Self.anchorAngleTolerance) == true)
            // The same request gives the same answer (seeded).
            let again = try await client.call(.post, "/v1/maps/\(map.id)/localize", key: alice.apiKey, body: localizeBody)
            #expect(try JSONDecoder().decode(LocalizeResponse.self, from: again.body) == answer)

            // A session in another room: not trusted, no anchors.
            let elsewhere = try await client.call(
                .post, "/v1/maps/\(map.id)/localize", key: alice.apiKey,
                body: SharedAnchorFixtures.localizeBody(SharedAnchorFixtures.otherRoomSession.points.positions))
            #expect(elsewhere.status == .ok)
            let refused = try JSONDecoder().decode(LocalizeResponse.self, from: elsewhere.body)
            #expect(!refused.trusted && refused.reason?.isEmpty == false && refused.anchors.isEmpty)

            // Deleting an anchor, then the map.
            let gone = placed.keys.first!
            #expect(try await client.call(.delete, "/v1/maps/\(map.id)/anchors/\(gone.uuidString)", key: alice.apiKey).status == .noContent)
            let after = try await client.call(.get, "/v1/maps/\(map.id)/anchors", key: alice.apiKey)
            #expect(try JSONDecoder().decode([String: [Anchor]].self, from: after.body)["anchors"]?.map(\.id) == placed.keys.filter { $0 != gone })
            #expect(try await client.call(.delete, "/v1/maps/\(map.id)", key: alice.apiKey).status == .noContent)
            #expect(try await client.call(.get, "/v1/maps/\(map.id)", key: alice.apiKey).status == .notFound)
            #expect(try await client.call(.post, "/v1/maps/\(map.id)/localize", key: alice.apiKey, body: localizeBody).status == .notFound)
        }
    }

    @Test(arguments: StoreKind.available)
    func anUploadedWorldMapKeepsItsPointsAndAnchors(kind: StoreKind) async throws {
        let configuration = try await kind.configuration()
        let alice = try await StoreKind.withStore(configuration) { s in try await AccountCredentials.create(in: s.store) }
        let pose = RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 0.5), translation: SIMD3(0.4, 1.1, -0.3))
        let local = {
            var map = SharedAnchorFixtures.secondSession
            map.anchors = [Anchor(worldFromAnchor: pose, kind: "film-pane", createdAt: Date(timeIntervalSince1970: 1_700_000_000))]
            return map
        }()
        let file = try local.preparedForRelocalization().jsonData()
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let created = try await client.call(.post, "/v1/maps", key: alice.apiKey, body: file)
            #expect(created.status == .created, "\(String(decoding: created.body, as: UTF8.self))")
            let map = try JSONDecoder().decode(MapDTO.self, from: created.body)
            #expect(map.scanId == nil && map.pointCount == local.points.count)
            #expect(map.extentMin == [local.extent.min.x, local.extent.min.y, local.extent.min.z])
            let listed = try await client.call(.get, "/v1/maps/\(map.id)/anchors", key: alice.apiKey)
            #expect(try JSONDecoder().decode([String: [Anchor]].self, from: listed.body)["anchors"] == local.anchors)
            // Its own points localize onto it at the identity, and its anchor comes back where it was.
            let r = try await client.call(
                .post, "/v1/maps/\(map.id)/localize", key: alice.apiKey,
                body: SharedAnchorFixtures.localizeBody(local.points.positions))
            let answer = try JSONDecoder().decode(LocalizeResponse.self, from: r.body)
            #expect(answer.trusted, "\(answer.reason ?? "")")
            #expect(answer.anchors.first?.worldFromAnchor.isApproximatelyEqual(to: pose, translationTolerance: 0.01, angleTolerance: 0.01) == true)
        }
    }
}
