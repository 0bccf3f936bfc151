import Fathom
import Foundation

/// Five 4 × 5 m rooms in a row (x 0…20 m, z 0…5 m), the last with its corner cut by a 45° wall:
/// 17 walls (0.12 m thick, the outer back walls of unknown thickness), a door in every partition,
/// a window in every front wall, an entrance door and a 1.6 m passage; labelled rooms.
func planExportBenchmarkPlan() -> FloorPlan {
    let h = 2.6
    var walls: [FloorPlanWall] = [], openings: [FloorPlanOpening] = [], rooms: [FloorPlanRoom] = []
    func wall(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ t: Double?) -> String {
        walls.append(FloorPlanWall(id: "w\(walls.count + 1)", start: a, end: b, height: h, thickness: t))
        return "w\(walls.count)"
    }
    func opening(_ wallId: String, _ kind: FloorPlanOpening.Kind, _ a: SIMD2<Double>, _ b: SIMD2<Double>) {
        let (bottom, top) = kind == .window ? (0.9, 2.1) : (0.0, 2.05)
        openings.append(
            FloorPlanOpening(id: "o\(openings.count + 1)", wallId: wallId, kind: kind, start: a, end: b, bottom: bottom, top: top))
    }
    let names = ["Living room", "Kitchen", "Bedroom", "Bathroom", "Study"]
    for i in 0..<5 {
        let x = Double(4 * i)
        let front = wall(SIMD2(x, 0), SIMD2(i == 4 ? x + 3 : x + 4, 0), 0.12)
        opening(front, .window, SIMD2(x + 1.2, 0), SIMD2(x + 2.4, 0))
        let back = wall(SIMD2(x + 4, 5), SIMD2(x, 5), nil)
        if i == 0 { opening(back, .door, SIMD2(x + 2.9, 5), SIMD2(x + 2, 5)) }
        let side = wall(SIMD2(x, 5), SIMD2(x, 0), i == 0 ? nil : 0.12)
        if i == 2 { opening(side, .opening, SIMD2(x, 3.6), SIMD2(x, 2)) } else if i > 0 { opening(side, .door, SIMD2(x, 1.9), SIMD2(x, 1)) }
        var polygon = [SIMD2(x, 0), SIMD2(x + 4, 0), SIMD2(x + 4, 5), SIMD2(x, 5)]
        if i == 4 { polygon = [SIMD2(x, 0), SIMD2(x + 3, 0), SIMD2(x + 4, 1), SIMD2(x + 4, 5), SIMD2(x, 5)] }
        rooms.append(FloorPlanRoom(id: "r\(i + 1)", label: names[i], polygon: polygon))
    }
    _ = wall(SIMD2(19, 0), SIMD2(20, 1), nil)
    _ = wall(SIMD2(20, 1), SIMD2(20, 5), nil)
    return FloorPlan(floorY: -1.3, ceilingHeight: h, walls: walls, openings: openings, rooms: rooms, trueNorthDegrees: 12)
}

var planExportBenchmarks: [BenchmarkCase] { [
    BenchmarkCase(name: "plan/export/svg/5-rooms", iterations: 50) {
        let plan = planExportBenchmarkPlan()
        return { blackHole(try! FloorPlanSVG.document(plan)) }
    },
    BenchmarkCase(name: "plan/export/dxf/5-rooms", iterations: 50) {
        let plan = planExportBenchmarkPlan()
        return { blackHole(try! FloorPlanDXF.data(plan)) }
    },
    BenchmarkCase(name: "plan/export/usdz/5-rooms", iterations: 50) {
        let plan = planExportBenchmarkPlan()
        return { blackHole(try! FloorPlanUSD.usdz(plan)) }
    },
    BenchmarkCase(name: "plan/export/roomplan-json/5-rooms", iterations: 50) {
        let plan = planExportBenchmarkPlan()
        return { blackHole(try! RoomPlanExport.jsonData(plan)) }
    },
    BenchmarkCase(name: "plan/export/write-all-files/5-rooms", iterations: 20) {
        let plan = planExportBenchmarkPlan()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fathom-bench-plan-\(getpid())")
        return {
            for format in FloorPlanExportFormat.allCases {
                try! FloorPlanExport.write(plan, format: format, to: dir.appendingPathComponent("plan.\(format.rawValue)"))
            }
            try? FileManager.default.removeItem(at: dir)
        }
    },
] }
