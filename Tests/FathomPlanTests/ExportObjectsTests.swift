import FathomPlan
import Foundation
import Testing

/// Furniture in every export: SVG polygons, the DXF OBJECTS layer, USD boxes and RoomPlan objects.
@Suite struct ExportObjectsTests {
    /// The three-room plan with a wardrobe (1.2 × 0.6 m, 2.1 m high) turned 90°: footprint
    /// corners (1, 1), (1, 2.2), (0.4, 2.2), (0.4, 1).
    static var plan: FloorPlan {
        var plan = ExportFixtures.threeRooms
        plan.objects = [
            FloorPlanObject(
                id: "f1", category: .storage,
                corners: [SIMD2(1, 1), SIMD2(1, 2.2), SIMD2(0.4, 2.2), SIMD2(0.4, 1)], bottom: 0, top: 2.1, confidence: 0.9)
        ]
        return plan
    }

    @Test func svgAndDXFDrawTheFootprint() throws {
        let svg = try FloorPlanSVG.document(Self.plan)
        #expect(svg.contains("<g id=\"objects\""))
        #expect(svg.contains("data-object=\"f1\" class=\"storage\""))
        let dxf = try FloorPlanDXF.document(Self.plan)
        let lines = dxf.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        // A POLYLINE on layer OBJECTS with four vertices.
        guard let start = lines.indices.first(where: { lines[$0] == "POLYLINE" && lines[$0 + 2] == "OBJECTS" }) else {
            Issue.record("no POLYLINE on OBJECTS")
            return
        }
        let vertices = lines[start...].prefix { $0 != "SEQEND" }.filter { $0 == "VERTEX" }.count
        #expect(vertices == 4)
        #expect(try FloorPlanDXF.document(ExportFixtures.threeRooms).contains("POLYLINE\n  8\nOBJECTS") == false)
    }

    /// The USD box spans the footprint from the floor to the top; the RoomPlan object has the box's
    /// dimensions, its centre at half height and its x axis along the first side (+z in the world).
    @Test func usdAndRoomPlanHoldTheBox() throws {
        let plan = Self.plan
        let usda = try FloorPlanUSD.usda(plan)
        #expect(usda.contains("def Scope \"Objects\""))
        #expect(usda.contains("fathom:category = \"storage\""))
        #expect(usda.contains("def Mesh \"f1\""))
        let room = try RoomPlanExport.capturedRoom(from: plan)
        #expect(room.objects.count == 1)
        let object = try #require(room.objects.first)
        #expect(abs(object.dimensions.x - 1.2) < 1e-9 && abs(object.dimensions.y - 2.1) < 1e-9)
        #expect(abs(object.dimensions.z - 0.6) < 1e-9)
        #expect(Array(object.transform[0..<3]) == [0, 0, 1])
        #expect(abs(object.transform[12] - 0.7) < 1e-9 && abs(object.transform[13] - (plan.floorY + 1.05)) < 1e-9)
        #expect(abs(object.transform[14] - 1.6) < 1e-9)
        #expect(object.confidence == .high)
        let json = try JSONSerialization.jsonObject(with: RoomPlanExport.jsonData(plan)) as? [String: Any]
        let objects = json?["objects"] as? [[String: Any]]
        #expect((objects?.first?["category"] as? [String: Any])?.keys.first == "storage")
    }
}
