/// ARKit's camera tracking state, as recorded in `arkitData.json`.
public enum TrackingState: Hashable, Sendable {
    /// Tracking works normally.
    case normal
    /// No tracking (session not started, or stopped).
    case notAvailable
    /// Tracking works with reduced quality, for a reason.
    case limited(LimitedReason)

    /// Why tracking is limited.
    public enum LimitedReason: String, Hashable, Sendable, CaseIterable {
        /// The session has just started.
        case initializing
        /// The device moves too fast.
        case excessiveMotion
        /// Too few features are visible (too dark, blank walls).
        case insufficientFeatures
        /// The session is relocalizing after an interruption.
        case relocalizing
    }

    /// Parses `normal`, `notAvailable` or `limited:<reason>`; `nil` otherwise.
    public init?(string: String) {
        switch string {
        case "normal": self = .normal
        case "notAvailable": self = .notAvailable
        default:
            guard string.hasPrefix("limited:"),
                let reason = LimitedReason(rawValue: String(string.dropFirst("limited:".count)))
            else { return nil }
            self = .limited(reason)
        }
    }

    /// The string form used in `arkitData.json`.
    public var string: String {
        switch self {
        case .normal: "normal"
        case .notAvailable: "notAvailable"
        case let .limited(r): "limited:\(r.rawValue)"
        }
    }

    /// Whether tracking is normal.
    public var isNormal: Bool { self == .normal }
}

extension TrackingState: Codable {
    public init(from decoder: Decoder) throws {
        let s = try decoder.singleValueContainer().decode(String.self)
        guard let v = TrackingState(string: s) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "unknown tracking state '\(s)'"))
        }
        self = v
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(string)
    }
}

/// ARKit's world-mapping status.
public enum WorldMappingStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// No map yet.
    case notAvailable
    /// The map is insufficient around the current position.
    case limited
    /// The map covers visited areas and is growing.
    case extending
    /// The map covers the visible area well.
    case mapped
}

/// The device's orientation while capturing.
public enum DeviceOrientation: String, Hashable, Sendable, Codable, CaseIterable {
    /// Landscape with the home side on the right: the sensor's native orientation.
    case landscapeRight
    /// Landscape, rotated 180°.
    case landscapeLeft
    /// Portrait.
    case portrait
    /// Portrait, upside down.
    case portraitUpsideDown
}
