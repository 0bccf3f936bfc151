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

    @Test func churnedLandmarksMoveToOtherSpotsOfTheSameSurfaces() throws {
        let room = RelocalizationScenario.randomRoom(seed: 5)
        var plain = Self.sensors
        plain.landmarkChurn = 0
        var churned = plain
        churned.landmarkChurn = 0.4
        churned.landmarkChurnSeed = 9
        let a = try ScanSimulation(description: room, sensors: plain, seed: 11, duration: 0.1)
        let b = try ScanSimulation(description: room, sensors: churned, seed: 11, duration: 0.1)
        let la = a.featureSimulator.landmarks, lb = b.featureSimulator.landmarks
        #expect(la.count == lb.count && la.count > 100)
        let kept = zip(la, lb).filter { $0.identifier == $1.identifier }
        let fraction = Double(kept.count) / Double(la.count)
        #expect(abs(fraction - 0.6) < 0.08, "kept \(fraction)")
        for (x, y) in kept { #expect(x.position == y.position) }
        for (x, y) in zip(la, lb) where x.identifier != y.identifier {
            #expect(x.surfaceID == y.surfaceID)
            #expect(b.truePosition(ofFeature: y.identifier) == y.position)
            #expect(a.truePosition(ofFeature: y.identifier) == nil)
        }
        churned.landmarkChurn = 1.5
        #expect(throws: SensorConfigurationError.self) { try churned.validate() }
    }

    @Test func rawFeatureMapsKeepOnePointPerIdentifierUnfiltered() throws {
        let scenario = try RelocalizationScenario(seed: 6, sessionDuration: 1, sensors: Self.sensors, mapFeatureStride: 8)
        let raw = scenario.session.rawFeatureMap()
        #expect(raw.count > 50 && raw.identifiers.count == raw.count && Set(raw.identifiers).count == raw.count)
        // Spurious detections (no true position) are kept, as apps keep them, about 10 % of the map.
        let spurious = raw.identifiers.filter { scenario.session.truePosition(ofFeature: $0) == nil }.count
        #expect(spurious > 0 && abs(Double(spurious) / Double(raw.count) - 0.1) < 0.03, "\(spurious) of \(raw.count)")
        // A prefix of frames gives a subset of the landmarks (spurious points are thinned per map).
        let early = scenario.session.rawFeatureMap(frameLimit: 10)
        let landmarks = { (c: PointCloud) in Set(c.identifiers.filter { scenario.session.truePosition(ofFeature: $0) != nil }) }
        #expect(early.count < raw.count && landmarks(early).isSubset(of: landmarks(raw)))
    }

    @Test func denseCloudsOverlapAndTheTruthAlignsThem() throws {
        let scenario = try RelocalizationScenario(seed: 7, sessionDuration: 0.1, sensors: Self.sensors, mapFeatureStride: 8)
        let (map, session) = try scenario.denseClouds(pointsPerSide: 20_000, noise: 0.003, seed: 1)
        #expect(map.count == 20_000 && session.count == 20_000)
        // Brought into the map's frame, session points in the shared band lie on the map's surfaces.
        let index = SpatialIndex(positions: map.positions)
        let mapFromNew = scenario.newWorldFromMapWorld.inverse
        let near = session.positions.filter { index.count(within: 0.05, of: mapFromNew.apply(to: $0)) > 0 }.count
        let share = Float(near) / Float(session.count)
        // The session covers 30–100 % of the long side, the map 0–70 %: about 4 / 7 of it is shared.
        #expect(share > 0.4 && share < 0.75, "shared \(share)")
        // Without the truth, they do not line up.
        let unaligned = session.positions.filter { index.count(within: 0.05, of: $0) > 0 }.count
        #expect(Float(unaligned) / Float(session.count) < 0.2)
    }
}
