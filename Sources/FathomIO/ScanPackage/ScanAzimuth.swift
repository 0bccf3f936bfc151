/// The scan's orientation relative to true north (`arkitData.json`'s `azimuth`).
public struct ScanAzimuth: Sendable, Equatable, Codable {
    /// Heading of the world −Z axis, degrees clockwise from true north.
    public var trueNorthDegrees: Double

    /// Creates an azimuth.
    public init(trueNorthDegrees: Double) {
        self.trueNorthDegrees = trueNorthDegrees
    }
}
