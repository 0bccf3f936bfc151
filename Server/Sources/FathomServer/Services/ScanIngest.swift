import Fathom
import Foundation

/// Turns an uploaded zip into a stored scan: the zip is inspected (`ZipInspector`) and extracted
/// (`ZipExtractor`) by the server's own guard, never by the library's zip reader; the extracted
/// package is opened and the scan monitor replayed over it (`ScanCheckReport`, as `fathom check`).
public struct ScanIngest: Sendable {
    /// Where blobs go.
    public var blobs: BlobStore
    /// The zip limits.
    public var limits: ZipLimits

    /// Why an upload is not a usable scan package (422).
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        /// The reason, one sentence.
        public var reason: String
        /// The reason.
        public var description: String { reason }
    }

    /// An ingest writing into `blobs`.
    public init(blobs: BlobStore, limits: ZipLimits) {
        self.blobs = blobs
        self.limits = limits
    }

    /// Checks the upload at `upload` (a zip of `byteCount` bytes) and stores it as scan `scanID`.
    /// On success the upload is moved into the scan's folder; on failure everything is removed.
    /// - Throws: `Refusal` (or `ZipRejection`) with the reason.
    public func ingest(upload: URL, byteCount: Int64, scanID: String, createdAt: Date) throws -> ScanSummary {
        let fm = FileManager.default
        let scanDirectory = blobs.scanDirectory(scanID)
        do {
            let entries = try ZipInspector(limits: limits).entries(of: upload)
            let paths = entries.map(\.path)
            guard let prefix = ScanPackageArchivePaths.packagePrefix(paths) else {
                throw Refusal(reason: "not a scan package: no config.json at the zip's root or under one top-level folder")
            }
            let kept = entries.compactMap { entry -> ZipEntry? in
                guard entry.path.hasPrefix(prefix), entry.path.count > prefix.count else { return nil }
                var e = entry
                e.path = String(entry.path.dropFirst(prefix.count))
                return e
            }
            let packageDirectory = blobs.packageDirectory(scanID)
            try ZipExtractor(limits: limits).extract(kept, of: upload, to: packageDirectory)
            let package: ScanPackage
            let report: ScanCheckReport
            do {
                package = try ScanPackage(url: packageDirectory)
                report = try ScanCheckReport(package: package)
            } catch {
                throw Refusal(reason: Self.describe(error, hiding: packageDirectory.path))
            }
            try fm.moveItem(at: upload, to: scanDirectory.appendingPathComponent("upload.zip"))
            return ScanSummary(id: scanID, createdAt: createdAt, byteCount: byteCount, package: package, report: report)
        } catch {
            try? fm.removeItem(at: scanDirectory)
            try? fm.removeItem(at: upload)
            throw error
        }
    }

    /// A library error as a sentence naming package files, without the server's folders.
    static func describe(_ error: any Error, hiding path: String) -> String {
        String(describing: error).replacingOccurrences(of: path + "/", with: "").replacingOccurrences(of: path, with: "package")
    }
}
