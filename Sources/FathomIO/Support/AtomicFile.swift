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
        let temp = dir.appendingPathComponent(".\(url.lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard fm.createFile(atPath: temp.path, contents: nil) else {
            throw FileWriteError(url: url, problem: "cannot create temporary file \(temp.path)")
        }
        do {
            let handle = try FileHandle(forWritingTo: temp)
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
            if rename(temp.path, url.path) != 0 {
                throw FileWriteError(url: url, problem: "rename failed: \(String(cString: strerror(errno)))")
            }
        } catch let e as FileWriteError {
            try? fm.removeItem(at: temp)
            throw e
        } catch {
            try? fm.removeItem(at: temp)
            throw FileWriteError(url: url, problem: error.localizedDescription)
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
