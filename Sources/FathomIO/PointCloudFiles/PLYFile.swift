import FathomCore
import Foundation

/// Stanford PLY point clouds: reading and writing `PointCloud`s.
///
/// Vertex properties read: `x y z` (any scalar type), `nx ny nz`, `red green blue` (integer types
/// taken as 0…255, floating-point types as 0…1; `alpha` ignored), `confidence`, and the identifier as
/// two `uint` properties `identifier_lo` (low 32 bits) and `identifier_hi` (high 32 bits) — PLY has
/// no 64-bit integer type — or a single integer `identifier`. Other vertex properties (any type,
/// lists included), comments, `obj_info` lines and other elements (e.g. `face`, before or after the
/// vertices) are skipped. Colours and normals are read only when all three components are present.
///
/// Memory is bounded by the file size: a header claiming more items than the bytes can hold fails
/// before anything is allocated.
public enum PLYFile {
    /// Reads a PLY file.
    /// - Throws: `PointCloudFileError` naming the file and the line (header, ascii body) or byte
    ///   offset (binary body) of the problem.
    public static func read(_ url: URL) throws -> PointCloudReadResult {
        try decode(try readBytes(url), fileName: url.lastPathComponent)
    }

    /// Writes `cloud` to `url` atomically.
    /// - Throws: `FileWriteError` when the file cannot be written.
    public static func write(_ cloud: PointCloud, to url: URL, options: PLYWriteOptions = PLYWriteOptions()) throws {
        try AtomicFile.write(encode(cloud, options: options), to: url)
    }

    /// Reads a whole file, mapping failures to `PointCloudFileError.unreadable`.
    static func readBytes(_ url: URL) throws -> Data {
        do { return try Data(contentsOf: url) } catch {
            throw PointCloudFileError(file: url.lastPathComponent, location: .file,
                                      problem: .unreadable(error.localizedDescription))
        }
    }
}
