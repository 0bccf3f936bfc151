import Foundation
import ZIPFoundation

/// Zip handling of scan packages: creating and verifying archives, validating entry paths, extracting.
enum ScanPackageZip {
    /// Bytes read at a time when checksumming a file.
    static let checksumChunkByteCount = 1 << 20

    /// Zips the contents of `directory` (entries at the archive's root) into `url`.
    static func create(from directory: URL, to url: URL, compressed: Bool) throws {
        do {
            try FileManager.default.zipItem(
                at: directory, to: url, shouldKeepParent: false,
                compressionMethod: compressed ? .deflate : .none)
        } catch {
            throw ScanPackageError(.io, url: url, problem: "cannot create zip of \(directory.path): \(error)")
        }
    }

    /// The regular files under `directory`, as paths relative to it.
    static func files(in directory: URL) throws -> [String] {
        let fm = FileManager.default
        guard let paths = fm.subpaths(atPath: directory.path) else {
            throw ScanPackageError(.io, url: directory, problem: "cannot list the directory")
        }
        return paths.filter { p in
            var isDirectory: ObjCBool = false
            return fm.fileExists(atPath: directory.appendingPathComponent(p).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    /// Checks that the archive at `url` holds every file of `directory` with the same size and CRC32,
    /// and that each entry's stored data decompresses to that CRC32. Returns the problems found.
    static func verify(_ url: URL, against directory: URL) throws -> [String] {
        let archive: ZipReader
        do { archive = try ZipReader(url: url) } catch {
            return ["\(url.path): cannot be opened as a zip: \(error)"]
        }
        var problems: [String] = []
        for path in try files(in: directory) {
            let fileURL = directory.appendingPathComponent(path)
            guard let entry = archive.entry(path) else {
                problems.append("\(url.path): entry \(path) is missing")
                continue
            }
            let attributes = try? FileManager.default.attributesOfItem(atPath: fileURL.path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
            if entry.uncompressedByteCount != size {
                problems.append(
                    "\(url.path) › \(path): uncompressed size \(entry.uncompressedByteCount), the file has \(size) bytes")
                continue
            }
            let fileCRC = try crc32(of: fileURL)
            if entry.checksum != fileCRC {
                problems.append(
                    "\(url.path) › \(path): CRC32 \(entry.checksum) in the directory, the file's is \(fileCRC)")
                continue
            }
            // Reading checks the data's length and CRC-32 against the directory's.
            do { try archive.read(entry) { _ in } } catch {
                problems.append("\(url.path) › \(path): stored data fails its check: \(error)")
            }
        }
        return problems
    }

    /// The CRC32 of a file, read in chunks.
    static func crc32(of url: URL) throws -> UInt32 {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw ScanPackageError(.io, url: url, problem: "cannot read: \(error.localizedDescription)")
        }
        defer { try? handle.close() }
        var crc: UInt32 = 0
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: checksumChunkByteCount) } catch {
                throw ScanPackageError(.io, url: url, problem: "cannot read: \(error.localizedDescription)")
            }
            guard let chunk, !chunk.isEmpty else { break }
            crc = chunk.withUnsafeBytes { Zlib.crc($0, continuing: crc) }
        }
        return crc
    }

    /// Validates every entry of the zip at `url`, then extracts the package's files to `destination`.
    ///
    /// The archive's structure is checked by `ZipReader` (sizes, offsets, methods, names, entry count,
    /// total expansion) before anything is extracted; the entries' paths and types are checked here.
    /// - Throws: `ScanPackageError` naming the zip (and the entry) when the zip cannot be opened or fails
    ///   a check, an entry's path is unsafe or a link, `config.json` is missing, or an entry fails its
    ///   CRC check.
    static func extract(_ url: URL, to destination: URL, limits: ZipLimits = .default) throws {
        let archive: ZipReader
        do { archive = try ZipReader(url: url, limits: limits) } catch var e as ScanPackageError {
            if e.kind == .corrupt { e.kind = .invalidZip }
            throw e
        }
        let entries = archive.entries
        for entry in entries {
            let path = entry.path
            if let reason = ScanPackageArchivePaths.unsafeReason(path) {
                throw ScanPackageError(
                    .unsafeZipEntry, file: "\(url.path) › \(path)",
                    problem: "entry escapes the package (\(reason)); nothing was extracted")
            }
            if entry.isSymbolicLink {
                throw ScanPackageError(
                    .unsafeZipEntry, file: "\(url.path) › \(path)",
                    problem: "symbolic links are not allowed; nothing was extracted")
            }
        }
        guard let prefix = ScanPackageArchivePaths.packagePrefix(entries.map(\.path)) else {
            throw ScanPackageError(
                .missingFile, file: "\(url.path) › config.json",
                problem: "required file is missing (neither at the zip's root nor under one top-level folder)")
        }
        for entry in entries where !entry.isDirectory && entry.path.hasPrefix(prefix) {
            let relative = String(entry.path.dropFirst(prefix.count))
            guard !relative.isEmpty else { continue }
            try archive.extract(entry, to: destination.appendingPathComponent(relative))
        }
    }
}
