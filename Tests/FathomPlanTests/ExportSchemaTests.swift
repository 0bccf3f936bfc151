import FathomPlan
import Foundation
import Testing

@Suite struct ExportSchemaTests {
    func checker() throws -> ExportJSONSchemaChecker {
        let url = repositoryRoot.appendingPathComponent("docs/floorplan-v1.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return ExportJSONSchemaChecker(root: schema)
    }

    func object(_ plan: FloorPlan) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: plan.jsonData()) as? [String: Any])
    }

    @Test func modelOutputConforms() throws {
        let schema = try checker()
        for plan in [ExportFixtures.threeRooms, ExportFixtures.threeRoomsWithoutNorth, FloorPlan(floorY: 0, ceilingHeight: 2.5)] {
            #expect(schema.problems(try object(plan)) == [])
        }
    }

    @Test func schemaCatchesBrokenPlans() throws {
        let schema = try checker()
        var plan = try object(ExportFixtures.threeRooms)
        plan.removeValue(forKey: "units")
        #expect(schema.problems(plan) == ["$: missing key \"units\""])

        plan = try object(ExportFixtures.threeRooms)
        var walls = plan["walls"] as! [[String: Any]]
        walls[1]["thickness"] = "thin"
        walls[2].removeValue(forKey: "thickness")
        plan["walls"] = walls
        #expect(schema.problems(plan) == ["$.walls[1].thickness: is string, expected number or null", "$.walls[2]: missing key \"thickness\""])

        plan = try object(ExportFixtures.threeRooms)
        var openings = plan["openings"] as! [[String: Any]]
        openings[0]["kind"] = "hatch"
        openings[1]["start"] = [1.0]
        plan["openings"] = openings
        var rooms = plan["rooms"] as! [[String: Any]]
        rooms[2]["polygon"] = [[0.0, 0.0], [1.0, 0.0]]
        rooms[0]["colour"] = "red"
        plan["rooms"] = rooms
        plan["formatVersion"] = 2
        #expect(schema.problems(plan).sorted() == [
            "$.formatVersion: is not 1",
            "$.openings[0].kind: is not one of [\"door\", \"window\", \"opening\"]",
            "$.openings[1].start: 1 items, at least 2 expected",
            "$.rooms[0]: unexpected key \"colour\"",
            "$.rooms[2].polygon: 2 items, at least 3 expected",
        ])
    }
}
