/// How `PLYFile` writes a cloud.
public struct PLYWriteOptions: Sendable, Equatable {
    /// Floating-point precision of positions and normals.
    public enum Precision: Sendable, Equatable {
        /// `float` (binary32): the cloud's own precision, so nothing is lost.
        case float
        /// `double` (binary64), for tools that expect it.
        case double
    }

    /// The body encoding. Default: binary little-endian.
    public var format: PLYFormat
    /// Position and normal precision. Default: `float`.
    public var precision: Precision
    /// The optional attributes to write; `nil` (the default) writes every attribute the cloud has.
    /// Requested attributes the cloud lacks are not written.
    public var attributes: PointCloudAttributes?

    /// Creates options; the defaults write compact, lossless binary with every present attribute.
    public init(format: PLYFormat = .binaryLittleEndian, precision: Precision = .float,
                attributes: PointCloudAttributes? = nil) {
        self.format = format
        self.precision = precision
        self.attributes = attributes
    }
}
