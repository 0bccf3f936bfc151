import FathomPlan
import FathomTestSupport
import Foundation
import Testing

@Suite struct ExportFileTests {
    @Test func writesEveryFormatAtomically() throws {
        let dir = try makeTemporaryDirectory("plan-export")
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = ExportFixtures.threeRooms
        for format in FloorPlanExportFormat.allCases {
            let url = dir.appendingPathComponent("plan-\(format.rawValue)")
            try FloorPlanExport.write(plan, format: format, to: url)
            #expect(try Data(contentsOf: url) == FloorPlanExport.data(plan, format: format))
        }
        try FloorPlanExport.write(plan, to: dir.appendingPathComponent("by-extension.SVG"))
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.count == FloorPlanExportFormat.allCases.count + 1)
        #expect(!names.contains { $0.hasSuffix(".tmp") })
    }

    @Test func formatsFromExtensions() {
        #expect(FloorPlanExportFormat(pathExtension: "svg") == .svg)
        #expect(FloorPlanExportFormat(pathExtension: "DXF") == .dxf)
        #expect(FloorPlanExportFormat(pathExtension: "usdz") == .usdz)
        #expect(FloorPlanExportFormat(pathExtension: "usda") == .usda)
        // `.json` is plan.json's own extension: RoomPlan JSON is asked for by name.
        #expect(FloorPlanExportFormat(pathExtension: "json") == nil)
        #expect(FloorPlanExportFormat.allCases.map(\.fileExtension) == ["svg", "dxf", "usda", "usdz", "json"])
    }

    @Test func errorsNameTheFile() throws {
        let dir = try makeTemporaryDirectory("plan-export")
        defer { try? FileManager.default.removeItem(at: dir) }
        var bad = ExportFixtures.threeRooms
        bad.walls[2].height = 0
        let url = dir.appendingPathComponent("bad.svg")
        #expect {
            try FloorPlanExport.write(bad, format: .svg, to: url)
        } throws: { error in
            let text = "\(error)"
            return text.contains(url.path) && text.contains("wall w3 has height 0")
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        let unknown = dir.appendingPathComponent("plan.pdf")
        #expect {
            try FloorPlanExport.write(ExportFixtures.threeRooms, to: unknown)
        } throws: { error in
            "\(error)".contains(unknown.path) && "\(error)".contains("unknown export format")
        }
    }
}
