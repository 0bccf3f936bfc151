/// One entry of a zip's central directory, checked against its local header.
public struct ZipEntry: Sendable, Equatable {
    /// The entry's path inside the archive ('/'-separated; a trailing '/' marks a folder).
    public var path: String
    /// 0 (stored) or 8 (deflate).
    public var method: UInt16
    /// The CRC-32 of the expanded bytes.
    public var crc32: UInt32
    /// Stored bytes.
    public var compressedByteCount: Int64
    /// Expanded bytes.
    public var uncompressedByteCount: Int64
    /// Where the entry's stored bytes start in the file, bytes.
    public var dataOffset: Int64

    /// Whether the entry is a folder.
    public var isDirectory: Bool { path.hasSuffix("/") }
}
