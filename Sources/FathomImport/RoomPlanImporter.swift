import FathomPlan
import Foundation

/// Reads a RoomPlan `CapturedRoom` JSON file (iOS 16/17, `version` 2) into a `FloorPlan` (see
/// `docs/import/roomplan.md`).
///
/// RoomPlan's world has y up, metres; every surface's `transform` is worldFromSurface (column-major)
/// with its origin at the box centre and its local x along the surface's width. The plan keeps world
/// x and z: a wall runs from `centre − x·width/2` to `centre + x·width/2`; its height is
/// `dimensions[1]`, its thickness `dimensions[2]` when positive. A door, window or opening lies in the
/// wall its `parentIdentifier` names (the nearest wall within `orphanWallDistance` when that wall is
/// missing, with a warning), with bottom and top from its centre and height. An object becomes a
/// box footprint (`x·width`, `z·depth` about the centre) with its category. The floor lies at the
/// lowest wall bottom; rooms come from `floors` (their `polygonCorners` placed by their transform),
/// or, without floors, from walls whose ends close a loop; sections name the rooms they lie in.
public enum RoomPlanImporter {
    /// The CapturedRoom encoding version read.
    public static let supportedVersion = 2
    /// A door, window or opening whose wall is missing joins the nearest wall this close, metres.
    public static let orphanWallDistance = 0.3
    /// Wall ends this close are taken as one corner when closing rooms from walls, metres.
    public static let cornerTolerance = 0.15
    /// The largest file read, bytes.
    public static let maximumBytes = 256 << 20
    /// The 0…1 confidence written for RoomPlan's `low`, `medium` and `high`.
    public static let confidenceValues = ["low": 0.3, "medium": 0.6, "high": 0.9]

    /// Whether `url` looks like a CapturedRoom JSON file: a `.json` whose first or last MiB names the
    /// keys `walls` and `version` (sorted keys put `version` after large arrays).
    public static func recognizes(_ url: URL) -> Bool {
        guard url.pathExtension.lowercased() == "json",
            let handle = try? FileHandle(forReadingFrom: url)
        else { return false }
        defer { try? handle.close() }
        let window = 1 << 20
        var text = String(decoding: handle.readData(ofLength: window), as: UTF8.self)
        if let size = try? handle.seekToEnd(), size > UInt64(2 * window) {
            try? handle.seek(toOffset: size - UInt64(window))
            text += String(decoding: handle.readData(ofLength: window), as: UTF8.self)
        } else {
            text += String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        }
        return text.contains("\"walls\"") && text.contains("\"version\"")
    }

    private struct VersionOnly: Decodable { var version: Int? }

    /// Reads `url` and converts it.
    /// - Throws: `ImportError` naming the file: unreadable, not JSON, another `version`, or a key of
    ///   the wrong shape (named by its path).
    public static func importPlan(from url: URL) throws -> RoomPlanImportResult {
        let name = url.lastPathComponent
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        if let size = attributes?[.size] as? Int, size > maximumBytes {
            throw ImportError(.malformed, file: name, problem: "the file has \(size) bytes (at most \(maximumBytes) are read)")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ImportError(.missingFile, file: name, problem: "cannot read the file (\(error.localizedDescription))")
        }
        return try importPlan(data, fileName: name)
    }

    /// Converts CapturedRoom JSON bytes; `fileName` labels errors and warnings.
    /// - Throws: `ImportError` as `importPlan(from:)`.
    public static func importPlan(_ data: Data, fileName name: String) throws -> RoomPlanImportResult {
        let version: Int?
        do { version = try JSONDecoder().decode(VersionOnly.self, from: data).version } catch {
            throw ImportError(.malformed, file: name, problem: "not a CapturedRoom JSON object (\(ImportJSON.describe(error)))")
        }
        guard let version else { throw ImportError(.malformed, file: name, problem: "no 'version' key: not a CapturedRoom JSON file") }
        guard version == supportedVersion else {
            throw ImportError(.unsupported, file: name, problem: "CapturedRoom version \(version); this importer reads version \(supportedVersion) (iOS 16/17)")
        }
        let room: RoomPlanDocument
        do { room = try JSONDecoder().decode(RoomPlanDocument.self, from: data) } catch {
            throw ImportError(.malformed, file: name, problem: ImportJSON.describe(error))
        }
        return convert(room, fileName: name)
    }

    /// The centre (metres) and local axes of a column-major worldFromSurface transform.
    static func frame(_ t: [Double]) -> (centre: SIMD3<Double>, x: SIMD3<Double>, y: SIMD3<Double>, z: SIMD3<Double>) {
        (SIMD3(t[12], t[13], t[14]), SIMD3(t[0], t[1], t[2]), SIMD3(t[4], t[5], t[6]), SIMD3(t[8], t[9], t[10]))
    }

    /// The unit horizontal direction of a local axis, or `nil` when it is (nearly) vertical.
    static func horizontal(_ v: SIMD3<Double>) -> SIMD2<Double>? {
        let h = SIMD2(v.x, v.z)
        let n = (h * h).sum().squareRoot()
        return n > 1e-6 ? h / n : nil
    }

    static func convert(_ room: RoomPlanDocument, fileName name: String) -> RoomPlanImportResult {
        var warnings: [String] = []
        var notes: [String] = []
        let stories = Set((room.walls + room.floors).map(\.story))
        if stories.count > 1 { notes.append("\(stories.count) stories in one file: all are drawn on one plan") }
        // The floor: the lowest wall bottom (or floor surface), metres.
        let bottoms = room.walls.map { frame($0.transform).centre.y - $0.dimensions.y / 2 } + room.floors.map { frame($0.transform).centre.y }
        let floorY = bottoms.min() ?? 0
        var walls: [FloorPlanWall] = []
        var wallIds: [UUID: String] = [:]
        for (i, w) in room.walls.enumerated() {
            let f = frame(w.transform)
            guard let d = horizontal(f.x), w.dimensions.x > 0 else {
                warnings.append("\(name): walls[\(i)] (\(w.identifier)): zero width or vertical local x axis; skipped")
                continue
            }
            let id = "w\(walls.count + 1)"
            let c = SIMD2(f.centre.x, f.centre.z)
            let top = f.centre.y + w.dimensions.y / 2 - floorY
            walls.append(FloorPlanWall(
                id: id, start: c - d * w.dimensions.x / 2, end: c + d * w.dimensions.x / 2, height: top,
                thickness: w.dimensions.z > 0 ? w.dimensions.z : nil))
            wallIds[w.identifier] = id
        }
        var openings: [FloorPlanOpening] = []
        let groups: [(String, [RoomPlanSurface], FloorPlanOpening.Kind)] = [
            ("doors", room.doors, .door), ("windows", room.windows, .window), ("openings", room.openings, .opening),
        ]
        for (key, surfaces, kind) in groups {
            for (i, s) in surfaces.enumerated() {
                let f = frame(s.transform)
                let c = SIMD2(f.centre.x, f.centre.z)
                guard let d = horizontal(f.x) else {
                    warnings.append("\(name): \(key)[\(i)]: vertical local x axis; skipped")
                    continue
                }
                var wallId = s.parentIdentifier.flatMap { wallIds[$0] }
                if wallId == nil {
                    let nearest = walls.map { ($0.id, distance(c, segment: $0.start, $0.end)) }.min { $0.1 < $1.1 }
                    let said = s.parentIdentifier.map { "names wall \($0), which is not in the file" } ?? "names no wall"
                    if let nearest, nearest.1 <= orphanWallDistance {
                        wallId = nearest.0
                        warnings.append("\(name): \(key)[\(i)] (\(s.identifier)) \(said); placed in the nearest wall \(nearest.0)")
                    } else {
                        warnings.append("\(name): \(key)[\(i)] (\(s.identifier)) \(said) and lies in no wall; skipped")
                        continue
                    }
                }
                openings.append(FloorPlanOpening(
                    id: "o\(openings.count + 1)", wallId: wallId!, kind: kind, start: c - d * s.dimensions.x / 2,
                    end: c + d * s.dimensions.x / 2, bottom: max(0, f.centre.y - s.dimensions.y / 2 - floorY),
                    top: f.centre.y + s.dimensions.y / 2 - floorY))
            }
        }
        var objects: [FloorPlanObject] = []
        for (i, o) in room.objects.enumerated() {
            let f = frame(o.transform)
            let c = SIMD2(f.centre.x, f.centre.z)
            let category = FloorPlanObject.Category(rawValue: o.category) ?? .unknown
            if category == .unknown && o.category != "unknown" {
                warnings.append("\(name): objects[\(i)]: unknown category '\(o.category)'; kept as unknown")
            }
            guard let ax = horizontal(f.x) else {
                warnings.append("\(name): objects[\(i)]: vertical local x axis; skipped")
                continue
            }
            let az = SIMD2(-ax.y, ax.x) * (horizontal(f.z).map { ($0 * SIMD2(-ax.y, ax.x)).sum() < 0 ? -1 : 1 } ?? 1)
            let hx = ax * o.dimensions.x / 2, hz = az * o.dimensions.z / 2
            objects.append(FloorPlanObject(
                id: "f\(objects.count + 1)", category: category, corners: [c - hx - hz, c + hx - hz, c + hx + hz, c - hx + hz],
                bottom: max(0, f.centre.y - o.dimensions.y / 2 - floorY), top: f.centre.y + o.dimensions.y / 2 - floorY,
                confidence: confidenceValues[o.confidence] ?? 0.6))
        }
        var polygons: [[SIMD2<Double>]] = []
        for (i, floor) in room.floors.enumerated() {
            let f = frame(floor.transform)
            let polygon = floor.polygonCorners.map { p in
                let w = f.centre + f.x * p.x + f.y * p.y + f.z * p.z
                return SIMD2(w.x, w.z)
            }
            if polygon.count >= 3 && abs(FloorPlanGeometry.signedArea(polygon)) > 0.01 {
                polygons.append(polygon)
            } else {
                warnings.append("\(name): floors[\(i)]: fewer than 3 corners or no area; no room from it")
            }
        }
        if polygons.isEmpty, let loop = closedLoop(walls) {
            polygons.append(loop)
            notes.append("no floors: the room outline is the loop the walls close")
        }
        let rooms = polygons.enumerated().map { k, polygon -> FloorPlanRoom in
            let label = room.sections.first { s in
                s.label != "unidentified" && FloorPlanGeometry.contains(polygon, SIMD2(s.center.x, s.center.z))
            }?.label
            return FloorPlanRoom(id: "r\(k + 1)", label: label, polygon: polygon)
        }
        let ceiling = room.walls.map { frame($0.transform).centre.y + $0.dimensions.y / 2 - floorY }.max() ?? 0
        let plan = FloorPlan(
            floorY: floorY, ceilingHeight: ceiling, walls: walls, openings: openings, rooms: rooms, objects: objects)
        return RoomPlanImportResult(plan: plan, warnings: warnings, notes: notes)
    }

    /// Distance from `p` to the segment `a`–`b`, metres.
    static func distance(_ p: SIMD2<Double>, segment a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a
        let l2 = (ab * ab).sum()
        let t = l2 > 0 ? max(0, min(1, ((p - a) * ab).sum() / l2)) : 0
        return FloorPlanGeometry.distance(p, a + ab * t)
    }

    /// The polygon of walls chained end to end (ends within `cornerTolerance`) back to the first wall,
    /// or `nil` when they do not close a loop. Corners are the midpoints of the meeting ends.
    static func closedLoop(_ walls: [FloorPlanWall]) -> [SIMD2<Double>]? {
        guard walls.count >= 3 else { return nil }
        var used = [true] + [Bool](repeating: false, count: walls.count - 1)
        var corners: [SIMD2<Double>] = []
        var end = walls[0].end
        let start = walls[0].start
        for _ in 1..<walls.count {
            var best: (index: Int, near: SIMD2<Double>, far: SIMD2<Double>, d: Double)?
            for (i, w) in walls.enumerated() where !used[i] {
                for (near, far) in [(w.start, w.end), (w.end, w.start)] {
                    let d = FloorPlanGeometry.distance(end, near)
                    if d <= cornerTolerance && d < (best?.d ?? .infinity) { best = (i, near, far, d) }
                }
            }
            guard let best else { break }
            used[best.index] = true
            corners.append((end + best.near) / 2)
            end = best.far
        }
        guard corners.count >= 2, FloorPlanGeometry.distance(end, start) <= cornerTolerance else { return nil }
        return [(end + start) / 2] + corners
    }
}
