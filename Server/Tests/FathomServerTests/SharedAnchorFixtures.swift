import Fathom
import FathomServer
import Foundation

/// Simulated sessions for the shared-anchor tests, made once per test process: a furnished room mapped
/// by a first session (uploaded as a scan package with depth and feature points), a second session in
/// the same room from another world origin, a session in another room, and the truth between them.
enum SharedAnchorFixtures {
    /// The scenario's seed (room, paths, the second origin).
    static let seed: UInt64 = 7

    /// Seconds of the second sessions.
    static let sessionSeconds = 6.0

    /// The room, both sessions and the truth `newWorldFromMapWorld`.
    static let scenario: RelocalizationScenario = {
        do { return try SampleSessions.scenario(seed: seed, sessionSeconds: sessionSeconds) } catch {
            preconditionFailure("cannot simulate the scenario: \(error)")
        }
    }()

    /// The first session as a scan package zip.
    static let mapScanZip: URL = {
        let work = ServerFixtures.temporaryDirectory()
        let zip = work.appendingPathComponent("map-session.zip")
        do {
            try scenario.mapSession.writeZip(to: zip, workingDirectory: work.appendingPathComponent("work"))
        } catch { preconditionFailure("cannot write the map session: \(error)") }
        return zip
    }()

    /// The second session (same room, own origin) as a client's map.
    static let secondSession: WorldMap = SampleSessions.sessionMap(scenario.session)

    /// A session of the same length in another furnished room (its own origin).
    static let otherRoomSession: WorldMap = {
        do { return SampleSessions.sessionMap(try SampleSessions.otherRoom(seed: seed, seconds: sessionSeconds)) } catch {
            preconditionFailure("cannot simulate the other room: \(error)")
        }
    }()

    /// Anchor poses placed by the first client, map world (the scene's frame: the first session's origin
    /// is the scene's): over the room's middle and near its first corner, turned.
    static var anchorPoses: [RigidTransform] {
        let polygon = scenario.mapScene.rooms[0].polygon
        let mean = polygon.reduce(SIMD2<Float>.zero, +) / Float(polygon.count)
        let corner = polygon[0] + (mean - polygon[0]) * 0.3
        return [
            RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 0.3), translation: SIMD3(mean.x, 1.4, mean.y)),
            RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: -1.1), translation: SIMD3(corner.x, 0.9, corner.y)),
        ]
    }

    /// The request body of `POST /v1/maps/{id}/localize` for a session's points.
    static func localizeBody(_ points: [SIMD3<Float>]) -> Data { SampleSessions.localizeBody(points) }

    /// The request body of `POST /v1/maps/{id}/anchors`.
    static func anchorBody(_ pose: RigidTransform, kind: String, id: UUID? = nil) -> Data {
        let numbers = pose.matrix.columnMajor.map { "\($0)" }.joined(separator: ",")
        let idField = id.map { #""id": "\#($0.uuidString)", "# } ?? ""
        return Data(#"{\#(idField)"kind": "\#(kind)", "worldFromAnchor": [\#(numbers)], "payload": {"width": 0.5}}"#.utf8)
    }
}
