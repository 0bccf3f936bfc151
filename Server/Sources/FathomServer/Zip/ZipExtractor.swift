import CServerZlib
import Foundation

/// Extracts the entries `ZipInspector` accepted, never trusting their sizes: an entry that expands
/// beyond its declared size, stops short of it, fails its CRC-32 or takes longer than the time limit
/// is refused. Memory stays bounded (one read chunk and one output chunk at a time).
public struct ZipExtractor: Sendable {
    /// The limits (the time limit is used here).
    public var limits: ZipLimits
    /// Bytes read and written at a time.
    static let chunkByteCount = 1 << 16

    /// An extractor with `limits`.
    public init(limits: ZipLimits = ZipLimits()) { self.limits = limits }

    /// Extracts `entries` of the zip at `url` into `destination` (created when missing).
    /// - Throws: `ZipRejection` naming the entry and the problem.
    public func extract(_ entries: [ZipEntry], of url: URL, to destination: URL) throws(ZipRejection) {
        let started = Date()
        let fm = FileManager.default
        let input: FileHandle
        do {
            try fm.createDirectory(at: destination, withIntermediateDirectories: true)
            input = try FileHandle(forReadingFrom: url)
        } catch { throw ZipRejection("the upload cannot be read") }
        defer { try? input.close() }
        for entry in entries {
            let target = destination.appendingPathComponent(entry.path)
            if entry.isDirectory {
                do { try fm.createDirectory(at: target, withIntermediateDirectories: true) } catch {
                    throw ZipRejection("entry '\(entry.path)': cannot create the folder")
                }
                continue
            }
            do {
                try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch { throw ZipRejection("entry '\(entry.path)': cannot create its folder") }
            guard fm.createFile(atPath: target.path, contents: nil) else {
                throw ZipRejection("entry '\(entry.path)': cannot create the file")
            }
            let output: FileHandle
            do { output = try FileHandle(forWritingTo: target) } catch {
                throw ZipRejection("entry '\(entry.path)': cannot write the file")
            }
            defer { try? output.close() }
            try extract(entry, from: input, to: output, started: started)
        }
    }

    /// Copies or inflates one entry, checking its size, CRC and the time limit.
    private func extract(_ entry: ZipEntry, from input: FileHandle, to output: FileHandle, started: Date)
        throws(ZipRejection)
    {
        do { try input.seek(toOffset: UInt64(entry.dataOffset)) } catch {
            throw ZipRejection("entry '\(entry.path)': cannot seek to its data")
        }
        var remaining = entry.compressedByteCount
        var written: Int64 = 0
        var crc: uLong = CServerZlib.crc32(0, nil, 0)
        let deadline = limits.maximumExtractionSeconds
        func emit(_ bytes: UnsafeBufferPointer<UInt8>) throws(ZipRejection) {
            written += Int64(bytes.count)
            guard written <= entry.uncompressedByteCount else {
                throw ZipRejection(
                    "entry '\(entry.path)' expands beyond its declared \(entry.uncompressedByteCount) bytes: a zip bomb?")
            }
            crc = CServerZlib.crc32(crc, bytes.baseAddress, uInt(bytes.count))
            do { try output.write(contentsOf: Data(bytes)) } catch {
                throw ZipRejection("entry '\(entry.path)': cannot write the extracted bytes")
            }
        }
        func nextChunk() throws(ZipRejection) -> [UInt8] {
            guard Date().timeIntervalSince(started) <= deadline else {
                throw ZipRejection("extraction took longer than \(Int(deadline)) s")
            }
            let count = Int(min(remaining, Int64(Self.chunkByteCount)))
            guard count > 0 else { return [] }
            let data: Data
            do { data = try input.read(upToCount: count) ?? Data() } catch {
                throw ZipRejection("entry '\(entry.path)': cannot read its data")
            }
            guard data.count == count else { throw ZipRejection("entry '\(entry.path)': truncated data") }
            remaining -= Int64(count)
            return [UInt8](data)
        }
        if entry.method == 0 {
            while remaining > 0 {
                let chunk = try nextChunk()
                try chunk.withUnsafeBufferPointer { (b) throws(ZipRejection) in try emit(b) }
            }
        } else {
            try inflate(entry, nextChunk: nextChunk, emit: emit)
        }
        guard written == entry.uncompressedByteCount else {
            throw ZipRejection(
                "entry '\(entry.path)' expands to \(written) bytes, not the declared \(entry.uncompressedByteCount)")
        }
        guard UInt32(truncatingIfNeeded: crc) == entry.crc32 else {
            throw ZipRejection("entry '\(entry.path)' fails its CRC-32 check (corrupt data)")
        }
    }

    /// Inflates a raw deflate stream chunk by chunk.
    private func inflate(
        _ entry: ZipEntry, nextChunk: () throws(ZipRejection) -> [UInt8],
        emit: (UnsafeBufferPointer<UInt8>) throws(ZipRejection) -> Void
    ) throws(ZipRejection) {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ZipRejection("entry '\(entry.path)': cannot start inflating")
        }
        defer { inflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Self.chunkByteCount)
        var finished = false
        while !finished {
            var chunk = try nextChunk()
            if chunk.isEmpty { throw ZipRejection("entry '\(entry.path)': its deflate stream ends early (truncated)") }
            let count = chunk.count
            try chunk.withUnsafeMutableBufferPointer { (input) throws(ZipRejection) in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(count)
                repeat {
                    let produced: Int
                    let status: Int32 = out.withUnsafeMutableBufferPointer { o in
                        stream.next_out = o.baseAddress
                        stream.avail_out = uInt(o.count)
                        return CServerZlib.inflate(&stream, Z_NO_FLUSH)
                    }
                    produced = out.count - Int(stream.avail_out)
                    if produced > 0 {
                        try out.withUnsafeBufferPointer { (o) throws(ZipRejection) in
                            try emit(UnsafeBufferPointer(rebasing: o[0..<produced]))
                        }
                    }
                    if status == Z_STREAM_END {
                        finished = true
                        return
                    }
                    guard status == Z_OK || status == Z_BUF_ERROR else {
                        throw ZipRejection("entry '\(entry.path)': corrupt deflate data (zlib \(status))")
                    }
                    if status == Z_BUF_ERROR && stream.avail_in == 0 { return }
                } while stream.avail_in > 0 || stream.avail_out == 0
            }
        }
    }
}
