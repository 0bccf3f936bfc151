import Fathom
import Foundation

/// Registration cases from the simulator, of three kinds, each with same-room and wrong-room pairs
/// (rooms, paths and origins vary by seed):
/// - `sparse`: raw feature-point maps as apps accumulate them (one point per identifier, last seen,
///   unfiltered: needle noise along the ray, mistriangulations, spurious points): the whole mapping walk
///   against a 20 s second session with landmark churn, each in its own gravity-aligned frame.
/// - `dense`: fused-LiDAR-like clouds (`RelocalizationScenario.denseClouds`), 500,000 points a side
///   by default (`--dense-points N`), overlapping over 40 % of the room.
/// - `general`: the sparse pairs with the session tilted by up to 30° about a random horizontal axis,
///   registered in the 6-DoF mode.
///
/// `reloc/cases` registers every case with the defaults only (`PointCloudRegistrar.registerAdaptively`)
/// and prints success (≤ 3 cm at the source origin, ≤ 1°, trusted), false accepts (wrong rooms
/// trusted) and the registering thread's CPU time per call. `reloc/export --export DIR` writes the
/// cases as PLY files and a `cases.json` in the validation set's layout, for
/// `scripts/evaluate-relocalization.py` and `scripts/open3d-relocalization.py`.
enum RelocalizationCases {
    /// One pair.
    struct Case {
        var id: String
        var kind: String
        var source: PointCloud
        var target: PointCloud
        /// `nil` for a wrong room.
        var targetFromSource: RigidTransform?
        var mode: RegistrationMode
    }

    /// Seeds of these cases start here (apart from the scenario sweep's and the tests').
    static let firstSeed: UInt64 = 20_000

    /// `--NAME N` from the command line.
    static func argument(_ name: String) -> Int? {
        let a = CommandLine.arguments
        guard let i = a.firstIndex(of: name), i + 1 < a.count else { return nil }
        return Int(a[i + 1])
    }

    /// The scenarios' sensors, with the landmark densities multiplied by `--landmark-scale F` (default 1).
    static var sensors: SensorConfiguration {
        var s = RelocalizationScenario.sensors
        let a = CommandLine.arguments
        if let i = a.firstIndex(of: "--landmark-scale"), i + 1 < a.count, let f = Float(a[i + 1]) {
            s.landmarkDensity *= f
            s.objectLandmarkDensity *= f
        }
        return s
    }

    /// Sparse raw feature-point pairs of scenario `seed`.
    static func sparse(seed: UInt64, wrongRoom: Bool) -> Case {
        let scenario = try! RelocalizationScenario(seed: seed, wrongRoom: wrongRoom, sessionDuration: 20, sensors: sensors)
        let map = scenario.mapSession.rawFeatureMap()
        let session = scenario.session.rawFeatureMap()
        return Case(
            id: "sparse-\(seed)\(wrongRoom ? "-wrong" : "")", kind: wrongRoom ? "wrong-room" : "same-room", source: session,
            target: map, targetFromSource: wrongRoom ? nil : scenario.newWorldFromMapWorld.inverse, mode: .gravityAligned)
    }

    /// Dense fused-cloud pairs of scenario `seed`.
    static func dense(seed: UInt64, wrongRoom: Bool, points: Int) -> Case {
        let scenario = try! RelocalizationScenario(seed: seed, wrongRoom: wrongRoom, sessionDuration: 0.1)
        let (map, session) = try! scenario.denseClouds(pointsPerSide: points, seed: seed)
        return Case(
            id: "dense-\(seed)\(wrongRoom ? "-wrong" : "")", kind: wrongRoom ? "wrong-room" : "same-room", source: session,
            target: map, targetFromSource: wrongRoom ? nil : scenario.newWorldFromMapWorld.inverse, mode: .gravityAligned)
    }

    /// The sparse pair of `seed` with the session tilted (6-DoF).
    static func general(seed: UInt64, wrongRoom: Bool) -> Case {
        var c = sparse(seed: seed, wrongRoom: wrongRoom)
        var g = SeededGenerator(seed: seed ^ 0x7117)
        let heading = Float.random(in: 0..<(2 * .pi), using: &g)
        let tilt = RigidTransform(
            rotation: .rotation(axis: SIMD3(cos(heading), 0, sin(heading)), angle: Float.random(in: 0.1...0.52, using: &g)))
        c.source = PointCloud(unchecked: c.source.positions.map(tilt.apply(to:)))
        c.targetFromSource = c.targetFromSource.map { $0 * tilt.inverse }
        c.id = c.id.replacingOccurrences(of: "sparse", with: "general")
        c.mode = .general
        return c
    }

    /// The cases of one kind: `count` same-room and `count` wrong-room pairs.
    static func cases(kind: String, count: Int) -> [Case] {
        let seeds = (0..<count).map { firstSeed + UInt64($0) }
        final class Box: @unchecked Sendable {
            let lock = NSLock()
            var out: [Case] = []
        }
        let box = Box()
        DispatchQueue.concurrentPerform(iterations: 2 * count) { k in
            let wrong = k >= count
            let seed = seeds[k % count]
            let c: Case
            switch kind {
            case "dense": c = dense(seed: seed, wrongRoom: wrong, points: argument("--dense-points") ?? 500_000)
            case "general": c = general(seed: seed, wrongRoom: wrong)
            default: c = sparse(seed: seed, wrongRoom: wrong)
            }
            box.lock.lock()
            box.out.append(c)
            box.lock.unlock()
        }
        return box.out.sorted { $0.id < $1.id }
    }

    /// CPU time of the calling thread, seconds.
    static func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// The kinds asked for with `--kinds a,b` (default all three) and their case counts (`--cases N`
    /// sparse and general pairs per room kind, default 20; `--dense-cases N`, default 10).
    static func kindsAndCounts() -> [(String, Int)] {
        let n = argument("--cases") ?? 20
        let all = [("sparse", n), ("general", n), ("dense", argument("--dense-cases") ?? 10)]
        let a = CommandLine.arguments
        guard let i = a.firstIndex(of: "--kinds"), i + 1 < a.count else { return all }
        let wanted = Set(a[i + 1].split(separator: ",").map(String.init))
        return all.filter { wanted.contains($0.0) }
    }

    /// Registers every case of the kinds asked for on one thread and prints a table, with the errors of
    /// the correct and trusted answers. Dense same-room pairs are registered a second time with the
    /// session moved by another random rigid transform: the two answers, brought to one frame, should
    /// agree (repeatability, printed per pair, with each run's failure when one was not trusted).
    static func report() {
        print("| kind | same-room cases | correct (<= 3 cm, <= 1 deg) | correct and trusted | trusted but wrong | wrong rooms trusted | median ms | p90 ms | median points (source/target) |")
        print("|---|---|---|---|---|---|---|---|---|")
        var repeatability: [(metres: Float, degrees: Float, bothTrusted: Bool, reason: String)] = []
        for (kind, count) in kindsAndCounts() {
            let cases = cases(kind: kind, count: count)
            var correct = 0, success = 0, trustedWrong = 0, falseAccepts = 0
            var times: [Double] = []
            var sizes: [(Int, Int)] = []
            var errors: [(metres: Float, degrees: Float)] = []
            for c in cases {
                let start = threadCPUSeconds()
                let r = PointCloudRegistrar.registerAdaptively(source: c.source, target: c.target, mode: c.mode, seed: 1)
                times.append((threadCPUSeconds() - start) * 1e3)
                sizes.append((c.source.count, c.target.count))
                guard let truth = c.targetFromSource else {
                    if r.isTrusted { falseAccepts += 1; print("  false accept: \(c.id) fitness \(r.fitness) runner-up \(r.runnerUpRatio)") }
                    continue
                }
                let metres = r.targetFromSource.translation.distance(to: truth.translation)
                let degrees = (r.targetFromSource.rotation.transposed * truth.rotation).rotationAngle * 180 / .pi
                let ok = metres <= 0.03 && degrees <= 1
                if ok { correct += 1 }
                if ok && r.isTrusted { success += 1; errors.append((metres, degrees)) }
                if !ok && r.isTrusted { trustedWrong += 1 }
                if kind == "dense" {
                    let a = movedAgreement(c, answer: r)
                    repeatability.append(a)
                    if !a.bothTrusted { print("  \(c.id): the answer or the moved session's is not trusted (\(a.reason))") }
                }
                if !(ok && r.isTrusted) {
                    print(String(format: "  %@: error %.3f m %.2f° trusted %@ (%@)", c.id, metres, degrees, r.isTrusted ? "yes" : "no",
                                 r.failure.map { "\($0)" } ?? "-"))
                }
            }
            times.sort()
            let s = sizes.map(\.0).sorted(), t = sizes.map(\.1).sorted()
            print("| \(kind) | \(count) | \(correct)/\(count) | \(success)/\(count) | \(trustedWrong) | \(falseAccepts)/\(count) | "
                + String(format: "%.1f | %.1f", times[times.count / 2], times[min(times.count - 1, Int(0.9 * Double(times.count)))])
                + " | \(s[s.count / 2])/\(t[t.count / 2]) |")
            if !errors.isEmpty {
                let m = errors.map(\.metres).sorted(), d = errors.map(\.degrees).sorted()
                print(String(format: "  %@ correct and trusted: error median %.4f m %.3f deg, max %.4f m %.3f deg", kind,
                             m[m.count / 2], d[d.count / 2], m[m.count - 1], d[d.count - 1]))
            }
        }
        if !repeatability.isEmpty {
            let both = repeatability.filter(\.bothTrusted)
            print(String(format: "dense repeatability (same pair, session moved again): both answers trusted in %d of %d; "
                         + "between those, max %.4f m and %.3f deg", both.count, repeatability.count,
                         both.map(\.metres).max() ?? .nan, both.map(\.degrees).max() ?? .nan))
            print("  per pair (m, deg): " + repeatability.map { String(format: "%.4f %.3f", $0.metres, $0.degrees) }.joined(separator: ", "))
        }
    }

    /// Registers `c` again with its source moved by a seeded random yaw (any rotation in the general
    /// mode) and translation, and compares the answer, brought back to the first frame, with `answer`:
    /// the distance at the source cloud's centre (metres), the rotation angle between them (degrees),
    /// whether both were trusted and each one's failure.
    static func movedAgreement(_ c: Case, answer: RegistrationResult)
        -> (metres: Float, degrees: Float, bothTrusted: Bool, reason: String)
    {
        var g = SeededGenerator(seed: UInt64(c.id.utf8.reduce(0) { $0 &* 31 &+ Int($1) } & 0xffff))
        let axis = c.mode == .general
            ? SIMD3<Float>(Float(g.nextGaussian()), Float(g.nextGaussian()), Float(g.nextGaussian())) : SIMD3<Float>(0, 1, 0)
        let move = RigidTransform(
            rotation: .rotation(axis: axis / axis.length, angle: Float.random(in: -3...3, using: &g)),
            translation: SIMD3(Float.random(in: -3...3, using: &g), Float.random(in: -0.5...0.5, using: &g), Float.random(in: -3...3, using: &g)))
        let moved = PointCloud(unchecked: c.source.positions.map(move.apply(to:)))
        let again = PointCloudRegistrar.registerAdaptively(source: moved, target: c.target, mode: c.mode, seed: 1)
        let back = again.targetFromSource * move
        let centre = c.source.positions.reduce(SIMD3<Float>.zero, +) / Float(max(1, c.source.count))
        return (back.apply(to: centre).distance(to: answer.targetFromSource.apply(to: centre)),
                (back.rotation.transposed * answer.targetFromSource.rotation).rotationAngle * 180 / .pi,
                answer.isTrusted && again.isTrusted,
                "first: " + (answer.failure.map { "\($0)" } ?? "trusted") + "; moved: " + (again.failure.map { "\($0)" } ?? "trusted"))
    }

    /// Writes the cases (`--cases N` per kind; `--export DIR`) as PLY files and `cases.json`.
    static func export() {
        let a = CommandLine.arguments
        guard let i = a.firstIndex(of: "--export"), i + 1 < a.count else {
            print("usage: fathom-bench --reports --filter reloc/export --export DIR [--cases N] [--dense-points N]")
            return
        }
        let dir = URL(fileURLWithPath: a[i + 1])
        try! FileManager.default.createDirectory(at: dir.appendingPathComponent("clouds"), withIntermediateDirectories: true)
        var entries: [[String: Any]] = []
        for (kind, count) in kindsAndCounts() {
            for c in cases(kind: kind, count: count) {
                let s = "clouds/\(c.id)-source.ply", t = "clouds/\(c.id)-target.ply"
                try! PointCloudFile.write(PointCloud(unchecked: c.source.positions), to: dir.appendingPathComponent(s))
                try! PointCloudFile.write(PointCloud(unchecked: c.target.positions), to: dir.appendingPathComponent(t))
                var e: [String: Any] = ["id": c.id, "kind": c.kind, "group": kind, "source": s, "target": t,
                                        "mode": c.mode == .general ? "general" : "gravityAligned"]
                e["targetFromSource"] = c.targetFromSource.map { $0.matrix.columnMajor.map(Double.init) } ?? NSNull()
                entries.append(e)
            }
        }
        let data = try! JSONSerialization.data(withJSONObject: ["version": 1, "cases": entries], options: [.prettyPrinted, .sortedKeys])
        try! data.write(to: dir.appendingPathComponent("cases.json"))
        print("wrote \(entries.count) cases to \(dir.path)")
    }
}
