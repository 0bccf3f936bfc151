import FathomPlan
import FathomTestSupport
import Foundation
import Testing

@Suite struct ExportDXFTests {
    let plan = ExportFixtures.threeRooms

    @Test func structureIsWellFormedR12() throws {
        let text = try FloorPlanDXF.document(plan)
        let groups = try #require(dxfGroups(text), "group codes and values must come in pairs with integer codes")
        #expect(groups.last == DXFGroup(code: 0, value: "EOF"))
        let sections = groups.indices.filter { groups[$0] == DXFGroup(code: 0, value: "SECTION") }.map { groups[$0 + 1].value }
        #expect(sections == ["HEADER", "TABLES", "BLOCKS", "ENTITIES"])
        #expect(groups.filter { $0 == DXFGroup(code: 0, value: "ENDSEC") }.count == 4)
        let version = groups.firstIndex(of: DXFGroup(code: 9, value: "$ACADVER")).map { groups[$0 + 1] }
        #expect(version == DXFGroup(code: 1, value: "AC1009"))
        let layers = groups.indices.filter { groups[$0] == DXFGroup(code: 0, value: "LAYER") }.map { groups[$0 + 1].value }
        #expect(layers == ["WALLS", "OPENINGS", "ROOMS", "TEXT", "DIMENSIONS", "OBJECTS"])
        // One byte per character in Windows-1252: the text holds nothing beyond U+00FF.
        #expect(text.unicodeScalars.allSatisfy { $0.value < 0x80 || (0xA0...0xFF).contains($0.value) })
        let bytes = try FloorPlanDXF.data(plan)
        #expect(bytes.count == text.unicodeScalars.count)
        #expect(bytes.range(of: Data("26.50 m".utf8) + Data([0xB2])) != nil)
    }

    @Test func entitiesPerLayer() throws {
        let entities = dxfEntities(try #require(dxfGroups(try FloorPlanDXF.document(plan))))
        var counts: [String: Int] = [:]
        for e in entities where e.type != "VERTEX" && e.type != "SEQEND" { counts["\(e.layer)/\(e.type)", default: 0] += 1 }
        #expect(counts["WALLS/POLYLINE"] == 18)
        #expect(counts["ROOMS/POLYLINE"] == 3)
        #expect(counts["OPENINGS/ARC"] == 2)
        // Windows: 2 jambs + 3 lines each; doors: a leaf; the passage: 2 dashed lines.
        #expect(counts["OPENINGS/LINE"] == 2 * 5 + 2 + 2)
        // Two labelled rooms (name and area), one area alone, and the north note.
        #expect(counts["TEXT/TEXT"] == 6)
        #expect(counts["DIMENSIONS/TEXT"] == 13)
        // Every POLYLINE is closed and followed by its vertices and a SEQEND.
        var i = 0
        var roomVertexCounts: [Int] = []
        while i < entities.count {
            if entities[i].type == "POLYLINE" {
                #expect(entities[i].value(70) == "1")
                var n = 0
                i += 1
                while i < entities.count, entities[i].type == "VERTEX" {
                    n += 1
                    i += 1
                }
                #expect(i < entities.count && entities[i].type == "SEQEND")
                if entities[i - 1].layer == "ROOMS" { roomVertexCounts.append(n) }
            }
            i += 1
        }
        #expect(roomVertexCounts == [7, 4, 4])
    }

    @Test func geometryInMetresSeenFromAbove() throws {
        let entities = dxfEntities(try #require(dxfGroups(try FloorPlanDXF.document(plan))))
        // Door swings: radius = door width 0.9 m, a quarter turn.
        for arc in entities where arc.type == "ARC" {
            #expect(abs((arc.number(40) ?? 0) - 0.9) < 1e-6)
            let sweep = ((arc.number(51) ?? 0) - (arc.number(50) ?? 0) + 360).truncatingRemainder(dividingBy: 360)
            #expect(abs(sweep - 90) < 1e-6)
        }
        // Drawing Y is world −z: the kitchen's corners are (3…6, −3…−6).
        let vertices = entities.filter { $0.type == "VERTEX" && $0.layer == "ROOMS" }.map { SIMD2($0.number(10) ?? .nan, $0.number(20) ?? .nan) }
        #expect(vertices[7..<11].contains(SIMD2(3, -6)))
        #expect(vertices[7..<11].contains(SIMD2(6, -3)))
        let texts = entities.filter { $0.type == "TEXT" }.compactMap { $0.value(1) }
        #expect(texts.contains("26.50 m²"))
        #expect(texts.contains("Kitchen & Dining <1>"))
        #expect(texts.contains("1.41 m"))
        // Beyond Windows-1252: AutoCAD's \U+XXXX escapes; control characters dropped.
        var named = plan
        named.rooms[2].label = "Küche ☕\n"
        let escaped = dxfEntities(try #require(dxfGroups(try FloorPlanDXF.document(named)))).compactMap { $0.value(1) }
        #expect(escaped.contains("Küche \\U+2615"))
    }

    @Test func loadsInEzdxfWhenInstalled() throws {
        let dir = try makeTemporaryDirectory("plan-dxf")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("plan.dxf")
        try FloorPlanExport.write(plan, format: .dxf, to: url)
        guard pythonHas(["ezdxf"]) else { return }  // the structure tests above stand in
        let script = repositoryRoot.appendingPathComponent("scripts/validate-plan-exports.py").path
        let (status, output) = try runPython([script, url.path])
        #expect(status == 0, "\(output)")
        #expect(output.hasPrefix("ok "), "\(output)")
        #expect(output.contains("WALLS/POLYLINE 18"), "\(output)")
    }
}
