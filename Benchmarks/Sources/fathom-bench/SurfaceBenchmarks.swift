import Fathom
import Foundation

// Surface finder benchmarks: per-call times for each type at 10 k and 100 k points (index built once,
// in set-up; typed searches without smart conversions, which add a second fit), the finder's index build, and `surfaces/accuracy`, a statistical sweep over seeded
// synthetic scenes that prints found rate, radius and axis errors, inlier precision and recall per
// type and noise level.

/// A benchmark scene of about `total` points whose object has `objectPoints` of them.
func surfaceScene(_ kind: BenchScene.Kind, total: Int, objectPoints: Int, noise: Float, seed: UInt64) -> BenchScene {
    // total ≈ (object + clutter · 4/3) · 10/9
    let clutter = max(0, Int((Float(total) * 0.9 - Float(objectPoints)) * 0.75))
    return BenchScene(kind, noise: noise, objectPoints: objectPoints, clutterPoints: clutter, seed: seed)
}

func surfaceType(_ kind: BenchScene.Kind) -> SurfaceType {
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
        for kind in BenchScene.Kind.allCases {
            cases.append(BenchmarkCase(name: "surfaces/find/\(surfaceType(kind).rawValue)/\(label)", iterations: 50) {
                let scene = surfaceScene(kind, total: total, objectPoints: objectPoints, noise: 0.001, seed: 7)
                let finder = try! SurfaceFinder(positions: scene.positions)
                let search = SurfaceSearch(
                    type: surfaceType(kind), seed: .index(0), seedRadius: scene.seedRadius, accuracy: 0.001, conversions: [])
                return { blackHole(try! finder.find(search)) }
            })
        }
    }
    cases.append(BenchmarkCase(name: "surfaces/finder-build/100k", iterations: 20) {
        let scene = surfaceScene(.sphere, total: 100_000, objectPoints: 10_000, noise: 0.001, seed: 8)
        return { blackHole(try! SurfaceFinder(positions: scene.positions)) }
    })
    cases.append(BenchmarkCase(name: "surfaces/cpu-time", iterations: 1) {
        SurfaceCPUTime.run()
        return {}
    })
    cases.append(BenchmarkCase(name: "surfaces/feature-points", iterations: 1) {
        FeaturePointSweep.run(trials: 100)
        return {}
    })
    cases.append(BenchmarkCase(name: "surfaces/diagnose", iterations: 1) {
        SurfaceAccuracySweep.diagnose()
        return {}
    })
    cases.append(BenchmarkCase(name: "surfaces/accuracy", iterations: 1) {
        SurfaceAccuracySweep.run(trials: 100)
        return {}
    })
    return cases
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
            for kind in BenchScene.Kind.allCases {
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

    static func errors(_ result: SurfaceSearchResult, _ scene: BenchScene) -> Errors {
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
        let kind = BenchScene.Kind.allCases.first { "\($0)" == spec[0] } ?? .cone
        let noise = Float(spec[1]) ?? 0.005
        for t in 0..<40 {
            let scene = BenchScene(kind, noise: noise, objectPoints: 2000, clutterPoints: 6000,
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
        print("type      noise  found%  radius%(med/p95)  axis°(med/p95)  precision  recall  ms/call")
        for kind in BenchScene.Kind.allCases {
            for noise: Float in [0.001, 0.005, 0.020] {
                var found = 0
                var radius: [Float] = [], axis: [Float] = [], precision: [Float] = [], recall: [Float] = []
                var time = 0.0
                for t in 0..<trials {
                    let scene = BenchScene(kind, noise: noise, objectPoints: 2000, clutterPoints: 6000,
                                           seed: UInt64(t) &* 7919 &+ UInt64(noise * 1e6))
                    let finder = try! SurfaceFinder(positions: scene.positions)
                    // Typed search (the type told, as the peers were); conversions are tested apart.
                    let search = SurfaceSearch(type: surfaceType(kind), seed: .index(0), seedRadius: scene.seedRadius,
                                               accuracy: noise, conversions: [])
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    let result = try! finder.find(search)
                    time += Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
                    let e = errors(result, scene)
                    guard e.found else { continue }
                    found += 1
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
                print(String(format: "%-8@ %5.0fmm %6.1f  %7.3f / %7.3f  %6.3f / %6.3f  %9.3f  %6.3f  %7.2f",
                             surfaceType(kind).rawValue as NSString, noise * 1000, 100 * Double(found) / Double(trials),
                             q(radius, 0.5), q(radius, 0.95), q(axis, 0.5), q(axis, 0.95), mean(precision), mean(recall),
                             time / Double(trials)))
            }
        }
    }
}


/// The true primitive of a synthetic scene.
enum BenchTruePrimitive {
    case plane(point: SIMD3<Float>, normal: SIMD3<Float>)
    case sphere(center: SIMD3<Float>, radius: Float)
    case cylinder(point: SIMD3<Float>, axis: SIMD3<Float>, radius: Float)
    case cone(apex: SIMD3<Float>, axis: SIMD3<Float>, halfAngle: Float)
    case torus(center: SIMD3<Float>, axis: SIMD3<Float>, meanRadius: Float, tubeRadius: Float)
}

/// A cluttered synthetic scene with one partial primitive of known parameters: a floor, a distractor
/// sphere, Gaussian noise along the normals and 10% uniform outliers. Built from a seed.
struct BenchScene {
    enum Kind: CaseIterable { case plane, sphere, cylinder, cone, torus }

    var positions: [SIMD3<Float>]
    var truth: BenchTruePrimitive
    /// The primitive's points are `0..<objectCount`; point 0 is the patch centre (the seed).
    var objectCount: Int
    var seedRadius: Float

    init(_ kind: Kind, noise: Float, objectPoints: Int = 1500, clutterPoints: Int = 1500, seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        func gauss() -> Float { Float(g.nextGaussian()) * noise }
        let axis = g.nextUnitVector()
        let u = axis.anyPerpendicular, v = axis.cross(u)
        let base = SIMD3<Float>(Float.random(in: -0.5...0.5, using: &g), 1.2, Float.random(in: -0.5...0.5, using: &g))
        var pts: [SIMD3<Float>] = []
        func add(_ p: SIMD3<Float>, _ n: SIMD3<Float>) { pts.append(p + n * gauss()) }
        switch kind {
        case .plane:
            truth = .plane(point: base, normal: axis)
            seedRadius = 0.3
            add(base, axis)
            for _ in 1..<objectPoints {
                let a = Float.random(in: -0.5...0.5, using: &g), b = Float.random(in: -0.4...0.4, using: &g)
                add(base + u * a + v * b, axis)
            }
        case .sphere:
            // A 60° cap (30° from the pole) of a 0.3 m sphere.
            let r: Float = 0.3
            truth = .sphere(center: base, radius: r)
            seedRadius = 0.15
            add(base + axis * r, axis)
            let cmin = cos(Float.pi / 6)
            for _ in 1..<objectPoints {
                let c = Float.random(in: cmin...1, using: &g), s = (1 - c * c).squareRoot()
                let phi = Float.random(in: 0..<(2 * .pi), using: &g)
                let n = axis * c + u * (s * cos(phi)) + v * (s * sin(phi))
                add(base + n * r, n)
            }
        case .cylinder:
            // A 90° arc of a 0.2 m cylinder, 0.6 m long.
            let r: Float = 0.2, length: Float = 0.6
            truth = .cylinder(point: base, axis: axis, radius: r)
            seedRadius = 0.15
            func point(_ phi: Float, _ h: Float) -> (SIMD3<Float>, SIMD3<Float>) {
                let n = u * cos(phi) + v * sin(phi)
                return (base + axis * h + n * r, n)
            }
            let (p0, n0) = point(0, 0)
            add(p0, n0)
            for _ in 1..<objectPoints {
                let (p, n) = point(Float.random(in: -.pi / 4...(.pi / 4), using: &g),
                                   Float.random(in: -length / 2...length / 2, using: &g))
                add(p, n)
            }
        case .cone:
            // A 120° arc of a cone with a 20° half angle, 0.25…0.65 m from the apex.
            let t: Float = 20 * .pi / 180, h1: Float = 0.25, h2: Float = 0.65
            truth = .cone(apex: base, axis: axis, halfAngle: t)
            seedRadius = 0.15
            func point(_ phi: Float, _ h: Float) -> (SIMD3<Float>, SIMD3<Float>) {
                let radial = u * cos(phi) + v * sin(phi)
                return (base + axis * h + radial * (h * tan(t)), radial * cos(t) - axis * sin(t))
            }
            let (p0, n0) = point(0, (h1 + h2) / 2)
            add(p0, n0)
            for _ in 1..<objectPoints {
                let h = (Float.random(in: 0...1, using: &g) * (h2 * h2 - h1 * h1) + h1 * h1).squareRoot()
                let (p, n) = point(Float.random(in: -.pi / 3...(.pi / 3), using: &g), h)
                add(p, n)
            }
        case .torus:
            // Half of a torus with mean radius 0.4 m and tube radius 0.12 m.
            let big: Float = 0.4, small: Float = 0.12
            truth = .torus(center: base, axis: axis, meanRadius: big, tubeRadius: small)
            seedRadius = 0.12
            func point(_ phi: Float, _ psi: Float) -> (SIMD3<Float>, SIMD3<Float>) {
                let radial = u * cos(phi) + v * sin(phi)
                let n = radial * cos(psi) + axis * sin(psi)
                return (base + radial * big + n * small, n)
            }
            let (p0, n0) = point(.pi / 2, 0)
            add(p0, n0)
            while pts.count < objectPoints {
                let phi = Float.random(in: 0...Float.pi, using: &g), psi = Float.random(in: 0..<(2 * .pi), using: &g)
                // Area weight (R + r cos ψ) by rejection.
                guard Float.random(in: 0...(big + small), using: &g) <= big + small * cos(psi) else { continue }
                let (p, n) = point(phi, psi)
                add(p, n)
            }
        }
        objectCount = pts.count
        // Clutter: a 3 m floor 0.8 m below the object's base and a distractor sphere 1.5 m away.
        let up = SIMD3<Float>(0, 1, 0)
        for _ in 0..<clutterPoints {
            let p = SIMD3<Float>(Float.random(in: -1.5...1.5, using: &g), 0.2, Float.random(in: -1.5...1.5, using: &g))
            add(p, up)
        }
        let other = SIMD3<Float>(1.2, 0.5, -1.2)
        for _ in 0..<(clutterPoints / 3) {
            let n = g.nextUnitVector()
            add(other + n * 0.25, n)
        }
        // 10% uniform outliers over the scene's box.
        let box = BoundingBox(points: pts)!
        let outliers = pts.count / 9
        for _ in 0..<outliers {
            pts.append(SIMD3(Float.random(in: box.min.x...box.max.x, using: &g),
                             Float.random(in: box.min.y...box.max.y, using: &g),
                             Float.random(in: box.min.z...box.max.z, using: &g)))
        }
        positions = pts
    }
}

/// A sparse ARKit-style feature-point scene: a floor, a ball resting on it and an upright cylinder,
/// sampled sparsely, each point displaced by "needle" noise (large along the viewing ray from one of
/// a few camera positions, small across it), plus 15% spurious points. Built from a seed.
struct FeaturePointScene {
    var positions: [SIMD3<Float>]
    /// Ranges of the floor, ball and cylinder points; their first points are the seeds.
    var floor: Range<Int>, ball: Range<Int>, cylinder: Range<Int>
    static let ballCenter = SIMD3<Float>(0, 0.25, 0), ballRadius: Float = 0.25
    static let cylinderAxisPoint = SIMD3<Float>(0.7, 0, 0.3), cylinderRadius: Float = 0.12

    init(seed: UInt64, along: Float = 0.015, across: Float = 0.002) {
        var g = SeededGenerator(seed: seed)
        let cameras: [SIMD3<Float>] = [SIMD3(-0.5, 1.5, 2), SIMD3(0.5, 1.4, 2.2), SIMD3(1.5, 1.6, 1.5)]
        var pts: [SIMD3<Float>] = []
        func add(_ p: SIMD3<Float>) {
            let c = cameras[Int.random(in: 0..<cameras.count, using: &g)]
            let d = (p - c).normalized!
            let u = d.anyPerpendicular, v = d.cross(u)
            pts.append(p + d * (Float(g.nextGaussian()) * along) + u * (Float(g.nextGaussian()) * across)
                + v * (Float(g.nextGaussian()) * across))
        }
        add(SIMD3(-0.6, 0, 0.6))
        for _ in 1..<600 { add(SIMD3(Float.random(in: -1...1, using: &g), 0, Float.random(in: -1...1, using: &g))) }
        floor = 0..<pts.count
        let b0 = pts.count
        // The ball's upper, camera-facing part.
        add(Self.ballCenter + SIMD3(0, 0.6, 0.8) * Self.ballRadius)
        while pts.count < b0 + 400 {
            let n = g.nextUnitVector()
            guard n.y > -0.2, n.z > -0.3 else { continue }
            add(Self.ballCenter + n * Self.ballRadius)
        }
        ball = b0..<pts.count
        let c0 = pts.count
        add(Self.cylinderAxisPoint + SIMD3(0, 0.3, Self.cylinderRadius))
        while pts.count < c0 + 300 {
            let phi = Float.random(in: -Float.pi * 0.6...Float.pi * 0.6, using: &g)
            add(Self.cylinderAxisPoint + SIMD3(sin(phi) * Self.cylinderRadius, Float.random(in: 0...0.6, using: &g),
                                                cos(phi) * Self.cylinderRadius))
        }
        cylinder = c0..<pts.count
        let spurious = pts.count * 15 / 85
        for _ in 0..<spurious {
            pts.append(SIMD3(Float.random(in: -1...1.2, using: &g), Float.random(in: 0...1, using: &g),
                             Float.random(in: -1...1, using: &g)))
        }
        positions = pts
    }
}

/// The feature-point sweep: found rate and radius (normal) errors of the floor, ball and cylinder.
enum FeaturePointSweep {
    static func run(trials: Int) {
        var found = [0, 0, 0]
        var errors: [[Float]] = [[], [], []]
        for t in 0..<trials {
            let scene = FeaturePointScene(seed: UInt64(t) &+ 1000)
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
                    errors[k].append(abs(s.radius - FeaturePointScene.ballRadius) / FeaturePointScene.ballRadius * 100)
                case let .cylinder(c)?:
                    found[k] += 1
                    errors[k].append(abs(c.radius - FeaturePointScene.cylinderRadius) / FeaturePointScene.cylinderRadius * 100)
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
