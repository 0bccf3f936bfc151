import Fathom
import Foundation

/// Tuning and held-out seeds of the furnished layouts (`FurnishedFloorPlanLayout`).
let planFurnishedTuningSeeds: [UInt64] = [1, 2, 3, 4]
let planFurnishedHeldOutSeeds: [UInt64] = Array(201...208)
/// Held-out seeds added after seeds 201–208 had been looked at (issue #14); looked at (and so
/// development seeds) since the generalisation work of issue #14.
let planFurnishedFreshSeeds: [UInt64] = Array(301...308)
/// Held-out seeds added when seeds 301–308 became development seeds (issue #14); looked at (and so
/// development seeds) since the recess work of issue #14.
let planFurnishedHeldOut400Seeds: [UInt64] = Array(401...416)
/// Held-out seeds added when seeds 401–416 became development seeds (issue #14): never looked at
/// while developing, reported on their own (`plan/unseen-furnished`, not matched by `plan/furnished`).
let planFurnishedHeldOut500Seeds: [UInt64] = Array(501...516)

/// Depth every third frame (10 Hz), no images or feature points: what the plan reads, written fast.
var planFurnishedSensors: SensorConfiguration {
    var s = SensorConfiguration()
    s.depthEveryNthFrame = 3
    s.imageEveryNthFrame = 0
    s.featuresEveryNthFrame = 0
    return s
}

/// One furnished scan (a drifting walk when `drift`): the plan compared with the truth, objects included.
func planFurnishedRow(seed: UInt64, drift: Bool) -> (FloorPlanComparison, FloorPlanObjectComparison, Int)? {
    let name = "furnished-\(seed)" + (drift ? "-drift" : "")
    if let only = ProcessInfo.processInfo.environment["FATHOM_PLAN_SCANS"],
        !only.split(separator: ",").contains(Substring(name))
    {
        return nil
    }
    let furnished = FurnishedFloorPlanLayout.scene(seed: seed)
    var description = furnished.scene
    if drift {
        let duration = try! ScanSimulation(description: description, sensors: .lightweight).duration
        description.faults.append(FurnishedFloorPlanLayout.drift(seed: seed, duration: duration))
    }
    let url = PlanPackages.package(name: name, description: description, seed: seed, sensors: planFurnishedSensors)
    let package = try! ScanPackage(url: url)
    let t0 = Date()
    let result = try! FloorPlanExtractor().extract(package: package)
    let seconds = Date().timeIntervalSince(t0)
    let truth = furnished.floorPlanTruth
    let c = FloorPlanComparison(found: result.plan, truth: truth)
    let o = FloorPlanObjectComparison(found: result.plan.objects, truth: truth.objects)
    let doubled = result.plan.doubledWalls().count
    print(
        name.padding(toLength: 22, withPad: " ", startingAt: 0)
            + String(
                format: "%6.1f %6.2f %4d/%-3d %7.2f %7.4f %3d/%d %4d %5.0f%% %4d %4d/%-3d %5.0f%% %4d %4d %6.1f",
                c.meanWallPositionError * 100, c.meanWallLengthError * 100, c.walls.count - c.missedWallCount,
                c.walls.count, c.maximumRoomAreaError * 100, c.minimumRoomIoU, c.matchedRoomCount, c.rooms.count,
                c.spuriousWallIds.count, c.doorAndWindowRecall * 100, c.inventedOpeningIds.count,
                o.matches.filter { $0.isWithin() }.count, o.matches.count, o.recall * 100, o.spuriousObjectIds.count,
                doubled, seconds))
    for m in result.messages { print("    note: \(m)") }
    if ProcessInfo.processInfo.environment["FATHOM_PLAN_DETAIL"] != nil {
        func f(_ p: SIMD2<Double>) -> String { String(format: "(%.2f, %.2f)", p.x, p.y) }
        for m in c.walls where m.foundWallId == nil || m.positionError! > 0.02 || m.lengthError! > 0.02 {
            let t = truth.wall(id: m.trueWallId)!
            let w = m.foundWallId.flatMap { result.plan.wall(id: $0) }
            print("    wall \(f(t.start))–\(f(t.end)): found \(w.map { "\(f($0.start))–\(f($0.end))" } ?? "none")")
        }
        for (a, b) in result.plan.doubledWalls() {
            let wa = result.plan.wall(id: a)!, wb = result.plan.wall(id: b)!
            print("    drawn twice \(f(wa.start))–\(f(wa.end)) and \(f(wb.start))–\(f(wb.end))")
        }
        for id in c.spuriousWallIds {
            let w = result.plan.wall(id: id)!
            print("    spurious wall \(f(w.start))–\(f(w.end)) t=\(w.thickness ?? 0)")
        }
        for r in c.rooms where (r.iou ?? 0) < 0.98 || (r.areaError ?? 1) > 0.01 {
            print("    room \(r.trueRoomId): found \(r.foundRoomId ?? "none") IoU \(r.iou ?? 0) area err \(r.areaError ?? -1)")
        }
        for id in c.inventedOpeningIds {
            let op = result.plan.openings.first { $0.id == id }!
            print("    invented \(op.kind) \(f(op.start))–\(f(op.end)) bottom \(op.bottom) top \(op.top)")
        }
        func size(_ o: FloorPlanObject) -> String {
            let c = o.corners
            return String(format: "%.2f × %.2f", FloorPlanGeometry.distance(c[0], c[1]), FloorPlanGeometry.distance(c[1], c[2]))
        }
        for m in o.matches where !m.isWithin() {
            let t = truth.objects.first { $0.id == m.trueObjectId }!
            let found = m.foundObjectId.flatMap { id in result.plan.objects.first { $0.id == id } }
            print(
                "    object \(t.category) \(f(t.center)) \(size(t)) top \(String(format: "%.2f", t.top)): found \(m.foundObjectId ?? "none") "
                    + (found.map { "\(f($0.center)) \(size($0)) " } ?? "")
                    + String(format: "centre %.3f IoU %.2f top %.3f", m.centerError ?? -1, m.iou ?? -1, m.topError ?? -1))
        }
        for id in o.spuriousObjectIds {
            let ob = result.plan.objects.first { $0.id == id }!
            print("    spurious object \(ob.category) \(f(ob.center)) top \(String(format: "%.2f", ob.top))")
        }
    }
    return (c, o, doubled)
}

/// Prints the object figures over a set of comparisons.
func printObjectSummary(_ rows: [(FloorPlanComparison, FloorPlanObjectComparison, Int)]) {
    let matches = rows.flatMap(\.1.matches)
    guard !matches.isEmpty else { return }
    let found = matches.filter { $0.foundObjectId != nil }
    func mean(_ v: [Double]) -> Double { v.isEmpty ? 0 : v.reduce(0, +) / Double(v.count) }
    print(
        String(
            format: "   objects: %d true; within targets %.1f %% (target ≥ 90 %%), matched %.1f %%; centre error mean %.1f cm, "
                + "IoU mean %.3f, top error mean %.1f cm; categories right %d/%d; spurious %d",
            matches.count, Double(matches.filter { $0.isWithin() }.count) / Double(matches.count) * 100,
            Double(found.count) / Double(matches.count) * 100, mean(found.compactMap(\.centerError)) * 100,
            mean(found.compactMap(\.iou)), mean(found.compactMap(\.topError)) * 100,
            found.filter { $0.categoryMatches == true }.count, found.count, rows.map(\.1.spuriousObjectIds.count).reduce(0, +)))
    print("   walls drawn twice: \(rows.map(\.2).reduce(0, +)) (target 0)")
}

var planFurnishedReports: [BenchmarkReport] {
    [
        BenchmarkReport(name: "plan/furnished") {
            print(
                "scan                   pos cm  len %  walls   area %  min IoU rooms spur  d+w  inv objects  match spur dbl time s")
            for drift in [false, true] {
                var tuning: [(FloorPlanComparison, FloorPlanObjectComparison, Int)] = []
                for seed in planFurnishedTuningSeeds {
                    if let row = planFurnishedRow(seed: seed, drift: drift) { tuning.append(row) }
                }
                var heldOut: [(FloorPlanComparison, FloorPlanObjectComparison, Int)] = []
                for seed in planFurnishedHeldOutSeeds {
                    if let row = planFurnishedRow(seed: seed, drift: drift) { heldOut.append(row) }
                }
                var fresh: [(FloorPlanComparison, FloorPlanObjectComparison, Int)] = []
                for seed in planFurnishedFreshSeeds {
                    if let row = planFurnishedRow(seed: seed, drift: drift) { fresh.append(row) }
                }
                var heldOut400: [(FloorPlanComparison, FloorPlanObjectComparison, Int)] = []
                for seed in planFurnishedHeldOut400Seeds {
                    if let row = planFurnishedRow(seed: seed, drift: drift) { heldOut400.append(row) }
                }
                let kind = drift ? "drifting walks" : "true poses"
                printPlanSummary("furnished, \(kind), tuning (seeds \(planFurnishedTuningSeeds))", tuning.map(\.0))
                printObjectSummary(tuning)
                printPlanSummary("furnished, \(kind), held out (seeds \(planFurnishedHeldOutSeeds.first!)…\(planFurnishedHeldOutSeeds.last!))", heldOut.map(\.0))
                printObjectSummary(heldOut)
                printPlanSummary("furnished, \(kind), development (seeds \(planFurnishedFreshSeeds.first!)…\(planFurnishedFreshSeeds.last!))", fresh.map(\.0))
                printObjectSummary(fresh)
                printPlanSummary(
                    "furnished, \(kind), held out (seeds \(planFurnishedHeldOut400Seeds.first!)…\(planFurnishedHeldOut400Seeds.last!))",
                    heldOut400.map(\.0))
                printObjectSummary(heldOut400)
            }
        },
        BenchmarkReport(name: "plan/unseen-furnished") {
            print(
                "scan                   pos cm  len %  walls   area %  min IoU rooms spur  d+w  inv objects  match spur dbl time s")
            for drift in [false, true] {
                let rows = planFurnishedHeldOut500Seeds.compactMap { planFurnishedRow(seed: $0, drift: drift) }
                let kind = drift ? "drifting walks" : "true poses"
                printPlanSummary(
                    "furnished, \(kind), held out (seeds \(planFurnishedHeldOut500Seeds.first!)…\(planFurnishedHeldOut500Seeds.last!))",
                    rows.map(\.0))
                printObjectSummary(rows)
            }
        },
    ]
}
