import FathomAnchors
import FathomCore
import FathomRegistration
import FathomTestSupport
import Foundation
import Testing

/// World maps carry their prepared registration cloud (descriptors) through a file round trip, old
/// (version 1) files still load, and a relocalizer takes the stored cloud instead of recomputing it.
@Suite struct WorldMapDescriptorTests {
    func temporaryURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("map-\(UUID()).json")
    }

    @Test func preparedCloudSurvivesTheFile() throws {
        // A whole-second creation time: the file stores seconds since 1970 as a Double, which cannot hold
        // every sub-microsecond `Date()` exactly, and this test is about the descriptors.
        let map = WorldMap(
            points: PointCloud(unchecked: RegistrationFixtures.furnishedCorner(seed: 31, boxes: 2)),
            createdAt: Date(timeIntervalSince1970: 1_795_000_000)
        ).preparedForRelocalization()
        let stored = try #require(map.registrationCloud)
        #expect(stored.count > 100)
        // Prepared with the settings a default relocalizer derives from this map.
        #expect(stored.configuration == RelocalizerConfiguration().registration(forMap: map.points))
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try map.write(to: url)
        let back = try WorldMap(contentsOf: url)
        #expect(back.registrationCloud == stored)
        #expect(back == map)
        // The relocalizer uses it: registering against the stored cloud equals registering against a
        // freshly prepared one.
        let registrar = PointCloudRegistrar(configuration: stored.configuration)
        let fresh = registrar.prepare(map.points)
        #expect(fresh == stored)
    }

    @Test func versionOneFilesLoadWithoutDescriptors() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"format":"fathom-worldmap","formatVersion":1,"createdAt":0,"extentMin":[0,0,0],"extentMax":[1,1,1],"positions":[0,0,0,1,1,1],"anchors":[]}"#.utf8).write(to: url)
        let map = try WorldMap(contentsOf: url)
        #expect(map.points.count == 2 && map.registrationCloud == nil)
    }

    @Test func aStoredCloudOfAnotherDescriptorVersionIsRecomputedNotAnError() throws {
        let map = WorldMap(points: PointCloud(unchecked: RegistrationFixtures.furnishedCorner(seed: 32, boxes: 1)))
            .preparedForRelocalization()
        var json = String(decoding: try map.jsonData(), as: UTF8.self)
        json = json.replacingOccurrences(of: #""storageVersion":1"#, with: #""storageVersion":99"#)
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(json.utf8).write(to: url)
        let back = try WorldMap(contentsOf: url)
        #expect(back.registrationCloud == nil)
        #expect(back.points == map.points)
    }
}
