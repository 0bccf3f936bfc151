import Foundation

/// The files of scans and jobs in one directory tree, which every API and worker process must see
/// (a local folder, or a shared NFS/CephFS mount when processes run on several machines):
///
/// - `uploads/` — uploads being received (removed when done or refused)
/// - `scans/<id>/upload.zip` — the zip as uploaded; `scans/<id>/package/` — its checked, extracted files;
///   `scans/<id>/cloud.ply` — the fused cloud, made on first request
/// - `jobs/<id>/attempt-<n>/` — one folder per attempt, so a dead worker's partial files never mix
///   with the files of the attempt that finished
/// - `maps/<id>.json` — a world map (fathom-worldmap JSON with its prepared registration cloud; its
///   anchors are rows in the store)
///
/// Why files and not PostgreSQL large objects: scans are hundreds of megabytes, read by the plan
/// extractor as files (random access into the depth stream) and streamed to clients as files; large
/// objects would have to be copied out to a temporary file by every worker on every job, would bloat
/// the database's WAL, backups and replication with bulk data, and the SQLite default needs files anyway.
public struct BlobStore: Sendable {
    /// The root folder.
    public let root: URL

    /// A blob store under `root` (created when missing).
    public init(root: URL) throws {
        self.root = root
        for folder in ["uploads", "scans", "jobs", "maps"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder, isDirectory: true), withIntermediateDirectories: true)
        }
    }

    /// A new file name for an upload in progress.
    public func newUploadURL() -> URL {
        root.appendingPathComponent("uploads/\(UUID().uuidString).zip")
    }

    /// A scan's folder.
    public func scanDirectory(_ scanID: String) -> URL {
        root.appendingPathComponent("scans/\(scanID)", isDirectory: true)
    }

    /// A scan's extracted package.
    public func packageDirectory(_ scanID: String) -> URL {
        scanDirectory(scanID).appendingPathComponent("package", isDirectory: true)
    }

    /// A world map's file.
    public func mapFile(_ mapID: String) -> URL {
        root.appendingPathComponent("maps/\(mapID).json")
    }

    /// A job attempt's result folder, relative to the root.
    public func resultPath(jobID: String, attempt: Int) -> String { "jobs/\(jobID)/attempt-\(attempt)" }

    /// The URL of a path relative to the root.
    public func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }
}
