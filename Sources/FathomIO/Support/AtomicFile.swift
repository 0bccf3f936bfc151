import Foundation

/// Atomic replacement of a file's contents: the data goes to a temporary file beside the target,
/// is flushed to disk, and is renamed over the target. A reader sees the old file or the new one,
/// never a half-written one, even if the process dies mid-write.
public enum AtomicFile {
    /// Writes `data` to `url` atomically, creating the parent directory if needed.
    /// - Throws: `FileWriteError` naming the file and the problem.
    public static func write(_ data: Data, to url: URL) throws {
        let fm = FileManager.default
        let dir = url.deletingLastPathComponent()
        do {
            try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        } catch {
            throw FileWriteError(url: url, problem: "cannot create directory \(dir.path): \(error.localizedDescription)")
        }
        // The temporary file is created with open(2) (O_EXCL) rather than FileManager.createFile, which
        // writes through a hidden temporary file of its own: a process killed mid-call would leave that
        // one behind under a name nobody cleans up.
        var temp = dir
        var fd: Int32 = -1
        for _ in 0..<8 where fd < 0 {
            temp = dir.appendingPathComponent(".\(url.lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).tmp")
            fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd < 0 && errno != EEXIST { break }
        }
        guard fd >= 0 else {
            throw FileWriteError(url: url, problem: "cannot create temporary file \(temp.path): \(String(cString: strerror(errno)))")
        }
        func fail(_ problem: String) -> FileWriteError {
            close(fd)
            unlink(temp.path)
            return FileWriteError(url: url, problem: problem)
        }
        let written: Bool = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
        guard written else { throw fail("write failed: \(String(cString: strerror(errno)))") }
        guard fsync(fd) == 0 else { throw fail("fsync failed: \(String(cString: strerror(errno)))") }
        guard close(fd) == 0 else {
            unlink(temp.path)
            throw FileWriteError(url: url, problem: "close failed: \(String(cString: strerror(errno)))")
        }
        guard rename(temp.path, url.path) == 0 else {
            let problem = "rename failed: \(String(cString: strerror(errno)))"
            unlink(temp.path)
            throw FileWriteError(url: url, problem: problem)
        }
        // Make the rename itself durable.
        let dirFD = open(dir.path, O_RDONLY | O_CLOEXEC)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }

    /// Encodes `value` as pretty-printed JSON with sorted keys and writes it atomically.
    public static func writeJSON<T: Encodable>(_ value: T, to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do { data = try encoder.encode(value) } catch {
            throw FileWriteError(url: url, problem: "cannot encode JSON: \(error)")
        }
        try write(data, to: url)
    }
}

/// A file could not be written.
public struct FileWriteError: Error, CustomStringConvertible, Equatable {
    /// The file that was being written.
    public var url: URL
    /// What went wrong.
    public var problem: String

    /// Creates an error.
    public init(url: URL, problem: String) {
        self.url = url
        self.problem = problem
    }

    public var description: String { "\(url.path): \(problem)" }
}
