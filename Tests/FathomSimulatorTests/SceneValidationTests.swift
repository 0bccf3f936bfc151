import FathomTestSupport
import Foundation
import Testing

@testable import FathomSimulator

struct SceneValidationTests {
    static let square: [SIMD2<Float>] = [SIMD2(0, 0), SIMD2(0, 4), SIMD2(5, 4), SIMD2(5, 0)]

    func expectError(_ d: SceneDescription, _ check: (SceneValidationError) -> Bool) {
        do {
            try d.validate()
            Issue.record("expected a validation error")
        } catch let e as SceneValidationError {
            #expect(check(e), "unexpected error \(e)")
            #expect(!e.description.isEmpty)
        } catch {
            Issue.record("unexpected error type \(error)")
        }
    }

    @Test func validSceneAndPresetsPass() throws {
        try SceneDescription(rooms: [RoomDescription(polygon: Self.square)]).validate()
        for p in ScenePreset.allCases { try p.description.validate() }
    }

    @Test func nonSimplePolygon() {
        let bowTie: [SIMD2<Float>] = [SIMD2(0, 0), SIMD2(4, 4), SIMD2(4, 0), SIMD2(0, 4)]
        expectError(SceneDescription(rooms: [RoomDescription(polygon: bowTie)])) { $0 == .nonSimplePolygon(room: 0) }
    }

    @Test func clockwisePolygon() {
        expectError(SceneDescription(rooms: [RoomDescription(polygon: Self.square.reversed())])) {
            $0 == .clockwisePolygon(room: 0)
        }
    }

    @Test func tooFewVerticesAndNoRooms() {
        expectError(SceneDescription(rooms: [RoomDescription(polygon: [SIMD2(0, 0), SIMD2(1, 0)])])) {
            $0 == .tooFewVertices(room: 0, count: 2)
        }
        expectError(SceneDescription(rooms: [])) { $0 == .noRooms }
    }

    @Test func openingOutsideItsWall() {
        // Wall 1 runs (0,4)→(5,4): 5 m long.
        var room = RoomDescription(
            polygon: Self.square, openings: [OpeningDescription(kind: .door, wall: 1, offset: 4.5, width: 0.9)])
        expectError(SceneDescription(rooms: [room])) {
            if case .openingOutsideWall(0, 0, _) = $0 { return true } else { return false }
        }
        room.openings = [OpeningDescription(kind: .window, wall: 1, offset: 1, width: 1, bottom: 2, top: 3)]
        expectError(SceneDescription(rooms: [room])) {
            if case .openingOutsideWall(0, 0, _) = $0 { return true } else { return false }
        }
        room.openings = [OpeningDescription(kind: .door, wall: 7, offset: 1, width: 1)]
        expectError(SceneDescription(rooms: [room])) {
            $0 == .openingWallOutOfRange(room: 0, opening: 0, wall: 7, wallCount: 4)
        }
        room.openings = [
            OpeningDescription(kind: .door, wall: 1, offset: 1, width: 1),
            OpeningDescription(kind: .door, wall: 1, offset: 1.5, width: 1),
        ]
        expectError(SceneDescription(rooms: [room])) { $0 == .overlappingOpenings(room: 0, wall: 1) }
    }

    @Test func invalidPrimitives() {
        let room = RoomDescription(polygon: Self.square)
        let bad: [PrimitiveShape] = [
            .sphere(radius: -0.1), .box(size: SIMD3(1, 0, 1)), .cylinder(radius: 0.1, height: -1, capped: true),
            .cone(bottomRadius: -0.1, topRadius: 0, height: 1, capped: true),
            .torus(majorRadius: 0.1, minorRadius: 0.2),
        ]
        for shape in bad {
            let d = SceneDescription(
                rooms: [room], objects: [ObjectDescription(name: "x", shape: shape, position: .zero)])
            expectError(d) {
                if case .invalidPrimitive(0, "x", _) = $0 { return true } else { return false }
            }
        }
        let negative = SceneDescription(
            rooms: [room], objects: [ObjectDescription(name: "b", shape: .sphere(radius: -1), position: .zero)])
        do { try negative.validate() } catch { #expect("\(error)".contains("negative radius")) }
    }

    @Test func unknownColourAndBadFaultAndPath() {
        let room = RoomDescription(polygon: Self.square)
        expectError(
            SceneDescription(
                rooms: [room],
                objects: [ObjectDescription(name: "x", shape: .sphere(radius: 1), position: .zero, color: "mauve-ish")])
        ) {
            $0 == .unknownColor("mauve-ish")
        }
        expectError(SceneDescription(rooms: [room], faults: [.nanPose(start: -1, duration: 1)])) {
            if case .invalidFault(0, _) = $0 { return true } else { return false }
        }
        expectError(SceneDescription(rooms: [room], path: .walk(WalkPath(waypoints: [SIMD2(1, 1)])))) {
            if case .invalidPath = $0 { return true } else { return false }
        }
    }

    @Test func jsonRoundTripOfEveryPreset() throws {
        for p in ScenePreset.allCases {
            let d = p.description
            let back = try SceneDescription(json: try d.jsonData())
            #expect(back == d, "\(p.name) does not round-trip")
        }
    }

    @Test func jsonDefaultsAndErrors() throws {
        let json = """
            {"rooms": [{"polygon": [[0,0],[0,4],[5,4],[5,0]],
                        "openings": [{"kind": "door", "wall": 1, "offset": 0.5, "width": 0.9, "bottom": 0, "top": 2},
                                     {"wall": 3, "offset": 1, "width": 1}]}],
             "objects": [{"name": "ball", "shape": {"type": "sphere", "radius": 0.12}, "position": [1, 0.12, 1]}],
             "faults": [{"type": "poseJump", "start": 3}]}
            """
        let d = try SceneDescription(json: Data(json.utf8))
        #expect(d.rooms[0].height == 2.6)
        #expect(d.rooms[0].floorY == 0)
        #expect(
            d.rooms[0].openings[1]
                == OpeningDescription(kind: .opening, wall: 3, offset: 1, width: 1, bottom: 0, top: 2.05))
        #expect(d.objects[0].color == "grey")
        #expect(d.faults == [.poseJump(start: 3, duration: 1, offset: SIMD3(12, 0, 0))])
        #expect(throws: SceneValidationError.self) {
            try SceneDescription(
                json: Data(
                    #"{"rooms": [{"polygon": [[0,0],[0,4],[5,4]]}], "objects": [{"shape": {"type": "blob"}, "position": [0,0,0]}]}"#
                        .utf8))
        }
    }
}
