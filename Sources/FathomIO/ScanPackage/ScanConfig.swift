import Foundation

/// The contents of a scan package's `config.json`: the format marker and the capture settings.
///
/// Only `format` and `formatVersion` are required in the file; unknown keys are ignored.
public struct ScanConfig: Sendable, Equatable {
    /// The format marker every scan package carries.
    public static let formatMarker = "fathom-scan"
    /// The format version this code writes and the highest major version it reads.
    public static let currentFormatVersion = 1

    /// The device that recorded the scan.
    public struct Device: Sendable, Equatable, Codable {
        /// The hardware model identifier (e.g. `iPhone15,3`), empty when unknown.
        public var model: String
        /// Whether the device has a LiDAR scanner (and the package depth records).
        public var hasLiDAR: Bool

        /// Creates a device description.
        public init(model: String = "", hasLiDAR: Bool = false) {
            self.model = model
            self.hasLiDAR = hasLiDAR
        }
    }

    /// The postal address of the scanned property; every field may be empty.
    public struct Address: Sendable, Equatable, Codable {
        /// Street and number.
        public var number: String
        /// Postal code.
        public var postCode: String
        /// City.
        public var city: String
        /// State or region.
        public var state: String
        /// Country.
        public var country: String
        /// Apartment or suite.
        public var suite: String

        /// Creates an address.
        public init(
            number: String = "", postCode: String = "", city: String = "", state: String = "",
            country: String = "", suite: String = ""
        ) {
            self.number = number
            self.postCode = postCode
            self.city = city
            self.state = state
            self.country = country
            self.suite = suite
        }
    }

    /// The format marker; `fathom-scan` for a valid package.
    public var format: String
    /// The format's major version.
    public var formatVersion: Int
    /// When the scan was started (UTC), when recorded.
    public var createdAt: Date?
    /// The recording device, when recorded.
    public var device: Device?
    /// The capture options that were on (e.g. `azimuth`, `meshVisualisation`).
    public var options: [String]
    /// The property's address, when recorded.
    public var address: Address?
    /// The property type (free text), empty when unknown.
    public var propertyType: String

    /// Creates a configuration of the current format.
    public init(
        createdAt: Date? = nil, device: Device? = nil, options: [String] = [], address: Address? = nil,
        propertyType: String = ""
    ) {
        self.format = ScanConfig.formatMarker
        self.formatVersion = ScanConfig.currentFormatVersion
        self.createdAt = createdAt
        self.device = device
        self.options = options
        self.address = address
        self.propertyType = propertyType
    }
}

extension ScanConfig: Codable {
    private enum CodingKeys: String, CodingKey {
        case format, formatVersion, createdAt, device, options, address, propertyType
    }

    /// Decodes a configuration; absent optional keys take their defaults, unknown keys are ignored.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        format = try c.decode(String.self, forKey: .format)
        // A version written as 1.2 has major version 1.
        if let v = try? c.decode(Int.self, forKey: .formatVersion) {
            formatVersion = v
        } else {
            let v = try c.decode(Double.self, forKey: .formatVersion)
            guard v.isFinite, v >= 0, v < Double(Int32.max) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .formatVersion, in: c, debugDescription: "invalid format version \(v)")
            }
            formatVersion = Int(v.rounded(.down))
        }
        if let s = try c.decodeIfPresent(String.self, forKey: .createdAt), !s.isEmpty {
            guard let d = ScanConfig.parseDate(s) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .createdAt, in: c, debugDescription: "not an ISO 8601 date: '\(s)'")
            }
            createdAt = d
        } else {
            createdAt = nil
        }
        device = try c.decodeIfPresent(Device.self, forKey: .device)
        options = try c.decodeIfPresent([String].self, forKey: .options) ?? []
        address = try c.decodeIfPresent(Address.self, forKey: .address)
        propertyType = try c.decodeIfPresent(String.self, forKey: .propertyType) ?? ""
    }

    /// Encodes the configuration (`createdAt` as ISO 8601, UTC, whole seconds).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(format, forKey: .format)
        try c.encode(formatVersion, forKey: .formatVersion)
        if let createdAt { try c.encode(ScanConfig.formatDate(createdAt), forKey: .createdAt) }
        try c.encodeIfPresent(device, forKey: .device)
        try c.encode(options, forKey: .options)
        try c.encodeIfPresent(address, forKey: .address)
        try c.encode(propertyType, forKey: .propertyType)
    }

    static func parseDate(_ s: String) -> Date? {
        let f = ISO8601DateFormatter()
        if let d = f.date(from: s) { return d }
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.date(from: s)
    }

    static func formatDate(_ d: Date) -> String { ISO8601DateFormatter().string(from: d) }
}

extension ScanConfig {
    /// Reads and validates `config.json`.
    /// - Parameters:
    ///   - url: The file.
    ///   - displayName: How errors name the file (defaults to its path).
    /// - Throws: `ScanPackageError` when the file is missing, malformed, of another format, or of a
    ///   higher major version than `currentFormatVersion`.
    public static func read(from url: URL, displayName: String? = nil) throws -> ScanConfig {
        let name = displayName ?? url.path
        let config = try ScanJSON.read(ScanConfig.self, from: url, displayName: name)
        try config.validate(displayName: name)
        return config
    }

    /// Decodes and validates a `config.json` from its bytes.
    /// - Throws: `ScanPackageError` as `read(from:displayName:)` does.
    public static func decode(_ data: Data, displayName: String = "config.json") throws -> ScanConfig {
        let config = try ScanJSON.decode(ScanConfig.self, from: data, displayName: displayName)
        try config.validate(displayName: displayName)
        return config
    }

    /// Throws unless this is a `fathom-scan` of a major version this reader knows.
    func validate(displayName: String) throws {
        guard format == ScanConfig.formatMarker else {
            throw ScanPackageError(
                .unsupportedFormat, file: displayName,
                problem: "format is '\(format)', expected '\(ScanConfig.formatMarker)'")
        }
        guard formatVersion <= ScanConfig.currentFormatVersion else {
            throw ScanPackageError(
                .unsupportedVersion, file: displayName,
                problem:
                    "format version \(formatVersion) is newer than the supported \(ScanConfig.currentFormatVersion)")
        }
        guard formatVersion >= 1 else {
            throw ScanPackageError(
                .unsupportedVersion, file: displayName, problem: "invalid format version \(formatVersion)")
        }
    }
}
