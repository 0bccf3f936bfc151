import Fathom
import Foundation

/// Simulated scan packages for the floor-plan benchmarks, written once into the temporary directory
/// and reused by later runs.
enum PlanPackages {
    static let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fathom-bench-plan")

    /// The package of `description` simulated with `seed` (and `duration`, seconds, when given).
    static func package(
        name: String, description: SceneDescription, seed: UInt64, duration: Double? = nil,
        sensors: SensorConfiguration = SensorConfiguration()
    ) -> URL {
        let url = directory.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("arkitData.json").path) { return url }
        try? FileManager.default.removeItem(at: url)
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let sim = try! ScanSimulation(description: description, sensors: sensors, seed: seed, duration: duration)
        let t0 = Date()
        try! sim.write(to: url, trueNorthDegrees: 20)
        FileHandle.standardError.write(
            Data(String(format: "(wrote %@: %d frames in %.0f s)\n", name, sim.frameCount, Date().timeIntervalSince(t0)).utf8))
        return url
    }
}

/// One accuracy row: the comparison of a found plan with the truth.
func planAccuracyRow(
    _ name: String, _ description: SceneDescription, seed: UInt64, duration: Double? = nil,
    sensors: SensorConfiguration = SensorConfiguration()
) -> FloorPlanComparison? {
    if let only = ProcessInfo.processInfo.environment["FATHOM_PLAN_SCANS"],
        !only.split(separator: ",").contains(Substring(name))
    {
        return nil
    }
    let url = PlanPackages.package(name: name, description: description, seed: seed, duration: duration, sensors: sensors)
    let package = try! ScanPackage(url: url)
    let t0 = Date()
    let result = try! FloorPlanExtractor().extract(package: package)
    let seconds = Date().timeIntervalSince(t0)
    let truth = description.floorPlanTruth
    let c = FloorPlanComparison(found: result.plan, truth: truth)
    let labels = c.rooms.filter { $0.labelMatches == true }.count
    print(
        name.padding(toLength: 22, withPad: " ", startingAt: 0)
            + String(
                format: "%6.1f %6.2f %4d/%-3d %7.2f %7.4f %3d/%d %3d %5.0f%% %6.1f %4d %4d/%d %6.1f",
                c.meanWallPositionError * 100, c.meanWallLengthError * 100, c.walls.count - c.missedWallCount,
                c.walls.count, c.maximumRoomAreaError * 100, c.minimumRoomIoU, c.matchedRoomCount, c.rooms.count,
                c.spuriousRoomIds.count, c.doorAndWindowRecall * 100, c.maximumOpeningWidthError * 100,
                c.inventedOpeningIds.count, labels, c.rooms.count, seconds))
    for m in result.messages { print("    note: \(m)") }
    if ProcessInfo.processInfo.environment["FATHOM_PLAN_DETAIL"] != nil {
        func f(_ p: SIMD2<Double>) -> String { String(format: "(%.2f, %.2f)", p.x, p.y) }
        for m in c.walls {
            let t = truth.wall(id: m.trueWallId)!
            if let id = m.foundWallId {
                let w = result.plan.wall(id: id)!
                if m.positionError! > 0.02 || m.lengthError! > 0.02 {
                    print("    wall \(f(t.start))–\(f(t.end)) t=\(t.thickness ?? 0): found \(f(w.start))–\(f(w.end)) t=\(w.thickness ?? 0)")
                }
            } else {
                print("    wall missed \(f(t.start))–\(f(t.end)) t=\(t.thickness ?? 0)")
            }
        }
        for o in c.openings where o.foundOpeningId == nil || (o.widthError ?? 0) > 0.05 || o.kindMatches == false {
            let t = truth.openings.first { $0.id == o.trueOpeningId }!
            print("    opening \(t.kind) \(f(t.start))–\(f(t.end)): found \(o.foundOpeningId ?? "none") kind ok \(o.kindMatches ?? false) width err \(o.widthError ?? -1)")
        }
        for id in c.inventedOpeningIds {
            let o = result.plan.openings.first { $0.id == id }!
            print("    invented \(o.kind) \(f(o.start))–\(f(o.end)) bottom \(o.bottom) top \(o.top)")
        }
        for r in c.rooms { print("    room \(r.trueRoomId): found \(r.foundRoomId ?? "none") IoU \(r.iou ?? 0) area err \(r.areaError ?? -1)") }
        if c.missedRoomCount > 0 {
            for w in result.plan.walls { print("      found \(w.id) \(f(w.start))–\(f(w.end)) t=\(w.thickness ?? 0)") }
            for r in truth.rooms { print("      true room \(r.polygon.map(f).joined(separator: " "))") }
        }
        for id in c.spuriousWallIds {
            let w = result.plan.wall(id: id)!
            print("    spurious wall \(f(w.start))–\(f(w.end)) t=\(w.thickness ?? 0)")
        }
        for id in c.spuriousRoomIds {
            let r = result.plan.rooms.first { $0.id == id }!
            print("    spurious room \(r.polygon.map(f).joined(separator: " "))")
        }
    }
    return c
}

/// Tuning seeds (layouts the extractor was tuned on) and held-out seeds (reported, never tuned on).
let planTuningSeeds: [UInt64] = [1, 2, 3, 4, 5]
let planHeldOutSeeds: [UInt64] = Array(101...110)

/// Prints the figures the issue targets over a set of comparisons.
func printPlanSummary(_ title: String, _ comparisons: [FloorPlanComparison]) {
    guard !comparisons.isEmpty else { return }
    let walls = comparisons.flatMap(\.walls)
    let positions = walls.compactMap(\.positionError)
    let lengths = walls.compactMap(\.lengthError)
    let rooms = comparisons.flatMap(\.rooms)
    let areas = rooms.compactMap(\.areaError)
    let ious = rooms.map { $0.iou ?? 0 }
    let openings = comparisons.flatMap(\.openings)
    let dw = openings.filter { $0.kind != .opening }
    let widths = openings.compactMap(\.widthError)
    func mean(_ v: [Double]) -> Double { v.isEmpty ? 0 : v.reduce(0, +) / Double(v.count) }
    print("-- \(title): \(comparisons.count) scans, \(walls.count) walls, \(rooms.count) rooms, \(dw.count) doors+windows")
    print(String(format: "   wall position error: mean %.2f cm (target ≤ 2)", mean(positions) * 100))
    print(String(format: "   wall length error: mean %.2f %%, median %.2f %% (target ≤ 2 %%); walls missed %d", mean(lengths) * 100,
                 (lengths.sorted().dropFirst(lengths.count / 2).first ?? 0) * 100, walls.count - positions.count))
    print(String(format: "   room area error: mean %.2f %%, max %.2f %% (target ≤ 1 %%)", mean(areas) * 100, (areas.max() ?? 0) * 100))
    print(String(format: "   room IoU: mean %.4f, min %.4f (target ≥ 0.98)", mean(ious), ious.min() ?? 0))
    print("   rooms found \(rooms.filter { $0.foundRoomId != nil }.count)/\(rooms.count), spurious \(comparisons.map(\.spuriousRoomIds.count).reduce(0, +)), labels right \(rooms.filter { $0.labelMatches == true }.count)")
    print(String(format: "   doors+windows found %.1f %% (target ≥ 95 %%), kinds right %d/%d, width error mean %.1f cm max %.1f cm (target ≤ 5)",
                 dw.isEmpty ? 100 : Double(dw.filter { $0.foundOpeningId != nil }.count) / Double(dw.count) * 100,
                 openings.filter { $0.kindMatches == true }.count, openings.count, mean(widths) * 100, (widths.max() ?? 0) * 100))
    print("   openings invented: \(comparisons.map(\.inventedOpeningIds.count).reduce(0, +)) (target 0); spurious walls: \(comparisons.map(\.spuriousWallIds.count).reduce(0, +))")
}

var planReports: [BenchmarkReport] {
    [
        BenchmarkReport(name: "plan/accuracy") {
            print(
                "scan                   pos cm  len %  walls   area %  min IoU rooms spur  d+w  wid cm  inv  labels  time s")
            var tuning: [FloorPlanComparison] = []
            tuning.append(contentsOf: [planAccuracyRow("apartment", ScenePreset.apartment.description, seed: 1)].compactMap { $0 })
            for seed in planTuningSeeds {
                tuning.append(contentsOf: [planAccuracyRow("layout-\(seed)", RandomFloorPlanLayout.scene(seed: seed), seed: seed)].compactMap { $0 })
            }
            var heldOut: [FloorPlanComparison] = []
            for seed in planHeldOutSeeds {
                heldOut.append(contentsOf: [planAccuracyRow("layout-\(seed)", RandomFloorPlanLayout.scene(seed: seed), seed: seed)].compactMap { $0 })
            }
            // The speed benchmark's long scan: the 5-room walk repeated for ten minutes.
            let long = [
                planAccuracyRow("single-room-2min", planSingleRoomTwoMinuteScene, seed: 7, duration: 120),
                planAccuracyRow(
                    "five-rooms-10min", planFiveRoomTenMinuteScene, seed: 42, duration: 600, sensors: .lightweight),
            ].compactMap { $0 }
            printPlanSummary("tuning (apartment + seeds \(planTuningSeeds))", tuning)
            printPlanSummary("held out (seeds \(planHeldOutSeeds.first!)…\(planHeldOutSeeds.last!))", heldOut)
            printPlanSummary("long scans (the speed benchmark's: 1 room 2 min, 5 rooms 10 min)", long)
        }
    ]
}

/// The description with its walk repeated (there and back) until it lasts about `seconds`.
func repeatedWalk(_ description: SceneDescription, seconds: Double) -> SceneDescription {
    guard case .walk(var walk) = description.path else { return description }
    let forward = walk.waypoints
    var points = forward
    var length: Float = 0
    for i in 1..<forward.count { length += simd_length(forward[i] - forward[i - 1]) }
    let laps = max(1, Int((seconds * Double(walk.speed) / Double(max(length, 0.1))).rounded(.up)))
    for lap in 1..<laps {
        let next = lap % 2 == 1 ? Array(forward.reversed()) : forward
        for p in next where simd_length(p - points.last!) > 0.01 { points.append(p) }
    }
    walk.waypoints = points
    walk.closed = false
    var out = description
    out.path = .walk(walk)
    return out
}

@inline(__always) func simd_length(_ v: SIMD2<Float>) -> Float { (v * v).sum().squareRoot() }

/// A 4.5 × 4 m room with a door, two windows and a cabinet, walked round for about two minutes.
var planSingleRoomScene: SceneDescription {
    let room = RoomDescription(
        polygon: [SIMD2(0, 0), SIMD2(0, 4), SIMD2(4.5, 4), SIMD2(4.5, 0)], height: 2.5,
        openings: [
            OpeningDescription(kind: .window, wall: 3, offset: 1.6, width: 1.2, bottom: 0.9, top: 2.0),
            OpeningDescription(kind: .window, wall: 1, offset: 0.6, width: 1.0, bottom: 1.0, top: 2.0),
            OpeningDescription(kind: .door, wall: 2, offset: 1.6, width: 0.9),
        ])
    return SceneDescription(
        rooms: [room],
        objects: [ObjectDescription(name: "cabinet", shape: .box(size: SIMD3(1.2, 0.8, 0.5)), position: SIMD3(2.8, 0.4, 3.73))],
        labels: [SceneLabel(text: "Study", position: SIMD2(2, 2))],
        path: .walk(WalkPath(waypoints: [SIMD2(1.1, 1.0), SIMD2(1.1, 3.0), SIMD2(3.4, 3.0), SIMD2(3.4, 1.0)], headingOffsetDegrees: 35)))
}

/// The single room walked round for two minutes.
var planSingleRoomTwoMinuteScene: SceneDescription { repeatedWalk(planSingleRoomScene, seconds: 120) }

/// Five rooms (layout seed 42), the walk repeated there and back for ten minutes.
var planFiveRoomTenMinuteScene: SceneDescription {
    repeatedWalk(RandomFloorPlanLayout.scene(seed: 42, roomCount: 5), seconds: 600)
}

var planBenchmarks: [BenchmarkCase] {
    [
        BenchmarkCase(name: "plan/extract/1 room, 3600 frames", iterations: 3) {
            let url = PlanPackages.package(
                name: "single-room-2min", description: planSingleRoomTwoMinuteScene, seed: 7, duration: 120)
            let package = try! ScanPackage(url: url)
            return { blackHole(try! FloorPlanExtractor().extract(package: package)) }
        },
        BenchmarkCase(name: "plan/extract/5 rooms, 10 min", iterations: 3) {
            let url = PlanPackages.package(
                name: "five-rooms-10min", description: planFiveRoomTenMinuteScene, seed: 42, duration: 600,
                sensors: .lightweight)
            let package = try! ScanPackage(url: url)
            return { blackHole(try! FloorPlanExtractor().extract(package: package)) }
        },
    ]
}
