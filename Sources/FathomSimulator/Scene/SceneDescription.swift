import Foundation

/// A whole simulated scan as data (Codable JSON): rooms, objects, room labels, the camera path and
/// the faults to inject.
///
/// Coordinates are world metres, +Y up; floor polygons are given as `[x, z]` pairs. Decode with
/// `init(json:)`, check with `validate()` (which `SimulatedScene` and `ScanSimulation` call).
public struct SceneDescription: Sendable, Equatable, Codable {
    /// The rooms (at least one).
    public var rooms: [RoomDescription]
    /// Primitive objects standing in the rooms.
    public var objects: [ObjectDescription]
    /// Room names placed at points of the floor plan.
    public var labels: [SceneLabel]
    /// The camera path; `nil` means a default walk around the first room.
    public var path: CameraPathDescription?
    /// Faults injected into the simulated tracking.
    public var faults: [ScanFault]

    /// Creates a description.
    public init(
        rooms: [RoomDescription], objects: [ObjectDescription] = [], labels: [SceneLabel] = [],
        path: CameraPathDescription? = nil, faults: [ScanFault] = []
    ) {
        self.rooms = rooms
        self.objects = objects
        self.labels = labels
        self.path = path
        self.faults = faults
    }

    enum CodingKeys: String, CodingKey { case rooms, objects, labels, path, faults }

    /// Decodes a description; only `rooms` is required.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        rooms = try c.decode([RoomDescription].self, forKey: .rooms)
        objects = try c.decodeIfPresent([ObjectDescription].self, forKey: .objects) ?? []
        labels = try c.decodeIfPresent([SceneLabel].self, forKey: .labels) ?? []
        path = try c.decodeIfPresent(CameraPathDescription.self, forKey: .path)
        faults = try c.decodeIfPresent([ScanFault].self, forKey: .faults) ?? []
    }

    /// Decodes a description from JSON and validates it.
    /// - Throws: `SceneValidationError.invalidJSON` (with the decoder's message) or the first
    ///   validation problem.
    public init(json data: Data) throws {
        do {
            self = try JSONDecoder().decode(SceneDescription.self, from: data)
        } catch let error as DecodingError {
            throw SceneValidationError.invalidJSON(String(describing: error))
        }
        try validate()
    }

    /// The description as pretty-printed JSON with sorted keys.
    public func jsonData() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try e.encode(self)
    }
}
