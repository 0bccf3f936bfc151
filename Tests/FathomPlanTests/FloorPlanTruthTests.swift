import FathomPlan
import FathomSimulator
import Testing

@Suite struct FloorPlanTruthTests {
    /// The apartment preset, worked out by hand: 10 wall faces and 3 walls 0.1 m thick (kitchen–living
    /// x 0…4, living–bedroom along x = 3.05 and z = 3.05, each 2.9 m), 2 doors and 3 windows, rooms of
    /// 27, 7.91 and 12 m².
    @Test func apartmentTruth() {
        let plan = ScenePreset.apartment.description.floorPlanTruth
        #expect(plan.walls.count == 13)
        let thick = plan.walls.filter { $0.thickness != nil }
        #expect(thick.count == 3)
        for w in thick { #expect(abs(w.thickness! - 0.1) < 1e-5) }
        let lengths = thick.map(\.length).sorted()
        #expect(abs(lengths[0] - 2.9) < 1e-5 && abs(lengths[1] - 2.9) < 1e-5 && abs(lengths[2] - 4) < 1e-5)
        let kitchenWall = thick.first { abs($0.length - 4) < 1e-5 }!
        #expect(abs(kitchenWall.start.y + 0.05) < 1e-6 && abs(kitchenWall.end.y + 0.05) < 1e-6)
        #expect(plan.openings.filter { $0.kind == .door }.count == 2)
        #expect(plan.openings.filter { $0.kind == .window }.count == 3)
        let kitchenDoor = plan.openings.first { $0.wallId == kitchenWall.id }!
        #expect(kitchenDoor.kind == .door && abs(kitchenDoor.width - 0.9) < 1e-5)
        #expect(abs(kitchenDoor.start.y + 0.05) < 1e-6)
        let areas = plan.rooms.map(\.area)
        #expect(abs(areas[0] - 27) < 1e-5 && abs(areas[1] - 7.91) < 1e-5 && abs(areas[2] - 12) < 1e-5)
        #expect(plan.rooms.map(\.label) == ["Living room", "Bedroom", "Kitchen"])
        #expect(abs(plan.ceilingHeight - 2.6) < 1e-6)
    }

    /// Random layouts are valid scenes with the promised parts: doors between neighbours, a window
    /// per room, labels in every room, and every shape over a few seeds.
    @Test func randomLayouts() throws {
        var shapes = Set<Int>()
        for seed in UInt64(1)...12 {
            let scene = RandomFloorPlanLayout.scene(seed: seed)
            try scene.validate()
            let n = scene.rooms.count
            #expect((1...5).contains(n))
            let truth = scene.floorPlanTruth
            #expect(truth.openings.filter { $0.kind == .door }.count == n - 1)
            #expect(truth.openings.filter { $0.kind == .window }.count == n)
            #expect(truth.rooms.allSatisfy { $0.label != nil })
            #expect(truth.walls.filter { $0.thickness != nil }.count == n - 1)
            for room in scene.rooms { shapes.insert(room.polygon.count) }
        }
        #expect(shapes == [4, 5, 6])
        #expect(RandomFloorPlanLayout.scene(seed: 3) == RandomFloorPlanLayout.scene(seed: 3))
        #expect(RandomFloorPlanLayout.scene(seed: 3, roomCount: 5).rooms.count == 5)
    }
}
