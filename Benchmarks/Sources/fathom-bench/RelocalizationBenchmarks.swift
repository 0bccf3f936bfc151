import Fathom
import Foundation

/// Per-attempt registration time: a 3 s session cloud against a furnished room's map, and the
/// one-off map preparation.
var relocalizationBenchmarks: [BenchmarkCase] {
    [
        BenchmarkCase(name: "reloc/attempt/session-3s", iterations: 20) {
            let (map, session) = relocalizationInputs(seed: 3, seconds: 3)
            let registrar = PointCloudRegistrar()
            let target = registrar.prepare(map)
            var g = SeededGenerator(seed: 1)
            return { blackHole(registrar.register(source: session, target: target, using: &g)) }
        },
        BenchmarkCase(name: "reloc/attempt/map-to-map", iterations: 20) {
            // A few thousand points each side: the whole map, turned, moved and noisy, against itself.
            let (map, _) = relocalizationInputs(seed: 3, seconds: 0)
            var g = SeededGenerator(seed: 2)
            let moved = RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 2), translation: SIMD3(1, 0.2, -3))
            let source = PointCloud(unchecked: map.positions.map {
                moved.apply(to: $0 + SIMD3(Float(g.nextGaussian()), Float(g.nextGaussian()), Float(g.nextGaussian())) * 0.005)
            })
            let registrar = PointCloudRegistrar()
            let target = registrar.prepare(map)
            return { blackHole(registrar.register(source: source, target: target, using: &g)) }
        },
        BenchmarkCase(name: "reloc/attempt/dense-map-to-map", iterations: 10) {
            // Three times the landmark density: several thousand points each side.
            var sensors = RelocalizationScenario.sensors
            sensors.landmarkDensity *= 3
            sensors.objectLandmarkDensity *= 3
            let map = try! RelocalizationScenario(seed: 3, sessionDuration: 0.1, sensors: sensors).mapPoints
            print("  (dense map: \(map.count) points)")
            var g = SeededGenerator(seed: 2)
            let moved = RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 2), translation: SIMD3(1, 0.2, -3))
            let source = PointCloud(unchecked: map.positions.map {
                moved.apply(to: $0 + SIMD3(Float(g.nextGaussian()), Float(g.nextGaussian()), Float(g.nextGaussian())) * 0.005)
            })
            let registrar = PointCloudRegistrar()
            let target = registrar.prepare(map)
            return { blackHole(registrar.register(source: source, target: target, using: &g)) }
        },
        BenchmarkCase(name: "reloc/attempt/general-map-to-map", iterations: 10) {
            // The same in the general (6-DoF) mode, with a tilt.
            let (map, _) = relocalizationInputs(seed: 3, seconds: 0)
            var g = SeededGenerator(seed: 2)
            let moved = RigidTransform(
                rotation: .rotation(axis: SIMD3(0.3, 1, 0.2), angle: 2), translation: SIMD3(1, 0.2, -3))
            let source = PointCloud(unchecked: map.positions.map {
                moved.apply(to: $0 + SIMD3(Float(g.nextGaussian()), Float(g.nextGaussian()), Float(g.nextGaussian())) * 0.005)
            })
            let registrar = PointCloudRegistrar(configuration: RegistrationConfiguration(mode: .general))
            let target = registrar.prepare(map)
            let check = registrar.register(source: source, target: target, using: &g)
            let truth = moved.inverse
            print(String(format: "  (general mode: trusted %@, error %.4f m, %.3f°)", check.isTrusted ? "yes" : "no",
                         check.targetFromSource.translation.distance(to: truth.translation),
                         (check.targetFromSource.rotation.transposed * truth.rotation).rotationAngle * 180 / .pi))
            return { blackHole(registrar.register(source: source, target: target, using: &g)) }
        },
        BenchmarkCase(name: "reloc/prepare-map", iterations: 10) {
            let (map, _) = relocalizationInputs(seed: 3, seconds: 3)
            let registrar = PointCloudRegistrar()
            return { blackHole(registrar.prepare(map)) }
        },
    ]
}

/// Accuracy over held-out scenarios: `reloc/accuracy` (same room, 100 scenarios by default or
/// `--trials N`) and wrong-room false accepts.
var relocalizationReports: [BenchmarkReport] {
    [
        BenchmarkReport(name: "reloc/accuracy") { RelocalizationSweep.run(trials: RelocalizationSweep.trialsArgument ?? 100) },
        BenchmarkReport(name: "reloc/cases") { RelocalizationCases.report() },
        BenchmarkReport(name: "reloc/export") { RelocalizationCases.export() },
        BenchmarkReport(name: "reloc/diagnose") {
            // `--seeds A,B,…` (same room; negative for a wrong room), default 10000…10002; `--adapt` measures
            // the map (`RelocalizerConfiguration.adaptsToMap`) and prints what it measured.
            let a = CommandLine.arguments
            let list = a.firstIndex(of: "--seeds").flatMap { i in i + 1 < a.count ? a[i + 1] : nil }
            let seeds = list?.split(separator: ",").compactMap { Int($0) } ?? [10_000, 10_001, 10_002]
            for s in seeds { RelocalizationSweep.diagnose(seeds: UInt64(abs(s))..<UInt64(abs(s) + 1), wrongRoom: s < 0) }
        },
    ]
}

/// The map cloud of scenario `seed` and the session cloud (features seen ≥ 3 times) after `seconds`.
private func relocalizationInputs(seed: UInt64, seconds: Double) -> (PointCloud, PointCloud) {
    let scenario = try! RelocalizationScenario(seed: seed)
    var relocalizer = Relocalizer(map: WorldMap(points: scenario.mapPoints), configuration: {
        var c = RelocalizerConfiguration()
        c.attemptInterval = 1e6
        return c
    }())
    for i in 0..<min(scenario.session.frameCount, Int(seconds * scenario.session.sensors.frameRate)) {
        relocalizer.process(scenario.session.frame(i))
    }
    return (scenario.mapPoints, relocalizer.sessionCloud())
}

enum RelocalizationSweep {
    /// `--trials N` from the command line.
    static var trialsArgument: Int? {
        let a = CommandLine.arguments
        guard let i = a.firstIndex(of: "--trials"), i + 1 < a.count else { return nil }
        return Int(a[i + 1])
    }

    /// `--churn F` from the command line: the second sessions' landmark churn.
    static var churnArgument: Double? {
        let a = CommandLine.arguments
        guard let i = a.firstIndex(of: "--churn"), i + 1 < a.count else { return nil }
        return Double(a[i + 1])
    }

    /// Seeds of held-out scenarios start here (tests and tuning use small seeds).
    static let firstSeed: UInt64 = 10_000

    struct Outcome {
        var relocalized = false
        var translationError: Float = 0
        var yawErrorDegrees: Float = 0
        var sessionTime: Double = 0
        var attemptMilliseconds: [Double] = []
        var overlap: Float = 0
        var featureCount = 0
        /// Highest fitness of an attempt with enough overlap, inliers and constraint (wrong-room margin).
        var bestOtherwiseTrustedFitness: Float = 0
        /// RMSE of that attempt (wrong room) or of the accepted result (same room), metres.
        var rmse: Float = 0
    }

    /// Runs one scenario to relocalization or timeout.
    static func outcome(seed: UInt64, wrongRoom: Bool) -> Outcome {
        let scenario = try! RelocalizationScenario(
            seed: seed, wrongRoom: wrongRoom, churn: churnArgument ?? RelocalizationScenario.defaultChurn)
        var configuration = RelocalizerConfiguration()
        configuration.adaptsToMap = CommandLine.arguments.contains("--adapt")
        var relocalizer = Relocalizer(map: WorldMap(points: scenario.mapPoints), configuration: configuration, seed: seed)
        var out = Outcome()
        // Overlap of what the session sees in the first 3 s (the target window).
        if !wrongRoom { out.overlap = scenario.overlap(firstSeconds: 3) }
        for frame in scenario.session.frames {
            if relocalizer.process(frame).isFinal { break }
        }
        out.attemptMilliseconds = relocalizer.attempts.map { $0.elapsedSeconds * 1000 }
        for a in relocalizer.attempts where a.result.isFound {
            switch a.result.failure {
            case nil, .lowFitness?:
                if a.result.fitness > out.bestOtherwiseTrustedFitness {
                    out.bestOtherwiseTrustedFitness = a.result.fitness
                    out.rmse = a.result.inlierRMSE
                }
            default: break
            }
        }
        guard let estimate = relocalizer.newWorldFromMapWorld else { return out }
        out.relocalized = true
        out.sessionTime = relocalizer.relocalizedAtSessionTime ?? 0
        out.featureCount = relocalizer.attempts.last?.featureCount ?? 0
        // Errors where the map is: at the centre of its extent, and the turn between the two.
        let centre = WorldMap(points: scenario.mapPoints).extent.center
        let truth = scenario.newWorldFromMapWorld
        out.translationError = estimate.apply(to: centre).distance(to: truth.apply(to: centre))
        out.yawErrorDegrees = (estimate.rotation.transposed * truth.rotation).rotationAngle * 180 / .pi
        return out
    }

    static func percentile(_ v: [Double], _ p: Double) -> Double {
        guard !v.isEmpty else { return .nan }
        let s = v.sorted()
        return s[min(s.count - 1, Int(Double(s.count - 1) * p + 0.5))]
    }

    static func run(trials: Int) {
        final class Box: @unchecked Sendable {
            let lock = NSLock()
            var same: [Int: Outcome] = [:]
            var wrong: [Int: Outcome] = [:]
        }
        let box = Box()
        DispatchQueue.concurrentPerform(iterations: 2 * trials) { k in
            let wrong = k >= trials
            let i = k % trials
            let o = outcome(seed: firstSeed + UInt64(i), wrongRoom: wrong)
            box.lock.lock()
            if wrong { box.wrong[i] = o } else { box.same[i] = o }
            box.lock.unlock()
        }
        let same = (0..<trials).map { box.same[$0]! }, wrong = (0..<trials).map { box.wrong[$0]! }
        let correctTranslation: Float = 0.03, correctYaw: Float = 1
        var successes = 0, grossErrors = 0
        for (i, o) in same.enumerated() {
            let ok = o.relocalized && o.translationError <= correctTranslation && o.yawErrorDegrees <= correctYaw
            if ok { successes += 1 }
            if o.relocalized && (o.translationError > 0.1 || o.yawErrorDegrees > 2) { grossErrors += 1 }
            if !ok {
                print(String(format: "  seed %d: %@ t=%.3f m yaw=%.2f° time=%.1f s overlap=%.2f", Int(firstSeed) + i,
                             o.relocalized ? "relocalized" : "timed out", o.translationError, o.yawErrorDegrees,
                             o.sessionTime, o.overlap))
            }
        }
        let located = same.filter(\.relocalized)
        let t = located.map { Double($0.translationError) }, y = located.map { Double($0.yawErrorDegrees) }
        let s = located.map(\.sessionTime)
        let falseAccepts = wrong.filter(\.relocalized).count
        for (i, o) in wrong.enumerated() where o.relocalized { print("  seed \(Int(firstSeed) + i) (wrong room): accepted") }
        let attempts = (same + wrong).flatMap(\.attemptMilliseconds)
        print("same room: \(trials) scenarios, relocalized \(located.count), "
            + "success (≤ 3 cm and ≤ 1°) \(successes) = \(String(format: "%.1f", 100 * Double(successes) / Double(trials)))%, "
            + "gross errors (> 10 cm or > 2°) \(grossErrors)")
        print(String(format: "translation error m: median %.4f, p95 %.4f, max %.4f", percentile(t, 0.5), percentile(t, 0.95), t.max() ?? .nan))
        print(String(format: "yaw error deg: median %.3f, p95 %.3f, max %.3f", percentile(y, 0.5), percentile(y, 0.95), y.max() ?? .nan))
        print(String(format: "session time s: median %.2f, p95 %.2f, max %.2f", percentile(s, 0.5), percentile(s, 0.95), s.max() ?? .nan))
        let ov = located.map { Double($0.overlap) }
        print(String(format: "overlap (mapped fraction of what the session saw), relocalized: min %.2f, median %.2f, max %.2f", ov.min() ?? .nan, percentile(ov, 0.5), ov.max() ?? .nan))
        for (lo, hi) in [(0.0, 0.5), (0.5, 0.75), (0.75, 1.01)] {
            let bucket = same.filter { Double($0.overlap) >= lo && Double($0.overlap) < hi }
            let ok = bucket.filter { $0.relocalized && $0.translationError <= correctTranslation && $0.yawErrorDegrees <= correctYaw }
            print(String(format: "  overlap %.2f–%.2f: %d scenarios, %d successes", lo, min(hi, 1), bucket.count, ok.count))
        }
        let margin = wrong.map { Double($0.bestOtherwiseTrustedFitness) }
        print(String(format: "wrong room: best fitness of attempts failing only on fitness: median %.3f, p99 %.3f, max %.3f",
                     percentile(margin, 0.5), percentile(margin, 0.99), margin.max() ?? .nan))
        let wrongRMSE = wrong.filter { $0.bestOtherwiseTrustedFitness > 0.4 }.map { Double($0.rmse) }
        let rightRMSE = located.map { Double($0.rmse) }
        print(String(format: "inlier rmse m: accepted same-room min %.4f median %.4f max %.4f; wrong-room attempts with fitness > 0.4 (%d): min %.4f median %.4f",
                     rightRMSE.min() ?? .nan, percentile(rightRMSE, 0.5), rightRMSE.max() ?? .nan, wrongRMSE.count,
                     wrongRMSE.min() ?? .nan, percentile(wrongRMSE, 0.5)))
        print("wrong room: \(trials) scenarios, false accepts \(falseAccepts) = "
            + String(format: "%.1f%%", 100 * Double(falseAccepts) / Double(trials)))
        print(String(format: "attempt wall time ms (%d attempts): median %.1f, p90 %.1f, max %.1f", attempts.count,
                     percentile(attempts, 0.5), percentile(attempts, 0.9), attempts.max() ?? .nan))
    }
}

extension RelocalizationSweep {
    /// Per attempt of a few scenarios: the result, its true error, and the fitness the true
    /// transform would have had.
    static func diagnose(seeds: Range<UInt64>, wrongRoom: Bool) {
        for seed in seeds {
            let scenario = try! RelocalizationScenario(seed: seed, wrongRoom: wrongRoom)
            var configuration = RelocalizerConfiguration()
            configuration.registration.minimumInlierCount = .max  // never accept: see every attempt
            configuration.adaptsToMap = CommandLine.arguments.contains("--adapt")
            let used = configuration.registration(forMap: scenario.mapPoints)
            let measured = RegistrationCloudMeasurements(measuring: scenario.mapPoints.positions)
            print(String(format: "  map spacing %.4f m, noise %.4f m; voxel %.3f, inlier distance %.3f, max RMSE %.4f",
                         measured.spacing, measured.noise, used.voxelSize, used.inlierDistance, used.maximumRMSE))
            var relocalizer = Relocalizer(map: WorldMap(points: scenario.mapPoints), configuration: configuration, seed: seed)
            for frame in scenario.session.frames where !relocalizer.process(frame).isFinal {}
            let registrar = PointCloudRegistrar()
            let target = registrar.prepare(scenario.mapPoints)
            let index = SpatialIndex(positions: target.positions)
            let truthMapFromNew = scenario.newWorldFromMapWorld.inverse
            let centre = WorldMap(points: scenario.mapPoints).extent.center
            print("seed \(seed)\(wrongRoom ? " (wrong room)" : ""): map \(scenario.mapPoints.count) points, \(target.count) downsampled")
            for a in relocalizer.attempts {
                let r = a.result
                let est = r.targetFromSource.inverse
                let err = est.apply(to: centre).distance(to: scenario.newWorldFromMapWorld.apply(to: centre))
                print(String(format: "  t=%.1f n=%d found=%@ fit=%.3f ov=%.2f inl=%d/%d rmse=%.4f err=%.3f ms=%.1f %@",
                             a.sessionTime, a.featureCount, r.isFound ? "y" : "n", r.fitness, r.overlap, r.inlierCount,
                             r.sourcePointCount, r.inlierRMSE, err, a.elapsedSeconds * 1000,
                             r.failure.map { "\($0)" } ?? "trusted"))
            }
            // Truth fitness on the final session cloud.
            let source = registrar.prepare(relocalizer.sessionCloud())
            var inl = 0
            for p in source.positions {
                let q = truthMapFromNew.apply(to: p)
                if let n = index.nearest(to: q), n.distance <= registrar.configuration.inlierDistance { inl += 1 }
            }
            print("  truth on final cloud: fitness \(Float(inl) / Float(max(1, source.count))) (\(inl)/\(source.count))")
        }
    }
}
