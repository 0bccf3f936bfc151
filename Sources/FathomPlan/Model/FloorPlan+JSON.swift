import FathomIO
import Foundation

extension FloorPlan: Codable {
    private enum CodingKeys: String, CodingKey {
        case format, formatVersion, units, floorY, ceilingHeight, walls, openings, rooms, objects, trueNorthDegrees
    }

    /// Reads a plan (`objects` may be absent: plans written before objects existed), refusing another format, a higher version or units other than metres.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let format = try c.decode(String.self, forKey: .format)
        guard format == Self.formatName else {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: c, debugDescription: "format is \"\(format)\", expected \"\(Self.formatName)\"")
        }
        let version = try c.decode(Int.self, forKey: .formatVersion)
        guard version >= 1, version <= Self.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .formatVersion, in: c,
                debugDescription: "formatVersion \(version) is not supported (this build reads 1…\(Self.formatVersion))")
        }
        let units = try c.decode(String.self, forKey: .units)
        guard units == "m" else {
            throw DecodingError.dataCorruptedError(forKey: .units, in: c, debugDescription: "units \"\(units)\", expected \"m\"")
        }
        self.init(
            floorY: try c.decode(Double.self, forKey: .floorY),
            ceilingHeight: try c.decode(Double.self, forKey: .ceilingHeight),
            walls: try c.decode([FloorPlanWall].self, forKey: .walls),
            openings: try c.decode([FloorPlanOpening].self, forKey: .openings),
            rooms: try c.decode([FloorPlanRoom].self, forKey: .rooms),
            objects: try c.decodeIfPresent([FloorPlanObject].self, forKey: .objects) ?? [],
            trueNorthDegrees: try c.decodeIfPresent(Double.self, forKey: .trueNorthDegrees))
    }

    /// Writes the plan with its format marker, version and units.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.formatName, forKey: .format)
        try c.encode(Self.formatVersion, forKey: .formatVersion)
        try c.encode("m", forKey: .units)
        try c.encode(floorY, forKey: .floorY)
        try c.encode(ceilingHeight, forKey: .ceilingHeight)
        try c.encode(walls, forKey: .walls)
        try c.encode(openings, forKey: .openings)
        try c.encode(rooms, forKey: .rooms)
        try c.encode(objects, forKey: .objects)
        try c.encodeIfPresent(trueNorthDegrees, forKey: .trueNorthDegrees)
    }

    /// The plan as pretty-printed JSON with sorted keys.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads a plan file; errors name the file and the problem.
    public init(contentsOf url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw FloorPlanError(file: url.path, problem: "cannot read the file (\(error.localizedDescription))")
        }
        do { self = try JSONDecoder().decode(FloorPlan.self, from: data) } catch let error as DecodingError {
            throw FloorPlanError(file: url.path, problem: Self.describe(error))
        }
    }

    /// Writes the plan atomically (temp file + rename).
    public func write(to url: URL) throws {
        try AtomicFile.write(try jsonData(), to: url)
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context.codingPath).isEmpty ? "the top" : path(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "missing key \"\(key.stringValue)\" at \(path(context.codingPath).isEmpty ? "the top" : path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default:
            return "not a floor plan (\(error))"
        }
    }
}
