import FathomCore

/// What reading a point-cloud file produced: the cloud and any non-fatal problems.
public struct PointCloudReadResult: Sendable, Equatable {
    /// The points read.
    public var cloud: PointCloud
    /// The file format.
    public var format: PointCloudFileFormat
    /// The PLY body encoding, for PLY files; `nil` otherwise.
    public var plyFormat: PLYFormat?
    /// Non-fatal problems (e.g. a dropped truncated last line), each naming the file and line.
    public var warnings: [String]

    /// Creates a result.
    public init(cloud: PointCloud, format: PointCloudFileFormat, plyFormat: PLYFormat? = nil, warnings: [String] = []) {
        self.cloud = cloud
        self.format = format
        self.plyFormat = plyFormat
        self.warnings = warnings
    }
}
