import Fathom
import Foundation

// Surface finder benchmarks: per-call times for each type at 10 k and 100 k points (index built once,
// in set-up; typed searches without smart conversions, which add a second fit), the finder's index build, and `surfaces/accuracy`, a statistical sweep over seeded
// synthetic scenes that prints found rate, radius and axis errors, inlier precision and recall per
// type and noise level.

/// A benchmark scene of about `total` points whose object has `objectPoints` of them.
func surfaceScene(_ kind: SyntheticPrimitiveScene.Kind, total: Int, objectPoints: Int, noise: Float, seed: UInt64) -> SyntheticPrimitiveScene {
    // total ≈ (object + clutter · 4/3) · 10/9
    let clutter = max(0, Int((Float(total) * 0.9 - Float(objectPoints)) * 0.75))
    return SyntheticPrimitiveScene(kind, noise: noise, objectPoints: objectPoints, clutterPoints: clutter, seed: seed)
}

func surfaceType(_ kind: SyntheticPrimitiveScene.Kind) -> SurfaceType {
    switch kind {
    case .plane: .plane
    case .sphere: .sphere
    case .cylinder: .cylinder
    case .cone: .cone
    case .torus: .torus
    }
}

var surfaceBenchmarks: [BenchmarkCase] {
    var cases: [BenchmarkCase] = []
    for (total, objectPoints, label) in [(10_000, 2_000, "10k"), (100_000, 10_000, "100k"), (100_000, 2_000, "100k-obj2k")] {
        for kind in SyntheticPrimitiveScene.Kind.allCases {
            cases.append(BenchmarkCase(name: "surfaces/find/\(surfaceType(kind).rawValue)/\(label)", iterations: 50) {
                let scene = surfaceScene(kind, total: total, objectPoints: objectPoints, noise: 0.001, seed: 7)
                let finder = try! SurfaceFinder(positions: scene.positions)
                let search = SurfaceSearch(
                    type: surfaceType(kind), seed: .index(0), seedRadius: scene.seedRadius, accuracy: 0.001, conversions: [])
                return { blackHole(try! finder.find(search)) }
            })
        }
    }
    for (total, label) in [(100_000, "100k"), (1_000_000, "1m")] {
        cases.append(BenchmarkCase(name: "surfaces/finder-build/\(label)", iterations: 20) {
            let scene = surfaceScene(.sphere, total: total, objectPoints: total / 10, noise: 0.001, seed: 8)
            return { blackHole(try! SurfaceFinder(positions: scene.positions)) }
        })
    }
    return cases
}

/// Untimed surface-finder reports: CPU time per call, the accuracy sweeps, one diagnosed case.
var surfaceReports: [BenchmarkReport] {
    [
        BenchmarkReport(name: "surfaces/cpu-time") { SurfaceCPUTime.run() },
        BenchmarkReport(name: "surfaces/feature-points") { FeaturePointSweep.run(trials: 100) },
        BenchmarkReport(name: "surfaces/diagnose") { SurfaceAccuracySweep.diagnose() },
        BenchmarkReport(name: "surfaces/accuracy") { SurfaceAccuracySweep.run(trials: 100) },
        BenchmarkReport(name: "surfaces/crowded") { CrowdedSceneSweep.run() },
        BenchmarkReport(name: "surfaces/crowded-feature-points") { CrowdedSceneSweep.featurePoints() },
        BenchmarkReport(name: "surfaces/live-preview") { LivePreviewReport.run() },
    ]
}

/// Per-call thread CPU time (not wall time, which the shared machine's load inflates): median and
/// 90th percentile over 50 calls per type and size, index built once.
enum SurfaceCPUTime {
    static func threadMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
    }

    static func run() {
        print("thread CPU time per call (ms): type, size, median, p90, inliers")
        for (total, objectPoints, label) in [(10_000, 2_000, "10k"), (100_000, 10_000, "100k"), (100_000, 2_000, "100k-obj2k")] {
            for kind in SyntheticPrimitiveScene.Kind.allCases {
                let scene = surfaceScene(kind, total: total, objectPoints: objectPoints, noise: 0.001, seed: 7)
                let b0 = threadMilliseconds()
                let finder = try! SurfaceFinder(positions: scene.positions)
                let build = threadMilliseconds() - b0
                let search = SurfaceSearch(
                    type: surfaceType(kind), seed: .index(0), seedRadius: scene.seedRadius, accuracy: 0.001, conversions: [])
                var times: [Double] = []
                var inliers = 0
                for _ in 0..<50 {
                    let t0 = threadMilliseconds()
                    let r = try! finder.find(search)
                    times.append(threadMilliseconds() - t0)
                    inliers = r.surface?.fit.inlierCount ?? 0
                }
                times.sort()
                print(String(format: "%-8@ %10@  %8.3f  %8.3f  %6d   (finder build %.2f ms)", surfaceType(kind).rawValue as NSString,
                             label as NSString, times[25], times[45], inliers, build))
            }
        }
    }
}

/// The accuracy sweep: for each type and noise level, `trials` seeded scenes (partial primitive,
/// floor, distractor sphere, 10% outliers), accuracy set to the noise.
enum SurfaceAccuracySweep {
    struct Errors {
        var found = false
        var radius: Float = .infinity
        var axis: Float = .infinity
        var precision: Float = 0
        var recall: Float = 0
    }

    static func angle(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
        acosf(min(1, abs(a.dot(b) / (a.length * b.length)))) * 180 / .pi
    }

    static func errors(_ result: SurfaceSearchResult, _ scene: SyntheticPrimitiveScene) -> Errors {
        var e = Errors()
        guard let s = result.surface else { return e }
        switch (s, scene.truth) {
        case let (.plane(p), .plane(_, n)): (e.radius, e.axis) = (0, angle(p.normal, n))
        case let (.sphere(p), .sphere(_, r)): (e.radius, e.axis) = (abs(p.radius - r) / r, 0)
        case let (.cylinder(p), .cylinder(_, a, r)): (e.radius, e.axis) = (abs(p.radius - r) / r, angle(p.axis, a))
        case let (.cone(p), .cone(_, a, t)): (e.radius, e.axis) = (abs(p.halfAngle - t) / t, angle(p.axis, a))
        case let (.torus(p), .torus(_, a, big, small)):
            (e.radius, e.axis) = (max(abs(p.meanRadius - big) / big, abs(p.tubeRadius - small) / small), angle(p.axis, a))
        default: return e
        }
        e.found = true
        let hits = s.fit.inlierIndices.reduce(0) { $0 + ($1 < scene.objectCount ? 1 : 0) }
        e.precision = Float(hits) / Float(max(s.fit.inlierCount, 1))
        e.recall = Float(hits) / Float(scene.objectCount)
        return e
    }

    /// Prints what the failing cases found instead (kind and noise from FATHOM_DIAGNOSE="cone 0.005").
    static func diagnose() {
        let spec = (ProcessInfo.processInfo.environment["FATHOM_DIAGNOSE"] ?? "cone 0.005").split(separator: " ")
        let kind = SyntheticPrimitiveScene.Kind.allCases.first { "\($0)" == spec[0] } ?? .cone
        let noise = Float(spec[1]) ?? 0.005
        for t in 0..<40 {
            let scene = SyntheticPrimitiveScene(kind, noise: noise, objectPoints: 2000, clutterPoints: 6000,
                                   seed: UInt64(t) &* 7919 &+ UInt64(noise * 1e6))
            let finder = try! SurfaceFinder(positions: scene.positions)
            let scale = Float(ProcessInfo.processInfo.environment["FATHOM_SEED_SCALE"] ?? "1") ?? 1
            let search = SurfaceSearch(type: surfaceType(kind), seed: .index(0), seedRadius: scene.seedRadius * scale, accuracy: noise)
            let result = try! finder.find(search)
            let e = errors(result, scene)
            if !e.found || e.radius > 0.05 {
                var s2 = search
                s2.conversions = []
                let r2 = try! finder.find(s2)
                print(t, result.surface.map { "\($0.type) \($0.fit.inlierCount) rms \($0.fit.rms)" } ?? "\(result.reason!)",
                      "| no conversions:", r2.surface.map { "\($0.type) \($0.fit.inlierCount) rms \($0.fit.rms) err \(errors(r2, scene).radius)" } ?? "\(r2.reason!)")
            }
        }
    }

    static func run(trials: Int) {
        print("accuracy sweep (typed search, no conversions): \(trials) scenes per row; radius/axis errors are medians and 95th percentiles of found cases")
        print("found% = a surface of the type was returned; object% = it is the object (inlier precision ≥ 0.9 and recall ≥ 0.8)")
        print("type      noise  found% object%  radius%(med/p95)  axis°(med/p95)  precision  recall  ms/call")
        for kind in SyntheticPrimitiveScene.Kind.allCases {
            for noise: Float in [0.001, 0.005, 0.020] {
                var found = 0, object = 0
                var radius: [Float] = [], axis: [Float] = [], precision: [Float] = [], recall: [Float] = []
                var time = 0.0
                for t in 0..<trials {
                    let scene = SyntheticPrimitiveScene(kind, noise: noise, objectPoints: 2000, clutterPoints: 6000,
                                           seed: UInt64(t) &* 7919 &+ UInt64(noise * 1e6))
                    let finder = CrowdedSceneSweep.finder(scene.positions)
                    // Typed search (the type told, as the peers were); conversions are tested apart.
                    let search = SurfaceSearch(type: surfaceType(kind), seed: .index(0), seedRadius: scene.seedRadius,
                                               accuracy: noise, conversions: [])
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    let result = try! finder.find(search)
                    time += Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
                    let e = errors(result, scene)
                    guard e.found else { continue }
                    found += 1
                    if e.precision >= 0.9, e.recall >= 0.8 { object += 1 }
                    radius.append(e.radius * 100)
                    axis.append(e.axis)
                    precision.append(e.precision)
                    recall.append(e.recall)
                }
                func q(_ a: [Float], _ f: Double) -> Float {
                    guard !a.isEmpty else { return .nan }
                    let s = a.sorted()
                    return s[min(s.count - 1, Int(Double(s.count) * f))]
                }
                func mean(_ a: [Float]) -> Float { a.isEmpty ? .nan : a.reduce(0, +) / Float(a.count) }
                print(String(format: "%-8@ %5.0fmm %6.1f %6.1f  %7.3f / %7.3f  %6.3f / %6.3f  %9.3f  %6.3f  %7.2f",
                             surfaceType(kind).rawValue as NSString, noise * 1000, 100 * Double(found) / Double(trials),
                             100 * Double(object) / Double(trials),
                             q(radius, 0.5), q(radius, 0.95), q(axis, 0.5), q(axis, 0.95), mean(precision), mean(recall),
                             time / Double(trials)))
            }
        }
    }
}


enum FeaturePointSweep {
    static func run(trials: Int) {
        var found = [0, 0, 0]
        var errors: [[Float]] = [[], [], []]
        for t in 0..<trials {
            let scene = SyntheticFeaturePointScene(seed: UInt64(t) &+ 1000)
            let finder = try! SurfaceFinder(positions: scene.positions)
            let accuracy: Float = 0.01
            let searches: [(SurfaceType, Int, Float)] = [
                (.plane, scene.floor.lowerBound, 0.4), (.sphere, scene.ball.lowerBound, 0.2),
                (.cylinder, scene.cylinder.lowerBound, 0.12),
            ]
            for (k, (type, seed, radius)) in searches.enumerated() {
                let r = try! finder.find(SurfaceSearch(type: type, seed: .index(seed), seedRadius: radius, accuracy: accuracy,
                                                       conversions: []))
                switch r.surface {
                case let .plane(p)?:
                    found[k] += 1
                    errors[k].append(acosf(min(1, abs(p.normal.y))) * 180 / .pi)
                case let .sphere(s)?:
                    found[k] += 1
                    errors[k].append(abs(s.radius - SyntheticFeaturePointScene.ballRadius) / SyntheticFeaturePointScene.ballRadius * 100)
                case let .cylinder(c)?:
                    found[k] += 1
                    errors[k].append(abs(c.radius - SyntheticFeaturePointScene.cylinderRadius) / SyntheticFeaturePointScene.cylinderRadius * 100)
                default: break
                }
            }
        }
        print("feature points (~1.5k points, needle noise 15 mm along rays / 2 mm across, 15% spurious): \(trials) scenes")
        for (k, name) in ["plane (normal error °)", "sphere (radius error %)", "cylinder (radius error %)"].enumerated() {
            let s = errors[k].sorted()
            let med = s.isEmpty ? Float.nan : s[s.count / 2], p95 = s.isEmpty ? Float.nan : s[min(s.count - 1, s.count * 95 / 100)]
            print(String(format: "%-26@ found %5.1f%%  median %6.2f  p95 %6.2f", name as NSString,
                         100 * Double(found[k]) / Double(trials), med, p95))
        }
    }
}
