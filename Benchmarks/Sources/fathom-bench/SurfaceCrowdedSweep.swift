import Fathom
import Foundation

// Sweeps over crowded scenes (`SyntheticCrowdedScene`: the object is a quarter of the cloud, two
// same-type distractors, a ground plane, a wall, 10% outliers, the visible side only), as the issue's
// held-out scenes are built. Settings from the environment:
//   FATHOM_CROWDED_SIZES   point counts, comma-separated (default 10000,100000)
//   FATHOM_CROWDED_TRIALS  seeded scenes per row (default 20 below 100 k points, 8 below 1 M, 3 from 1 M)
//   FATHOM_CROWDED_KINDS   types, comma-separated (default all five)
//   FATHOM_CROWDED_NOISES  noise levels in millimetres (default 1,5,20)
//   FATHOM_CROWDED_MISSES  when set, each scene whose object was not found is printed (seed, result, truth)
//   FATHOM_CROWDED_ORDER   `shuffled` (default) puts each scene's points in a seeded random order, as a
//                          fused cloud interleaves an object's points with the rest (the demo's floor);
//                          `generated` keeps the simulator's order, the object's points first in one
//                          contiguous run, in which every figure before session 11 was measured (a
//                          search's passes then stream through memory, and its answers differ: see
//                          docs/surface-finder.md, ninth pass). FATHOM_CROWDED_SHUFFLE is still read
//                          as `shuffled`.
//   FATHOM_SURFACE_ORDER_FREE  when set, every finder of the crowded, feature-point and accuracy sweeps is
//                          built order-free (`SurfaceFinder(positions:orderFree: true)`: the same answer
//                          for any order of the points; docs/surface-finder.md, tenth pass)
//   FATHOM_CROWDED_EXPORT  a folder: each case is written there (raw float32 x y z, `<name>.f32`, the
//                          name starting with the type) with a line in `cases.tsv` (name, points, seed
//                          index, seed radius, accuracy, our median ms of the typed search, whether we
//                          found the object, the truth's parameters as numbers: plane point and normal;
//                          sphere centre and radius; cylinder axis point, axis and radius; cone apex,
//                          axis and half angle; torus centre, axis and radii; then the typed search's
//                          inlier count), for the peer scripts
//                          (scripts/peer-plane-segmentation.py, scripts/peer-pcl.py).

/// The crowded-scene sweeps.
enum CrowdedSceneSweep {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    static func list<T>(_ key: String, default fallback: [T], _ parse: (Substring) -> T?) -> [T] {
        guard let text = environment[key] else { return fallback }
        let values = text.split(separator: ",").compactMap(parse)
        return values.isEmpty ? fallback : values
    }

    /// `points` as they are, or in a random order drawn from `seed` (FATHOM_CROWDED_ORDER), with where
    /// the first point (the scene's seed) went.
    static func ordered(_ points: [SIMD3<Float>], shuffled: Bool, seed: UInt64) -> (points: [SIMD3<Float>], seedIndex: Int) {
        guard shuffled else { return (points, 0) }
        var generator = SeededGenerator(seed: seed)
        var order = Array(points.indices)
        order.shuffle(using: &generator)
        return (order.map { points[$0] }, order.firstIndex(of: 0) ?? 0)
    }

    /// Whether the sweeps' finders are order-free (FATHOM_SURFACE_ORDER_FREE).
    static var orderFree: Bool { environment["FATHOM_SURFACE_ORDER_FREE"] != nil }

    /// A finder over `positions`, order-free when FATHOM_SURFACE_ORDER_FREE is set.
    static func finder(_ positions: [SIMD3<Float>]) -> SurfaceFinder {
        try! SurfaceFinder(positions: positions, orderFree: orderFree)
    }

    static func trials(for size: Int) -> Int {
        if let t = environment["FATHOM_CROWDED_TRIALS"].flatMap(Int.init) { return t }
        return size < 100_000 ? 20 : size < 1_000_000 ? 8 : 3
    }

    /// Whether a found surface is the scene's object: the requested type with parameters close to the
    /// truth (radius or half angle within 10%, axis or normal within 10°).
    static func isObject(_ result: SurfaceSearchResult, _ truth: SyntheticPrimitive) -> (Bool, Float, Float) {
        guard let s = result.surface else { return (false, .infinity, .infinity) }
        let angle = SurfaceAccuracySweep.angle
        var radius: Float = .infinity, axis: Float = .infinity
        switch (s, truth) {
        case let (.plane(p), .plane(q, n)):
            radius = abs((p.center - q).dot(n))  // offset along the normal, reported in place of a radius (m)
            axis = angle(p.normal, n)
            return (axis <= 10 && radius <= 0.05, radius, axis)
        case let (.sphere(p), .sphere(_, r)): (radius, axis) = (abs(p.radius - r) / r, 0)
        case let (.cylinder(p), .cylinder(_, a, r)): (radius, axis) = (abs(p.radius - r) / r, angle(p.axis, a))
        case let (.cone(p), .cone(_, a, t)): (radius, axis) = (abs(p.halfAngle - t) / t, angle(p.axis, a))
        case let (.torus(p), .torus(_, a, big, small)):
            (radius, axis) = (max(abs(p.meanRadius - big) / big, abs(p.tubeRadius - small) / small), angle(p.axis, a))
        default: return (false, .infinity, .infinity)
        }
        return (radius <= 0.1 && axis <= 10, radius, axis)
    }

    /// A one-line summary of a result, for the misses' listing.
    static func describe(_ result: SurfaceSearchResult) -> String {
        switch result {
        case let .notFound(reason): return "not found: \(reason)"
        case let .found(s):
            let fit = s.fit
            let decided = fit.typeDecision.map { " decided by \($0.test.rawValue): " + $0.candidates.map {
                "\($0.type) \($0.criterion.map { String(format: "%.1f", $0) } ?? "-") (\($0.inlierCount))" }.joined(separator: ", ") } ?? ""
            switch s {
            case let .cone(c):
                return String(format: "cone half angle %.1f°", c.halfAngle * 180 / .pi)
                    + " axis \(c.axis) apex \(c.apex), \(fit.inlierIndices.count) inliers rms \(fit.rms)" + decided
            default: return "\(s.type) \(s), \(fit.inlierIndices.count) inliers rms \(fit.rms)" + decided
            }
        }
    }

    /// The truth's parameters as plain numbers, for the exported cases (see FATHOM_CROWDED_EXPORT).
    static func truthNumbers(_ truth: SyntheticPrimitive) -> [Float] {
        func v(_ p: SIMD3<Float>) -> [Float] { [p.x, p.y, p.z] }
        switch truth {
        case let .plane(p, n): return v(p) + v(n)
        case let .sphere(c, r): return v(c) + [r]
        case let .cylinder(p, a, r): return v(p) + v(a) + [r]
        case let .cone(q, a, t): return v(q) + v(a) + [t]
        case let .torus(c, a, big, small): return v(c) + v(a) + [big, small]
        }
    }

    static func median(_ a: [Double]) -> Double {
        guard !a.isEmpty else { return .nan }
        let s = a.sorted()
        return s[s.count / 2]
    }

    /// Found rate, errors and per-call CPU time (searches as a user makes them: all smart conversions
    /// on, accuracy = the noise; and typed without conversions, for time).
    static func run() {
        let sizes = list("FATHOM_CROWDED_SIZES", default: [10_000, 100_000]) { Int($0) }
        let kinds = list("FATHOM_CROWDED_KINDS", default: SyntheticPrimitiveScene.Kind.allCases) {
            SyntheticPrimitiveScene.Kind(rawValue: String($0))
        }
        let noises = list("FATHOM_CROWDED_NOISES", default: [1, 5, 20] as [Float]) { Float($0) }.map { $0 / 1000 }
        let export = environment["FATHOM_CROWDED_EXPORT"].map { URL(fileURLWithPath: $0) }
        let shuffled = environment["FATHOM_CROWDED_SHUFFLE"] != nil || environment["FATHOM_CROWDED_ORDER"] != "generated"
        var exportLines: [String] = []
        if let export { try? FileManager.default.createDirectory(at: export, withIntermediateDirectories: true) }
        print("crowded scenes: object 25% of the cloud, 2 same-type distractors, ground, wall, 10% outliers, visible side, "
            + (shuffled ? "points in a seeded random order" : "points in the generator's order (FATHOM_CROWDED_ORDER=generated)")
            + (orderFree ? ", order-free finder (FATHOM_SURFACE_ORDER_FREE)" : ""))
        print("found% = requested type with radius/half-angle error ≤ 10% and axis ≤ 10° (planes: normal ≤ 10°, offset ≤ 5 cm)")
        print("type%  = requested type returned; ms = thread CPU per call, median (conversions on / typed, no conversions)")
        print("type      points noise  found%  type%  radius%med  axis°med   ms(conv)  ms(typed)  build ms  decisions")
        for kind in kinds {
            for size in sizes {
                for noise in noises {
                    let n = trials(for: size)
                    var found = 0, typed = 0
                    var radius: [Double] = [], axis: [Double] = [], convMs: [Double] = [], typedMs: [Double] = [], buildMs: [Double] = []
                    var tests: [String: Int] = [:]
                    let repeats = size >= 1_000_000 ? 3 : 5
                    for t in 0..<n {
                        let scene = SyntheticCrowdedScene(kind, totalPoints: size, sensor: .lidar(noise: noise),
                                                          seed: UInt64(t) &* 104_729 &+ UInt64(noise * 1e6) &+ UInt64(size))
                        let (positions, seedIndex) = ordered(scene.positions, shuffled: shuffled,
                                                             seed: UInt64(t) &* 104_729 &+ UInt64(size))
                        let b0 = SurfaceCPUTime.threadMilliseconds()
                        let finder = Self.finder(positions)
                        buildMs.append(SurfaceCPUTime.threadMilliseconds() - b0)
                        let search = SurfaceSearch(type: surfaceType(kind), seed: .index(seedIndex), seedRadius: scene.seedRadius,
                                                   accuracy: noise)
                        var result = try! finder.find(search)
                        var times: [Double] = []
                        for _ in 0..<repeats {
                            let t0 = SurfaceCPUTime.threadMilliseconds()
                            result = try! finder.find(search)
                            times.append(SurfaceCPUTime.threadMilliseconds() - t0)
                        }
                        convMs.append(median(times))
                        var typedSearch = search
                        typedSearch.conversions = []
                        times = []
                        var typedResult = result
                        for _ in 0..<repeats {
                            let t0 = SurfaceCPUTime.threadMilliseconds()
                            typedResult = try! finder.find(typedSearch)
                            times.append(SurfaceCPUTime.threadMilliseconds() - t0)
                        }
                        typedMs.append(median(times))
                        if let d = result.surface?.fit.typeDecision { tests["\(d.test.rawValue)→\(result.surface!.type)", default: 0] += 1 }
                        if result.surface?.type == search.type { typed += 1 }
                        let (ok, r, a) = isObject(result, scene.truth)
                        if !ok, environment["FATHOM_CROWDED_MISSES"] != nil {
                            print("  miss \(surfaceType(kind).rawValue) \(size) \(Int(noise * 1000))mm scene \(t): truth \(scene.truth), "
                                  + "object \(scene.objectCount) points; got \(describe(result)); error \(r) axis \(a)°")
                        }
                        if ok {
                            found += 1
                            radius.append(Double(r) * (kind == .plane ? 1000 : 100))
                            axis.append(Double(a))
                        }
                        if let export {
                            let name = "\(kind.rawValue)-\(size)-\(Int(noise * 1000))mm-\(t)"
                            let data = positions.withUnsafeBufferPointer { buffer in
                                Data(buffer.flatMap { [$0.x, $0.y, $0.z] }.withUnsafeBufferPointer { Data(buffer: $0) })
                            }
                            try? data.write(to: export.appendingPathComponent("\(name).f32"))
                            exportLines.append("\(name)\t\(positions.count)\t\(seedIndex)\t\(scene.seedRadius)\t\(noise)\t\(median(typedMs.suffix(1)))"
                                               + "\t\(ok ? 1 : 0)\t" + truthNumbers(scene.truth).map { "\($0)" }.joined(separator: " ")
                                               + "\t\(typedResult.surface?.fit.inlierCount ?? 0)")
                        }
                    }
                    let decided = tests.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                    print(String(format: "%-8@ %7d %4.0fmm %6.1f %6.1f  %9.3f  %8.3f  %9.3f  %9.3f  %8.2f  %@",
                                 surfaceType(kind).rawValue as NSString, size, noise * 1000, 100 * Double(found) / Double(n),
                                 100 * Double(typed) / Double(n), median(radius), median(axis), median(convMs), median(typedMs),
                                 median(buildMs), decided as NSString))
                }
            }
        }
        if let export, !exportLines.isEmpty {
            let text = "name\tpoints\tseed\tseed_radius\taccuracy\tfathom_ms\tfathom_found\ttruth\tfathom_inliers\n" + exportLines.joined(separator: "\n") + "\n"
            try? text.write(to: export.appendingPathComponent("cases.tsv"), atomically: true, encoding: .utf8)
            print("exported \(exportLines.count) cases to \(export.path)")
        }
    }

    /// Feature-point clouds (~2 k points, needle noise 15 mm along the rays and 2 mm across, 10%
    /// spurious): how often a cone or torus search (all conversions on) answers the requested type,
    /// counted over the scenes where the object's own points, searched alone, answer it (a
    /// least-squares fit of the true points tells the types apart there).
    static func featurePoints() {
        let n = environment["FATHOM_CROWDED_TRIALS"].flatMap(Int.init) ?? 40
        print("feature-point crowded scenes (2 k points, needle 15 mm / 2 mm, accuracy 10 mm), \(n) scenes per type")
        print("type      separable  requested-type%  found%  (of separable scenes)   decisions")
        for kind in SyntheticPrimitiveScene.Kind.allCases {
            var separable = 0, requested = 0, found = 0
            var tests: [String: Int] = [:]
            for t in 0..<n {
                let scene = SyntheticCrowdedScene(kind, totalPoints: 2000, sensor: .featurePoints(along: 0.015, across: 0.002),
                                                  seed: UInt64(t) &+ 5000)
                let search = SurfaceSearch(type: surfaceType(kind), seed: .index(0), seedRadius: scene.seedRadius, accuracy: 0.01)
                let alone = Self.finder(Array(scene.positions[0..<scene.objectCount]))
                guard try! alone.find(search).surface?.type == search.type else { continue }
                separable += 1
                let result = try! Self.finder(scene.positions).find(search)
                if let d = result.surface?.fit.typeDecision { tests["\(d.test.rawValue)→\(result.surface!.type)", default: 0] += 1 }
                if result.surface?.type == search.type { requested += 1 }
                if isObject(result, scene.truth).0 { found += 1 }
            }
            let decided = tests.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            print(String(format: "%-8@ %4d / %-4d %10.1f %12.1f        %@", surfaceType(kind).rawValue as NSString, separable, n,
                         100 * Double(requested) / Double(max(separable, 1)), 100 * Double(found) / Double(max(separable, 1)),
                         decided as NSString))
        }
    }
}

/// A preview on every frame of a growing cloud: a 1 M-point crowded scene (sphere, 5 mm) delivered
/// in shuffled chunks to a `SurfaceDetectionSession`; each frame brings the session's finder up to
/// date (the index merged, not rebuilt) and runs the sphere search at the object's seed twice on
/// the same finder: continued from the previous frame's result (`find(_:continuing:)`, what the
/// session's preview does) and in full (`find(_:)`, the preview before continuation). Prints the
/// steps' thread CPU time (median, p90, max) over the frames past half the cloud, beside a rebuild
/// from scratch per frame, and how far the continued results are from the full ones (inliers'
/// symmetric difference as a share of the full search's, radius and centre differences).
/// FATHOM_PREVIEW_POINTS and FATHOM_PREVIEW_FRAMES override the size.
enum LivePreviewReport {
    static func run() {
        let env = ProcessInfo.processInfo.environment
        let total = env["FATHOM_PREVIEW_POINTS"].flatMap(Int.init) ?? 1_000_000
        let frames = env["FATHOM_PREVIEW_FRAMES"].flatMap(Int.init) ?? 60
        let scene = SyntheticCrowdedScene(.sphere, totalPoints: total, sensor: .lidar(noise: 0.005), seed: 77)
        var order = Array(scene.positions.indices)
        var g = SeededGenerator(seed: 78)
        order.shuffle(using: &g)
        let shuffled = order.map { scene.positions[$0] }
        let seedPoint = scene.positions[0]
        let session = SurfaceDetectionSession()
        let chunk = (total + frames - 1) / frames
        let search = SurfaceSearch(type: .sphere, seed: .point(seedPoint), seedRadius: scene.seedRadius, accuracy: 0.005)
        var continuedSteps: [Double] = [], fullSteps: [Double] = [], updates: [Double] = [], rebuilt: [Double] = []
        var inlierDifference: [Double] = [], radiusDifference: [Double] = [], centreDifference: [Double] = []
        var foundContinued = 0, foundFull = 0, continuedCount = 0, late = 0
        var fullReasons: [String: Int] = [:]
        var previous: SearchContinuation?
        for f in 0..<frames {
            let part = Array(shuffled[(f * chunk)..<min(total, (f + 1) * chunk)])
            session.addPoints(part)
            let t0 = SurfaceCPUTime.threadMilliseconds()
            let finder = try! session.makeFinder()
            let t1 = SurfaceCPUTime.threadMilliseconds()
            let continued = try! finder.find(search, continuing: previous)
            let t2 = SurfaceCPUTime.threadMilliseconds()
            previous = continued.continuation
            guard finder.pointCount * 2 >= total else { continue }
            let t3 = SurfaceCPUTime.threadMilliseconds()
            let full = try! finder.find(search)
            let t4 = SurfaceCPUTime.threadMilliseconds()
            late += 1
            updates.append(t1 - t0)
            continuedSteps.append(t2 - t0)
            fullSteps.append(t1 - t0 + t4 - t3)
            if continued.start.isContinued {
                continuedCount += 1
            } else if case let .full(reason) = continued.start {
                fullReasons["\(reason)", default: 0] += 1
            }
            if isFound(continued.result, scene.truth) { foundContinued += 1 }
            if isFound(full, scene.truth) { foundFull += 1 }
            if case let .sphere(a)? = continued.result.surface, case let .sphere(b)? = full.surface {
                let warm = Set(a.fit.inlierIndices), cold = Set(b.fit.inlierIndices)
                inlierDifference.append(100 * Double(warm.symmetricDifference(cold).count) / Double(max(cold.count, 1)))
                radiusDifference.append(Double(abs(a.radius - b.radius)) * 1000)
                centreDifference.append(Double((a.center - b.center).length) * 1000)
            }
            let r0 = SurfaceCPUTime.threadMilliseconds()
            let fresh = try! SurfaceFinder(positions: finder.positions)
            blackHole(try! fresh.find(search))
            rebuilt.append(SurfaceCPUTime.threadMilliseconds() - r0)
        }
        func stats(_ a: [Double]) -> String {
            let s = a.sorted()
            guard !s.isEmpty else { return "-" }
            return String(format: "median %6.2f  p90 %6.2f  max %6.2f", s[s.count / 2], s[min(s.count - 1, s.count * 9 / 10)], s.last!)
        }
        print("live preview: \(total) points in \(frames) frames of \(chunk); \(late) frames past half the cloud")
        print("continued in \(continuedCount) of them; full searches: \(fullReasons.isEmpty ? "none" : "\(fullReasons)")")
        print("sphere found: continued \(foundContinued), full \(foundFull)")
        print("index update + continued search (ms): \(stats(continuedSteps))")
        print("index update + full search (ms):      \(stats(fullSteps))")
        print("  of which the index update:          \(stats(updates))")
        print("rebuild from scratch + full search:   \(stats(rebuilt))")
        print("continued vs full: inliers differing (% of full) \(stats(inlierDifference))")
        print("                   radius (mm)                    \(stats(radiusDifference))")
        print("                   centre (mm)                    \(stats(centreDifference))")
    }

    static func isFound(_ result: SurfaceSearchResult, _ truth: SyntheticPrimitive) -> Bool {
        CrowdedSceneSweep.isObject(result, truth).0
    }
}
