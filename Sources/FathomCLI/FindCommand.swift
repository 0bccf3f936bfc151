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
            CLOUD is an .xyz text file (x y z per line, metres) or a .ply file (ascii or binary \
            little-endian, vertex x/y/z). Exit status is 0 whether or not a surface was found.
            """)

    /// The point cloud file.
    @Argument(help: "Point cloud file (.xyz or .ply), metres.")
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
        let positions = try CloudFileReader.read(URL(fileURLWithPath: cloud))
        let t0 = DispatchTime.now().uptimeNanoseconds
        let finder = try SurfaceFinder(positions: positions)
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
            try CloudFileReader.writePLY(indices.map { positions[$0] }, to: URL(fileURLWithPath: path))
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

/// Minimal point cloud reading for `fathom find` (.xyz text; .ply ascii or binary little-endian with
/// float or double x, y, z vertex properties) and binary PLY writing of positions.
enum CloudFileReader {
    /// A cloud file that cannot be read.
    struct ReadError: Error, CustomStringConvertible {
        let path: String
        let problem: String
        var description: String { "\(path): \(problem)" }
    }

    static func read(_ url: URL) throws -> [SIMD3<Float>] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ReadError(path: url.path, problem: "cannot read the file (\(error.localizedDescription))")
        }
        if url.pathExtension.lowercased() == "ply" { return try readPLY(data, path: url.path) }
        return try readXYZ(data, path: url.path)
    }

    static func readXYZ(_ data: Data, path: String) throws -> [SIMD3<Float>] {
        var out: [SIMD3<Float>] = []
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline)
        let truncatedEnd = !(text.last?.isNewline ?? true)
        for (n, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("//") { continue }
            let fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == ";" })
            // A cut-off last line (no final newline, fewer than three numbers) is dropped.
            if n == lines.count - 1, truncatedEnd, fields.count < 3 { break }
            guard fields.count >= 3, let x = Float(fields[0]), let y = Float(fields[1]), let z = Float(fields[2]) else {
                throw ReadError(path: path, problem: "line \(n + 1) does not start with three numbers")
            }
            out.append(SIMD3(x, y, z))
        }
        guard !out.isEmpty else { throw ReadError(path: path, problem: "no points") }
        return out
    }

    static func readPLY(_ data: Data, path: String) throws -> [SIMD3<Float>] {
        guard let end = data.range(of: Data("end_header".utf8)) else {
            throw ReadError(path: path, problem: "no PLY header (end_header missing)")
        }
        var bodyStart = end.upperBound
        if bodyStart < data.endIndex, data[bodyStart] == 0x0D { bodyStart += 1 }
        if bodyStart < data.endIndex, data[bodyStart] == 0x0A { bodyStart += 1 }
        let header = String(decoding: data[data.startIndex..<end.lowerBound], as: UTF8.self)
        var format = "", vertexCount = -1, inVertex = false, seenVertex = false
        var properties: [(name: String, size: Int, isDouble: Bool, isFloat: Bool)] = []
        let sizes: [String: Int] = ["char": 1, "uchar": 1, "int8": 1, "uint8": 1, "short": 2, "ushort": 2,
                                    "int16": 2, "uint16": 2, "int": 4, "uint": 4, "int32": 4, "uint32": 4,
                                    "float": 4, "float32": 4, "double": 8, "float64": 8]
        for line in header.split(whereSeparator: \.isNewline) {
            let f = line.split(separator: " ").map(String.init)
            guard let key = f.first else { continue }
            if key == "format", f.count >= 2 { format = f[1] }
            if key == "element", f.count >= 3 {
                inVertex = f[1] == "vertex" && !seenVertex
                if inVertex { vertexCount = Int(f[2]) ?? -1; seenVertex = true }
            }
            if key == "property", inVertex {
                guard f.count >= 3, f[1] != "list", let size = sizes[f[1]] else {
                    throw ReadError(path: path, problem: "unsupported vertex property '\(line)'")
                }
                properties.append((f[2], size, f[1] == "double" || f[1] == "float64", f[1] == "float" || f[1] == "float32"))
            }
        }
        guard vertexCount >= 0 else { throw ReadError(path: path, problem: "no vertex element") }
        guard let ix = properties.firstIndex(where: { $0.name == "x" }),
              let iy = properties.firstIndex(where: { $0.name == "y" }),
              let iz = properties.firstIndex(where: { $0.name == "z" }) else {
            throw ReadError(path: path, problem: "vertex has no x, y, z properties")
        }
        var out: [SIMD3<Float>] = []
        out.reserveCapacity(vertexCount)
        switch format {
        case "ascii":
            let text = String(decoding: data[bodyStart...], as: UTF8.self)
            var lines = text.split(whereSeparator: \.isNewline).makeIterator()
            for n in 0..<vertexCount {
                guard let line = lines.next() else { throw ReadError(path: path, problem: "only \(n) of \(vertexCount) vertices") }
                let v = line.split(separator: " ").compactMap { Double($0) }
                guard v.count == properties.count else { throw ReadError(path: path, problem: "vertex \(n) has \(v.count) values") }
                out.append(SIMD3(Float(v[ix]), Float(v[iy]), Float(v[iz])))
            }
        case "binary_little_endian":
            let stride = properties.reduce(0) { $0 + $1.size }
            var offsets: [Int] = []
            var o = 0
            for p in properties { offsets.append(o); o += p.size }
            guard data.count - (bodyStart - data.startIndex) >= stride * vertexCount else {
                throw ReadError(path: path, problem: "file is shorter than its \(vertexCount) vertices")
            }
            try data.withUnsafeBytes { raw in
                func value(_ base: Int, _ k: Int) throws -> Float {
                    let at = base + offsets[k]
                    if properties[k].isDouble { return Float(Double(bitPattern: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self).littleEndian)) }
                    if properties[k].isFloat { return Float(bitPattern: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian) }
                    throw ReadError(path: path, problem: "x, y and z must be float or double")
                }
                let start = bodyStart - data.startIndex
                for n in 0..<vertexCount {
                    let base = start + n * stride
                    out.append(SIMD3(try value(base, ix), try value(base, iy), try value(base, iz)))
                }
            }
        default:
            throw ReadError(path: path, problem: "unsupported PLY format '\(format)'")
        }
        return out
    }

    /// Writes positions as a binary little-endian PLY with float x, y, z.
    static func writePLY(_ points: [SIMD3<Float>], to url: URL) throws {
        var data = Data("ply\nformat binary_little_endian 1.0\nelement vertex \(points.count)\nproperty float x\nproperty float y\nproperty float z\nend_header\n".utf8)
        data.reserveCapacity(data.count + points.count * 12)
        for p in points {
            for c in [p.x, p.y, p.z] { withUnsafeBytes(of: c.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        }
        try AtomicFile.write(data, to: url)
    }
}
