import Foundation

extension ScanPackageWriter {
    /// Zips the package (finishing it first if needed) with its files at the archive's root, then
    /// verifies the archive: it is re-opened and every entry's CRC32 and uncompressed size are compared
    /// with the files, and each entry's data is decompressed and checked. On failure the archive is
    /// re-created once and verified again; `zipWasRecreated` then says so (the caller raises event 53)
    /// and `scan.log` records why.
    /// - Parameters:
    ///   - url: The archive to create; it must not exist and must lie outside the package directory.
    ///   - compressed: Deflate the entries (`true`, default) or store them.
    /// - Returns: `url`.
    /// - Throws: `ScanPackageError` when the archive exists, cannot be written, or is still faulty
    ///   after re-creating it.
    @discardableResult
    public func zip(to url: URL, compressed: Bool = true) throws -> URL {
        try finish()
        zipWasRecreated = false
        if FileManager.default.fileExists(atPath: url.path) {
            throw ScanPackageError(.invalidUse, url: url, problem: "the zip already exists")
        }
        let dir = directory.standardizedFileURL.path + "/"
        if url.standardizedFileURL.path.hasPrefix(dir) {
            throw ScanPackageError(.invalidUse, url: url, problem: "the zip must lie outside the package directory")
        }
        try log("zipping to \(url.lastPathComponent)")
        try ScanPackageZip.create(from: directory, to: url, compressed: compressed)
        zipFaultInjection?(url)
        let problems = try ScanPackageZip.verify(url, against: directory)
        guard !problems.isEmpty else { return url }
        zipWasRecreated = true
        try? FileManager.default.removeItem(at: url)
        try log("zip check failed, re-creating it: \(problems.joined(separator: "; "))")
        // The log line changed scan.log; the new archive includes it.
        try ScanPackageZip.create(from: directory, to: url, compressed: compressed)
        let again = try ScanPackageZip.verify(url, against: directory)
        guard again.isEmpty else {
            throw ScanPackageError(
                .invalidZip, url: url, problem: "zip check failed twice: \(again.joined(separator: "; "))")
        }
        return url
    }
}
