import Foundation

extension ZipReader {
    /// Bytes read from the archive, and handed to a consumer, at a time.
    static let chunkByteCount = 1 << 20

    /// Decompresses `entry`, handing its data to `consumer` in pieces of at most `chunkByteCount`
    /// bytes, and checks its length and CRC-32 against the central directory.
    ///
    /// Every loop is bounded: each step consumes input or produces output, input stops at the stored
    /// size, and output stops one byte past the declared size.
    /// - Throws: `ScanPackageError` (`.invalidZip`) naming the archive and the entry when the data is
    ///   corrupt, shorter or longer than declared, or fails its CRC-32; or what `consumer` throws.
    func read(_ entry: ZipEntry, consumer: (UnsafeRawBufferPointer) throws -> Void) throws {
        var checksum: UInt32 = 0
        var produced = 0
        switch entry.method {
        case .stored:
            var buffer = [UInt8](repeating: 0, count: min(ZipReader.chunkByteCount, entry.compressedByteCount))
            while produced < entry.compressedByteCount {
                let n = min(buffer.count, entry.compressedByteCount - produced)
                try buffer.withUnsafeMutableBytes { b in
                    let piece = UnsafeMutableRawBufferPointer(rebasing: b[0..<n])
                    try file.read(into: piece, at: entry.dataOffset + produced)
                    let view = UnsafeRawBufferPointer(piece)
                    checksum = Zlib.crc(view, continuing: checksum)
                    try consumer(view)
                }
                produced += n
            }
        case .deflated:
            produced = try inflate(entry, checksum: &checksum, consumer: consumer)
        }
        guard produced == entry.uncompressedByteCount else {
            throw ZipReader.failure(
                url, entry: entry.path, offset: entry.dataOffset,
                "data holds \(produced) bytes, the central directory says \(entry.uncompressedByteCount)")
        }
        guard checksum == entry.checksum else {
            throw ZipReader.failure(
                url, entry: entry.path, offset: entry.dataOffset,
                "CRC-32 of the data is \(hex(checksum)), the central directory says \(hex(entry.checksum))")
        }
    }

    /// Extracts `entry` to a new file at `destination` (creating its folder).
    /// - Throws: `ScanPackageError` as `read(_:consumer:)` does, or `.io` when the file cannot be written.
    func extract(_ entry: ZipEntry, to destination: URL) throws {
        let folder = destination.deletingLastPathComponent()
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw ScanPackageError(.io, url: folder, problem: "cannot create: \(error.localizedDescription)")
        }
        let out = try ScanFileHandle.create(destination, displayName: destination.path)
        defer { out.close() }
        try read(entry) { try out.write($0) }
    }

    /// Inflates a deflated entry; returns the bytes produced (at most one more than declared).
    private func inflate(
        _ entry: ZipEntry, checksum: inout UInt32, consumer: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        // Some writers store an empty file as deflated with no data at all.
        if entry.compressedByteCount == 0 && entry.uncompressedByteCount == 0 { return 0 }
        let inflater: ZipInflater
        do { inflater = try ZipInflater() } catch { throw corrupt(entry, error) }
        var input = [UInt8](repeating: 0, count: max(1, min(ZipReader.chunkByteCount, entry.compressedByteCount)))
        var output = [UInt8](repeating: 0, count: min(ZipReader.chunkByteCount, entry.uncompressedByteCount + 1))
        var read = 0, inputStart = 0, inputEnd = 0, produced = 0
        while true {
            if inputStart == inputEnd && read < entry.compressedByteCount {
                let n = min(input.count, entry.compressedByteCount - read)
                try input.withUnsafeMutableBytes { b in
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: b[0..<n]), at: entry.dataOffset + read)
                }
                read += n
                inputStart = 0
                inputEnd = n
            }
            // Room for one byte past the declared size, to notice data longer than declared.
            let room = min(output.count, entry.uncompressedByteCount + 1 - produced)
            let step: ZipInflater.Step
            do {
                step = try input.withUnsafeBytes { i in
                    try output.withUnsafeMutableBytes { o in
                        try inflater.inflate(
                            UnsafeRawBufferPointer(rebasing: i[inputStart..<inputEnd]),
                            into: UnsafeMutableRawBufferPointer(rebasing: o[0..<room]))
                    }
                }
            } catch let e as Zlib.InflateError { throw corrupt(entry, e) }
            inputStart += step.consumed
            if step.produced > 0 {
                produced += step.produced
                if produced > entry.uncompressedByteCount {
                    throw ZipReader.failure(
                        url, entry: entry.path, offset: entry.dataOffset,
                        "data inflates to more than the \(entry.uncompressedByteCount) bytes the central directory says")
                }
                try output.withUnsafeBytes { o in
                    let view = UnsafeRawBufferPointer(rebasing: o[0..<step.produced])
                    checksum = Zlib.crc(view, continuing: checksum)
                    try consumer(view)
                }
            }
            if step.finished { return produced }
            if step.consumed == 0 && step.produced == 0 && (inputStart < inputEnd || read == entry.compressedByteCount) {
                throw ZipReader.failure(
                    url, entry: entry.path, offset: entry.dataOffset,
                    "deflate data ends after \(produced) of \(entry.uncompressedByteCount) bytes (truncated or corrupt)")
            }
        }
    }

    private func corrupt(_ entry: ZipEntry, _ error: Zlib.InflateError) -> ScanPackageError {
        let message: String
        switch error {
        case .corrupt(let m): message = m
        case .ended(let n): message = "ended after \(n) bytes"
        }
        return ZipReader.failure(url, entry: entry.path, offset: entry.dataOffset, "deflate data is corrupt: \(message)")
    }

    private func hex(_ v: UInt32) -> String { "0x" + String(v, radix: 16, uppercase: false) }
}
