import Fathom
import Foundation

extension DemoContext {
    /// The floor plan of the recorded scan: walls, openings and rooms from the fused depth, compared
    /// with the simulator's true plan, and drawn as SVG, DXF, USDZ and RoomPlan-style JSON.
    mutating func floorPlan() throws {
        guard let package, let simulation else { return }
        let progress = self.progress
        let result = try FloorPlanExtractor().extract(package: package) { p in
            let fraction = p.total > 0 ? Double(p.completed) / Double(p.total) : 0
            progress.update("plan: \(p.stage.rawValue)", fraction: fraction)
        }
        let plan = result.plan
        try plan.write(to: file("plan.json"))
        for (format, name) in [(FloorPlanExportFormat.svg, "plan.svg"), (.dxf, "plan.dxf"), (.usdz, "plan.usdz"),
                               (.roomPlanJSON, "captured-room.json")] {
            try FloorPlanExport.write(plan, format: format, to: file(name))
        }
        let truth = simulation.scene.description.floorPlanTruth
        let comparison = FloorPlanComparison(found: plan, truth: truth)

        report.section("Floor plan")
        report.paragraph(
            "The depth frames fused into a world cloud; the floor and ceiling heights, the walls (vertical planes), "
                + "their doors and windows (gaps in the wall's points) and the closed rooms found in it, named from "
                + "the scan's labels, and compared with the simulator's true plan.")
        report.figures([("plan.svg", "The plan as drawn by plan.svg (also plan.dxf, plan.usdz, captured-room.json)")])
        var rows: [[String]] = [
            ["walls / openings / rooms", "\(plan.walls.count) / \(plan.openings.count) / \(plan.rooms.count) → plan.json"],
            ["ceiling height", "\(fmt(plan.ceilingHeight, 2)) m"],
            ["wall position error (mean)", "\(fmt(comparison.meanWallPositionError * 1000, 1)) mm"],
            ["wall length error (mean)", "\(fmt(comparison.meanWallLengthError * 100, 1)) %"],
            ["rooms matched / missed / spurious",
             "\(comparison.matchedRoomCount) / \(comparison.missedRoomCount) / \(comparison.spuriousRoomIds.count)"],
            ["doors and windows found", "\(fmt(comparison.doorAndWindowRecall * 100, 0)) %"],
            ["objects (furniture boxes)", plan.objects.isEmpty ? "none" : plan.objects.map(\.category.rawValue).joined(separator: ", ")],
        ]
        for room in plan.rooms {
            rows.append(["room \(room.label ?? room.id)", "\(fmt(room.area, 2)) m², perimeter \(fmt(room.perimeter, 2)) m"])
        }
        for message in result.messages { rows.append(["note", message]) }
        report.table(header: ["measure", "value"], rows: rows)
        summary.append(
            "floor plan: \(plan.walls.count) walls, \(plan.openings.count) openings, \(plan.rooms.count) rooms; "
                + "wall position error \(fmt(comparison.meanWallPositionError * 1000, 1)) mm")
    }
}
