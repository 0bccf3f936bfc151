/// The encoding of a PLY file's body.
public enum PLYFormat: String, Sendable, CaseIterable, Equatable {
    /// Whitespace-separated text, one element item per line.
    case ascii
    /// Packed binary, little-endian (the common case).
    case binaryLittleEndian = "binary_little_endian"
    /// Packed binary, big-endian.
    case binaryBigEndian = "binary_big_endian"

    /// The name used on the header's `format` line.
    public var headerName: String { rawValue }
}
