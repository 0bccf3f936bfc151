import ArgumentParser
import Fathom
import Foundation

/// `fathom find`: runs the surface finder on a point cloud file from a seed.
public struct FindCommand: OutputtingCommand {
    /// The command's name, abstract and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Find a plane, sphere, cylinder, cone or torus in a point cloud from a seed (an open FindSurface).",
        discussion: """
            CLOUD is a point cloud file in metres: .ply (ascii or binary), or .xyz/.txt/.pts text \
            (x y z per line). Exit status is 0 whether or not a surface was found.
            """)

    /// The point cloud file.
    @Argument(help: "Point cloud file (.ply, .xyz, .txt or .pts), metres.")
    var cloud: String

    /// The type to look for.
    @Option(help: "plane, sphere, cylinder, cone, torus or any.")
    var type: String

    /// The seed point's index.
    @Option(help: "Index (0-based) of the seed point.")
    var seedIndex: Int?

    /// A seed position; the nearest cloud point is used.
    @Option(help: "Seed position x,y,z in metres (snapped to the nearest point).")
    var seedPoint: String?

    /// The seed radius, metres.
    @Option(help: "Approximate radius of the object region around the seed, metres.")
    var seedRadius: Float

    /// The measurement accuracy, metres.
    @Option(help: "A-priori rms error of one point, metres.")
    var accuracy: Float

    /// The mean point spacing, metres.
    @Option(help: "Mean distance between points, metres (estimated when absent).")
    var meanDistance: Float?

    /// Lateral extension level.
    @Option(help: "Lateral extension level, 0-10 (how far the region grows).")
    var lateralExtension: Int = 10

    /// Radial expansion level.
    @Option(help: "Radial expansion level, 0-10 (how thick the inlier band is).")
    var radialExpansion: Int = 5

    /// Smart conversions.
    @Option(help: "all, none, or a comma list of cone-cylinder, torus-sphere, torus-cylinder.")
    var conversions: String = "all"

    /// How many timed calls.
    @Option(name: .customLong("repeat"), help: "Number of calls on the same index; the median time is reported.")
    var repeatCount: Int = 1

    /// Where to write the inliers.
    @Option(help: "Write the inliers to this .ply file.")
    var inliers: String?

    /// JSON output.
    @Flag(help: "Print one JSON object.")
    var json = false

    /// An order-free finder (the same answer for any order of the cloud's points).
    @Flag(name: .customLong("order-free"), help: "Make the answer independent of the order of the cloud's points.")
    var orderFree = false

    /// Creates the command with default options (ArgumentParser fills them in).
    public init() {}

    /// Rejects inconsistent or out-of-range flags with a `ValidationError`.
    public func validate() throws {
        guard let t = SurfaceType(rawValue: type) else {
            throw ValidationError("--type must be one of plane, sphere, cylinder, cone, torus, any (got '\(type)')")
        }
        _ = t
        guard (seedIndex == nil) != (seedPoint == nil) else {
            throw ValidationError("give exactly one of --seed-index and --seed-point")
        }
        if let i = seedIndex, i < 0 { throw ValidationError("--seed-index must not be negative") }
        if let p = seedPoint, Self.parsePoint(p) == nil {
            throw ValidationError("--seed-point must be three numbers x,y,z (got '\(p)')")
        }
        guard seedRadius > 0, seedRadius.isFinite else { throw ValidationError("--seed-radius must be positive") }
        guard accuracy > 0, accuracy.isFinite else { throw ValidationError("--accuracy must be positive") }
        if let d = meanDistance, !(d > 0 && d.isFinite) { throw ValidationError("--mean-distance must be positive") }
        guard (0...10).contains(lateralExtension) else { throw ValidationError("--lateral-extension must be 0-10") }
        guard (0...10).contains(radialExpansion) else { throw ValidationError("--radial-expansion must be 0-10") }
        guard Self.parseConversions(conversions) != nil else {
            throw ValidationError("--conversions must be all, none, or a list of cone-cylinder, torus-sphere, torus-cylinder")
        }
        guard repeatCount >= 1 else { throw ValidationError("--repeat must be at least 1") }
    }

    /// Reads the cloud, builds the finder, runs the search `--repeat` times and reports.
    public func run(output: CommandOutput) throws {
        let positions = try PointCloudFile.read(URL(fileURLWithPath: cloud)).positions
        let t0 = DispatchTime.now().uptimeNanoseconds
        let finder = try SurfaceFinder(positions: positions, orderFree: orderFree)
        let indexMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
        let seed: SurfaceSeed = seedIndex.map { .index($0) } ?? .point(Self.parsePoint(seedPoint ?? "")!)
        let search = SurfaceSearch(
            type: SurfaceType(rawValue: type)!, seed: seed, seedRadius: seedRadius, accuracy: accuracy,
            meanDistance: meanDistance, lateralExtension: lateralExtension, radialExpansion: radialExpansion,
            conversions: Self.parseConversions(conversions)!)
        var times: [Double] = []
        var result = SurfaceSearchResult.notFound(.noCandidate)
        for _ in 0..<repeatCount {
            let s = DispatchTime.now().uptimeNanoseconds
            result = try finder.find(search)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - s) / 1e6)
        }
        times.sort()
        let findMilliseconds = times[times.count / 2]
        if let path = inliers {
            let indices = result.surface?.fit.inlierIndices ?? []
            try PointCloudFile.write(PointCloud(unchecked: indices.map { positions[$0] }), to: URL(fileURLWithPath: path))
        }
        if json {
            output.line(Self.json(result, pointCount: positions.count, index: indexMilliseconds, find: findMilliseconds))
        } else {
            Self.report(result, pointCount: positions.count, index: indexMilliseconds, find: findMilliseconds, to: output)
        }
    }

    // MARK: Parsing

    static func parsePoint(_ text: String) -> SIMD3<Float>? {
        let parts = text.split(separator: ",").map { Float($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let x = parts[0], let y = parts[1], let z = parts[2] else { return nil }
        let p = SIMD3(x, y, z)
        return p.isFinite ? p : nil
    }

    static func parseConversions(_ text: String) -> SurfaceConversions? {
        switch text {
        case "all": return .all
        case "none": return []
        default:
            var set: SurfaceConversions = []
            for name in text.split(separator: ",") {
                switch name.trimmingCharacters(in: .whitespaces) {
                case "cone-cylinder": set.insert(.coneToCylinder)
                case "torus-sphere": set.insert(.torusToSphere)
                case "torus-cylinder": set.insert(.torusToCylinder)
                default: return nil
                }
            }
            return set
        }
    }

    // MARK: Output

    static func number(_ x: Float) -> String { x.isFinite ? "\(x)" : "null" }
    static func number(_ x: Double) -> String {
        x.isFinite ? String(format: "%.4f", x) : "null"
    }
    static func vector(_ v: SIMD3<Float>) -> String { "[\(number(v.x)), \(number(v.y)), \(number(v.z))]" }
    static func quoted(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out + "\""
    }

    /// The primitive's fields as `(key, JSON value)` pairs.
    static func fields(_ s: FoundSurface) -> [(String, String)] {
        switch s {
        case let .plane(p):
            return [("center", vector(p.center)), ("normal", vector(p.normal)),
                    ("corners", "[" + p.corners.map(vector).joined(separator: ", ") + "]")]
        case let .sphere(p):
            return [("center", vector(p.center)), ("radius", number(p.radius))]
        case let .cylinder(p):
            return [("axis", vector(p.axis)), ("bottom", vector(p.bottom)), ("top", vector(p.top)),
                    ("radius", number(p.radius))]
        case let .cone(p):
            return [("axis", vector(p.axis)), ("apex", vector(p.apex)), ("bottom", vector(p.bottom)),
                    ("top", vector(p.top)), ("bottomRadius", number(p.bottomRadius)),
                    ("topRadius", number(p.topRadius)), ("halfAngleDegrees", number(p.halfAngleDegrees))]
        case let .torus(p):
            return [("center", vector(p.center)), ("axis", vector(p.axis)), ("meanRadius", number(p.meanRadius)),
                    ("tubeRadius", number(p.tubeRadius))]
        }
    }

    static func json(_ r: SurfaceSearchResult, pointCount: Int, index: Double, find: Double) -> String {
        var parts: [String] = []
        let timing = "{\"indexMilliseconds\": \(number(index)), \"findMilliseconds\": \(number(find))}"
        if let s = r.surface {
            parts.append("\"found\": true")
            parts.append("\"type\": \(quoted(s.type.rawValue))")
            parts.append("\"rms\": \(number(s.fit.rms))")
            parts.append("\"inlierCount\": \(s.fit.inlierCount)")
            parts.append("\"pointCount\": \(pointCount)")
            let body = fields(s).map { "\(quoted($0.0)): \($0.1)" }.joined(separator: ", ")
            parts.append("\(quoted(s.type.rawValue)): {\(body)}")
            if let d = s.fit.typeDecision {
                let candidates = d.candidates.map {
                    "{\"type\": \(quoted($0.type.rawValue)), \"criterion\": \($0.criterion.map { number($0) } ?? "null"), "
                        + "\"inlierCount\": \($0.inlierCount)}"
                }.joined(separator: ", ")
                parts.append("\"typeDecision\": {\"requested\": \(quoted(d.requested.rawValue)), \"test\": \(quoted(d.test.rawValue)), "
                    + "\"sigma\": \(number(d.sigma)), \"comparedPoints\": \(d.comparedPoints), \"candidates\": [\(candidates)]}")
            }
            parts.append("\"timing\": \(timing)")
            parts.append("\"reason\": null")
        } else {
            parts.append("\"found\": false")
            parts.append("\"type\": null")
            parts.append("\"rms\": null")
            parts.append("\"inlierCount\": 0")
            parts.append("\"pointCount\": \(pointCount)")
            parts.append("\"timing\": \(timing)")
            parts.append("\"reason\": \(quoted(r.reason?.description ?? "not found"))")
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    static func report(_ r: SurfaceSearchResult, pointCount: Int, index: Double, find: Double, to output: CommandOutput) {
        guard let s = r.surface else {
            output.line("not found: \(r.reason?.description ?? "unknown")")
            output.line("points: \(pointCount)")
            output.line("timing: index \(number(index)) ms, find \(number(find)) ms")
            return
        }
        output.line("found: \(s.type.rawValue)")
        for (k, v) in fields(s) { output.line("\(k): \(v)") }
        output.line("rms: \(number(s.fit.rms)) m")
        output.line("inliers: \(s.fit.inlierCount) of \(pointCount) points")
        output.line("timing: index \(number(index)) ms, find \(number(find)) ms")
    }
}
