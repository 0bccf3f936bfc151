import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A POSIX file descriptor with positional reads and writes, for the binary streams: no buffering,
/// no allocation per call, errors as `ScanPackageError` naming the file.
final class ScanFileHandle {
    /// The file's descriptor; −1 once closed.
    private(set) var fd: Int32
    /// How errors name the file.
    let displayName: String

    private init(fd: Int32, displayName: String) {
        self.fd = fd
        self.displayName = displayName
    }

    deinit { close() }

    /// Opens an existing file for reading.
    static func openForReading(_ url: URL, displayName: String) throws -> ScanFileHandle {
        try open(url, flags: O_RDONLY, displayName: displayName)
    }

    /// Opens an existing file for reading and writing (repair).
    static func openForUpdate(_ url: URL, displayName: String) throws -> ScanFileHandle {
        try open(url, flags: O_RDWR, displayName: displayName)
    }

    /// Creates a new file (failing if it exists) for writing.
    static func create(_ url: URL, displayName: String) throws -> ScanFileHandle {
        try open(url, flags: O_WRONLY | O_CREAT | O_EXCL, displayName: displayName)
    }

    /// Opens a file for appending, creating it if needed.
    static func openForAppending(_ url: URL, displayName: String) throws -> ScanFileHandle {
        try open(url, flags: O_WRONLY | O_CREAT | O_APPEND, displayName: displayName)
    }

    private static func open(_ url: URL, flags: Int32, displayName: String) throws -> ScanFileHandle {
        let fd = url.withUnsafeFileSystemRepresentation { path -> Int32 in
            guard let path else { return -1 }
            #if canImport(Glibc)
                return Glibc.open(path, flags | O_CLOEXEC, 0o644)
            #else
                return Darwin.open(path, flags | O_CLOEXEC, 0o644)
            #endif
        }
        guard fd >= 0 else {
            let code = errno
            throw ScanPackageError(
                code == ENOENT ? .missingFile : .io, file: displayName,
                problem: "cannot open: \(String(cString: strerror(code)))")
        }
        return ScanFileHandle(fd: fd, displayName: displayName)
    }

    /// The file's length, bytes.
    func size() throws -> Int {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw ioError("cannot stat") }
        return Int(st.st_size)
    }

    /// Reads exactly `buffer.count` bytes at `offset`.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws {
        var done = 0
        while done < buffer.count {
            let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw ioError("read failed", offset: offset + done)
            }
            if n == 0 {
                throw ScanPackageError(
                    .corrupt, file: displayName, offset: offset + done,
                    problem: "unexpected end of file (needed \(buffer.count - done) more bytes)")
            }
            done += n
        }
    }

    /// Reads `count` bytes at `offset`.
    func readBytes(count: Int, at offset: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        try bytes.withUnsafeMutableBytes { try read(into: $0, at: offset) }
        return bytes
    }

    /// Writes all of `buffer` at the current position.
    func write(_ buffer: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < buffer.count {
            #if canImport(Glibc)
                let n = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
            #else
                let n = Darwin.write(fd, buffer.baseAddress! + done, buffer.count - done)
            #endif
            if n < 0 {
                if errno == EINTR { continue }
                throw ioError("write failed")
            }
            done += n
        }
    }

    /// Writes all of `buffer` at `offset` (the current position is unchanged).
    func write(_ buffer: UnsafeRawBufferPointer, at offset: Int) throws {
        var done = 0
        while done < buffer.count {
            let n = pwrite(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw ioError("write failed", offset: offset + done)
            }
            done += n
        }
    }

    /// Moves the current position to the end of the file.
    func seekToEnd() throws {
        guard lseek(fd, 0, SEEK_END) >= 0 else { throw ioError("cannot seek") }
    }

    /// Cuts the file to `length` bytes.
    func truncate(to length: Int) throws {
        guard ftruncate(fd, off_t(length)) == 0 else { throw ioError("cannot truncate to \(length) bytes") }
    }

    /// Flushes the file's data to the storage device.
    func synchronize() throws {
        guard fsync(fd) == 0 else { throw ioError("fsync failed") }
    }

    /// Closes the descriptor (idempotent).
    func close() {
        if fd >= 0 {
            #if canImport(Glibc)
                _ = Glibc.close(fd)
            #else
                _ = Darwin.close(fd)
            #endif
            fd = -1
        }
    }

    private func ioError(_ what: String, offset: Int? = nil) -> ScanPackageError {
        ScanPackageError(
            .io, file: displayName, offset: offset, problem: "\(what): \(String(cString: strerror(errno)))")
    }
}
