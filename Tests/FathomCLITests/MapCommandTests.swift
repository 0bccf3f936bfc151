import Fathom
import FathomCLI
import FathomTestSupport
import Foundation
import Testing

@Suite struct MapCommandTests {
    @Test func mapOfTheFixturePackageHasItsLandmarksAndTheStoresAnchors() throws {
        let dir = try makeTemporaryDirectory()
        let storeURL = dir.appendingPathComponent("anchors.json"), mapURL = dir.appendingPathComponent("map.json")
        var store = AnchorStore()
        let camera = RigidTransform.lookAt(eye: SIMD3(0, 1.4, 0.5), target: SIMD3(0, 0.6, -2))!
        store.place(AnchorPlacement.standard.anchor(worldFromCamera: camera, kind: "film-pane",
                                                    createdAt: Date(timeIntervalSince1970: 1_800_000_000)),
                    at: Date(timeIntervalSince1970: 1_800_000_000))
        try store.write(to: storeURL)
        let text = try runFathom(["map", PointSourceFixtures.package.path, "-o", mapURL.path, "--anchors", storeURL.path])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "frames: 12, used 12, skipped 0 (tracking not normal)")
        #expect(lines.contains("normals: estimated") && lines.contains("anchors: 1"))
        // The fixture records no world-mapping status: the gate never opens.
        #expect(lines.contains("placing never allowed (last status: Move around to map the area)"))
        #expect(lines.last == "wrote \(mapURL.path)")
        let map = try WorldMap(contentsOf: mapURL)
        #expect(map.anchors.map(\.id) == store.anchors.map(\.id))
        // Each landmark is seen in about half of the 12 frames: most pass the 3-observation filter, and
        // their filtered positions lie near the true landmarks (samples scatter ~2 cm along the rays).
        #expect(map.points.count > 200 && map.points.hasNormals)
        var errors = map.points.positions.indices.map { i in
            map.points.positions[i].distance(to: PointSourceFixtures.landmarks[Int(map.points.identifiers[i])])
        }
        errors.sort()
        #expect(errors[errors.count / 2] < 0.02, "median \(errors[errors.count / 2]) m")
    }

    @Test func pointCapNoNormalsAndBadFlags() throws {
        let dir = try makeTemporaryDirectory()
        let mapURL = dir.appendingPathComponent("map.json")
        let text = try runFathom(["map", PointSourceFixtures.package.path, "-o", mapURL.path, "--max-points", "50", "--no-normals"])
        #expect(text.contains("in map 50\n") || text.contains("normals: none"))
        let map = try WorldMap(contentsOf: mapURL)
        #expect(map.points.count <= 50 && !map.points.hasNormals)
        for args in [["--voxel", "0"], ["--max-points", "0"], ["--min-observations", "0"]] {
            #expect(throws: (any Error).self) { try runFathom(["map", "x", "-o", "y.json"] + args) }
        }
        #expect(throws: (any Error).self) {
            try runFathom(["map", PointSourceFixtures.package.path, "-o", mapURL.path, "--anchors", dir.appendingPathComponent("none.json").path])
        }
    }

    @Test func anchorsListsAStore() throws {
        let dir = try makeTemporaryDirectory()
        let url = dir.appendingPathComponent("anchors.json")
        var store = AnchorStore()
        for i in 0..<2 {
            store.place(AnchorsStressSaveCommand.anchor(i, payloadBytes: 0), at: Date(timeIntervalSince1970: 1_800_000_000))
        }
        try store.write(to: url)
        let text = try runFathom(["anchors", url.path])
        #expect(text == """
            2 anchors
            00000000-0000-0000-0000-000000000000  stress  at (0.000, 1.000, -0.000) m  placed 2027-01-15T08:00:00Z
            00000000-0000-0000-0000-000000000001  stress  at (1.000, 1.000, -0.000) m  placed 2027-01-15T08:00:01Z

            """)
    }
}
