import FathomCore
import FathomSimulator
import Testing

@Suite struct RelocalizationScenarioTests {
    /// Sparser landmarks and map frames than the defaults, so that debug builds stay fast.
    static var sensors: SensorConfiguration {
        var s = RelocalizationScenario.sensors
        s.objectLandmarkDensity = 80
        return s
    }

    @Test func randomRoomsAreValidFurnishedAndReproducible() throws {
        for seed: UInt64 in 0..<20 {
            let room = RelocalizationScenario.randomRoom(seed: seed)
            #expect(room == RelocalizationScenario.randomRoom(seed: seed))
            _ = try SimulatedScene(room)
            #expect((3...6).contains(room.objects.count))
            #expect([4, 6].contains(room.rooms[0].polygon.count))
            for object in room.objects {
                #expect(room.rooms[0].contains(SIMD2(object.position.x, object.position.z)))
            }
        }
        #expect(RelocalizationScenario.randomRoom(seed: 1) != RelocalizationScenario.randomRoom(seed: 2))
    }

    @Test func sessionFramesAreInTheirOwnFrameAndTheTruthMapsThem() throws {
        let scenario = try RelocalizationScenario(seed: 3, sessionDuration: 0.5, sensors: Self.sensors, mapFeatureStride: 8)
        #expect(!scenario.isWrongRoom && scenario.sessionScene == scenario.mapScene)
        // The map: features near their true positions (needle noise averaged over the samples).
        #expect(scenario.mapPoints.count == scenario.mapTruePositions.count && scenario.mapPoints.count > 100)
        let mapErrors = zip(scenario.mapPoints.positions, scenario.mapTruePositions).map { $0.distance(to: $1) }
        #expect(mapErrors.reduce(0, +) / Float(mapErrors.count) < 0.03)
        // The second session reports new-world positions: the inverse truth brings them home.
        let mapFromNew = scenario.newWorldFromMapWorld.inverse
        #expect(scenario.newWorldFromMapWorld.translation.length > 0.01)
        var checked = 0, near = 0
        for i in stride(from: 0, to: scenario.session.frameCount, by: 5) {
            guard let f = scenario.session.frame(i).features else { continue }
            for (id, p) in zip(f.identifiers, f.positions) {
                guard let truth = scenario.session.truePosition(ofFeature: id) else { continue }
                if mapFromNew.apply(to: p).distance(to: truth) < 0.25 { near += 1 }
                checked += 1
            }
        }
        #expect(checked > 20)
        // All but the mistriangulated samples (5 %, up to 60 % of the range off along the ray).
        #expect(Double(near) >= 0.9 * Double(checked), "\(near) of \(checked) samples near their truth")
        #expect(scenario.overlap(firstSeconds: 0.5) > 0.3)
    }

    @Test func wrongRoomCasesUseAnotherRoom() throws {
        let scenario = try RelocalizationScenario(
            seed: 4, wrongRoom: true, sessionDuration: 0.2, sensors: Self.sensors, mapFeatureStride: 8)
        #expect(scenario.isWrongRoom && scenario.sessionScene != scenario.mapScene)
        #expect(scenario.overlap(firstSeconds: 0.2) == 0)
    }
}
