import FathomCore
import FathomIO
import Foundation

extension AnchorStore {
    /// The format marker written in every anchor store file.
    public static let formatName = "fathom-anchors"
    /// The format version this type writes and the highest it reads.
    public static let formatVersion = 1

    /// The JSON form.
    private struct File: Codable {
        var format: String
        var formatVersion: Int
        /// Seconds since 1970.
        var savedAt: Double
        var anchors: [Anchor]
    }

    /// Only the marker and version, read first so that a newer file gets a version error rather than a
    /// decoding error about a field this build does not know.
    private struct Header: Decodable {
        var format: String?
        var formatVersion: Int?
    }

    /// Reads a store saved by `write(to:savedAt:)`, checking its format marker, version and contents.
    /// The anchors come back live, oldest first (newest `capacity` kept); nothing can be undone.
    /// - Throws: `AnchorStoreError` naming the file and the problem (`.missingFile` when there is no
    ///   file, e.g. on an app's first launch).
    public init(contentsOf url: URL, configuration: AnchorStoreConfiguration = AnchorStoreConfiguration()) throws {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else {
            throw AnchorStoreError(.missingFile, file: path, problem: "no anchor store at this path")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw AnchorStoreError(.unreadable, file: path, problem: "cannot read the file (\(error.localizedDescription))")
        }
        let header: Header
        do { header = try JSONDecoder().decode(Header.self, from: data) } catch {
            throw AnchorStoreError(
                .notAnAnchorStore, file: path, problem: "not an anchor store: not a complete JSON object (\(data.count) bytes)")
        }
        guard header.format == Self.formatName else {
            throw AnchorStoreError(
                .notAnAnchorStore, file: path,
                problem: "format is \(header.format.map { "\"\($0)\"" } ?? "missing"), expected \"\(Self.formatName)\"")
        }
        guard let version = header.formatVersion, version >= 1, version <= Self.formatVersion else {
            throw AnchorStoreError(
                .unsupportedVersion, file: path,
                problem: "formatVersion \(header.formatVersion.map(String.init) ?? "missing") is not supported (this build reads 1…\(Self.formatVersion))")
        }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: data) } catch {
            throw AnchorStoreError(.corrupt, file: path, problem: "invalid anchor store contents (\(error))")
        }
        var seen = Set<UUID>()
        for a in file.anchors where !seen.insert(a.id).inserted {
            throw AnchorStoreError(.corrupt, file: path, problem: "anchor \(a.id) appears twice")
        }
        self.init(configuration: configuration, anchors: file.anchors)
    }

    /// The store as JSON bytes: the live anchors (fading ones are on their way out and are not kept).
    public func jsonData(savedAt: Date = Date()) throws -> Data {
        let file = File(
            format: Self.formatName, formatVersion: Self.formatVersion, savedAt: savedAt.timeIntervalSince1970,
            anchors: liveAnchors)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(file)
    }

    /// Saves the live anchors atomically (temporary file, fsync, rename: a crash at any moment leaves
    /// the previous file or the new one, never a mix), then deletes temporary files left beside it by
    /// saves that a crash interrupted.
    /// - Throws: `FileWriteError` naming the file.
    public func write(to url: URL, savedAt: Date = Date()) throws {
        let data: Data
        do { data = try jsonData(savedAt: savedAt) } catch {
            throw FileWriteError(url: url, problem: "cannot encode the anchors (\(error))")
        }
        try Self.writeAtomically(data, to: url)
    }

    /// Writes `data` with `AtomicFile`, then removes stale temporary files of earlier interrupted saves
    /// (`removeStaleTemporaryFiles(besides:)`). The default writer of `AnchorAutoSaver`.
    /// - Throws: `FileWriteError` naming the file.
    public static func writeAtomically(_ data: Data, to url: URL) throws {
        try AtomicFile.write(data, to: url)
        removeStaleTemporaryFiles(besides: url)
    }

    /// Deletes the temporary files an interrupted atomic save of `url` left behind (`.<name>.*.tmp` in
    /// its directory, `AtomicFile`'s naming); `WorldMap.write(to:)` calls it too. Only one process may
    /// save a given file at a time: this would delete a concurrent writer's temporary file.
    /// - Returns: the number of files deleted.
    @discardableResult
    public static func removeStaleTemporaryFiles(besides url: URL) -> Int {
        let dir = url.deletingLastPathComponent(), prefix = ".\(url.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return 0 }
        var removed = 0
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            if (try? FileManager.default.removeItem(at: dir.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }
}
