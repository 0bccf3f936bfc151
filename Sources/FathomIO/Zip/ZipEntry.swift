/// One entry of a zip's central directory, checked against the archive (see `ZipReader`).
struct ZipEntry: Sendable, Equatable {
    /// How an entry's data is stored.
    enum Method: UInt16, Sendable {
        /// Stored as is.
        case stored = 0
        /// Raw deflate (RFC 1951).
        case deflated = 8
    }

    /// The entry's position in the central directory, from 0.
    var index: Int
    /// The entry's path inside the archive (`/`-separated; a directory ends with `/`).
    var path: String
    /// How the data is stored.
    var method: Method
    /// The CRC-32 of the uncompressed data, from the central directory.
    var checksum: UInt32
    /// The stored (compressed) data's length, bytes.
    var compressedByteCount: Int
    /// The uncompressed data's length, bytes.
    var uncompressedByteCount: Int
    /// Where the entry's local header starts, bytes from the start of the archive.
    var localHeaderOffset: Int
    /// Where the entry's stored data starts, bytes from the start of the archive.
    var dataOffset: Int
    /// Whether the entry is a symbolic link (Unix mode in the external attributes).
    var isSymbolicLink: Bool

    /// Whether the entry is a directory (its path ends with `/`).
    var isDirectory: Bool { path.hasSuffix("/") }
    /// The end of the stored data, bytes from the start of the archive.
    var dataEnd: Int { dataOffset + compressedByteCount }
}
