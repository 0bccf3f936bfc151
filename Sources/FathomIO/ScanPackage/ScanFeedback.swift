import Foundation

/// The contents of `feedback.json`: the events raised during capture, in the order they were raised.
public struct ScanFeedback: Sendable, Equatable, Codable {
    /// The events.
    public var events: [ScanEvent]

    /// Creates feedback.
    public init(events: [ScanEvent] = []) {
        self.events = events
    }

    private enum CodingKeys: String, CodingKey { case events }

    /// Decodes feedback; a missing `events` key means no events.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        events = try c.decodeIfPresent([ScanEvent].self, forKey: .events) ?? []
    }

    /// Reads `feedback.json`.
    /// - Throws: `ScanPackageError` when the file is missing or malformed.
    public static func read(from url: URL, displayName: String? = nil) throws -> ScanFeedback {
        try ScanJSON.read(ScanFeedback.self, from: url, displayName: displayName ?? url.path)
    }

    /// The events counted by code.
    public var countsByCode: [Int: Int] {
        events.reduce(into: [:]) { $0[$1.code, default: 0] += 1 }
    }
}
