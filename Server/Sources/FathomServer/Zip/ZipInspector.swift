import Fathom
import Foundation

/// Reads and checks a zip's central directory without trusting it: every entry's local header must
/// agree with the directory, every entry's data must lie inside the file before the directory and no
/// two entries may share bytes (the overlapping-entry zip bomb), paths must stay inside the package,
/// and the entry count, expanded size and expansion ratio must respect `ZipLimits`.
///
/// Only what a scan package needs is accepted: stored or deflated entries, no encryption, no zip64,
/// no symbolic links. Nothing is extracted here (see `ZipExtractor`).
public struct ZipInspector: Sendable {
    /// The limits checked.
    public var limits: ZipLimits

    /// An inspector with `limits`.
    public init(limits: ZipLimits = ZipLimits()) { self.limits = limits }

    /// The end-of-central-directory record's size without its comment, bytes.
    static let endRecordByteCount = 22
    /// Largest zip comment, bytes.
    static let maximumCommentByteCount = 65_535
    /// A central directory header's fixed part, bytes.
    static let centralHeaderByteCount = 46
    /// A local file header's fixed part, bytes.
    static let localHeaderByteCount = 30
    /// Largest central directory read, bytes.
    static let maximumCentralDirectoryByteCount = 64 << 20

    /// The checked entries of the zip at `url`, in directory order.
    /// - Throws: `ZipRejection` naming the entry and the problem.
    public func entries(of url: URL) throws(ZipRejection) -> [ZipEntry] {
        let file: FileHandle
        do { file = try FileHandle(forReadingFrom: url) } catch { throw ZipRejection("the upload cannot be read") }
        defer { try? file.close() }
        let fileSize: Int64
        do { fileSize = Int64(try file.seekToEnd()) } catch { throw ZipRejection("the upload cannot be read") }
        guard fileSize >= Int64(Self.endRecordByteCount) else {
            throw ZipRejection("not a zip: \(fileSize) bytes, shorter than a zip's end record")
        }
        let tailLength = Int(min(fileSize, Int64(Self.endRecordByteCount + Self.maximumCommentByteCount)))
        let tail = try read(file, at: fileSize - Int64(tailLength), count: tailLength)
        // The end record: the last signature whose comment length reaches exactly the end of the file.
        var endIndex: Int?
        var i = tail.count - Self.endRecordByteCount
        while i >= 0 {
            if tail.u32(i) == 0x0605_4b50, i + Self.endRecordByteCount + Int(tail.u16(i + 20)) == tail.count {
                endIndex = i
                break
            }
            i -= 1
        }
        guard let e = endIndex else {
            throw ZipRejection("not a zip or truncated: no end-of-central-directory record at the end of the file")
        }
        let endOffset = fileSize - Int64(tailLength) + Int64(e)
        let disk = tail.u16(e + 4), directoryDisk = tail.u16(e + 6)
        let entriesOnDisk = Int(tail.u16(e + 8)), entryCount = Int(tail.u16(e + 10))
        let directorySize = Int64(tail.u32(e + 12)), directoryOffset = Int64(tail.u32(e + 16))
        guard disk == 0, directoryDisk == 0, entriesOnDisk == entryCount else {
            throw ZipRejection("multi-part (spanned) zips are not accepted")
        }
        if entryCount == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            throw ZipRejection("zip64 archives are not accepted")
        }
        guard entryCount <= limits.maximumEntryCount else {
            throw ZipRejection("\(entryCount) entries, more than the limit of \(limits.maximumEntryCount)")
        }
        guard directoryOffset + directorySize == endOffset else {
            throw ZipRejection(
                "truncated or corrupt zip: the central directory (offset \(directoryOffset), \(directorySize) bytes) does not end at the end record (offset \(endOffset))"
            )
        }
        guard directorySize <= Int64(Self.maximumCentralDirectoryByteCount) else {
            throw ZipRejection("central directory of \(directorySize) bytes is too large")
        }
        let directory = try read(file, at: directoryOffset, count: Int(directorySize))
        var entries: [ZipEntry] = []
        entries.reserveCapacity(entryCount)
        var p = 0
        var seenPaths = Set<String>()
        for index in 0..<entryCount {
            guard p + Self.centralHeaderByteCount <= directory.count, directory.u32(p) == 0x0201_4b50 else {
                throw ZipRejection("corrupt central directory: entry \(index + 1) of \(entryCount) has no valid header")
            }
            let madeBy = directory.u16(p + 4) >> 8
            let flags = directory.u16(p + 8)
            let method = directory.u16(p + 10)
            let crc = directory.u32(p + 16)
            let compressed = Int64(directory.u32(p + 20)), uncompressed = Int64(directory.u32(p + 24))
            let nameLength = Int(directory.u16(p + 28)), extraLength = Int(directory.u16(p + 30))
            let commentLength = Int(directory.u16(p + 32))
            let external = directory.u32(p + 38)
            let localOffset = Int64(directory.u32(p + 42))
            let next = p + Self.centralHeaderByteCount + nameLength + extraLength + commentLength
            guard next <= directory.count else {
                throw ZipRejection("corrupt central directory: entry \(index + 1) runs past the directory")
            }
            let nameBytes = directory[(p + Self.centralHeaderByteCount)..<(p + Self.centralHeaderByteCount + nameLength)]
            guard let path = String(bytes: nameBytes, encoding: .utf8) else {
                throw ZipRejection("entry \(index + 1): its name is not UTF-8")
            }
            p = next
            if let reason = ScanPackageArchivePaths.unsafeReason(path) { throw ZipRejection("entry '\(path)': unsafe path (\(reason))") }
            guard seenPaths.insert(path).inserted else { throw ZipRejection("entry '\(path)' appears twice") }
            if flags & 1 != 0 { throw ZipRejection("entry '\(path)' is encrypted") }
            if madeBy == 3, (external >> 16) & 0o170000 == 0o120000 {
                throw ZipRejection("entry '\(path)' is a symbolic link")
            }
            guard method == 0 || method == 8 else {
                throw ZipRejection("entry '\(path)': compression method \(method) is not accepted (stored or deflate only)")
            }
            if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF {
                throw ZipRejection("entry '\(path)': zip64 sizes are not accepted")
            }
            if method == 0, compressed != uncompressed {
                throw ZipRejection("entry '\(path)': stored but its sizes differ (\(compressed) vs \(uncompressed) bytes)")
            }
            if uncompressed >= limits.ratioCheckedEntryByteCount,
                Double(uncompressed) > limits.maximumExpansionRatio * Double(max(compressed, 1))
            {
                throw ZipRejection(
                    "entry '\(path)' expands \(compressed) bytes to \(uncompressed) (ratio over \(Int(limits.maximumExpansionRatio)):1): a zip bomb?"
                )
            }
            // The local header must agree with the directory.
            guard localOffset + Int64(Self.localHeaderByteCount) <= directoryOffset else {
                throw ZipRejection("entry '\(path)': its local header lies outside the file's data")
            }
            let local = try read(file, at: localOffset, count: Self.localHeaderByteCount)
            guard local.u32(0) == 0x0403_4b50 else {
                throw ZipRejection("entry '\(path)': no local header at offset \(localOffset)")
            }
            let localFlags = local.u16(6), localMethod = local.u16(8)
            let localNameLength = Int64(local.u16(26)), localExtraLength = Int64(local.u16(28))
            guard localMethod == method, localNameLength == Int64(nameLength) else {
                throw ZipRejection("entry '\(path)': its local header disagrees with the central directory")
            }
            if localFlags & 8 == 0 {
                let localCRC = local.u32(14)
                let lc = Int64(local.u32(18)), lu = Int64(local.u32(22))
                guard localCRC == crc, lc == compressed, lu == uncompressed else {
                    throw ZipRejection(
                        "entry '\(path)': its local header's sizes (\(lc), \(lu)) disagree with the central directory's (\(compressed), \(uncompressed))"
                    )
                }
            }
            let dataOffset = localOffset + Int64(Self.localHeaderByteCount) + localNameLength + localExtraLength
            guard dataOffset + compressed <= directoryOffset else {
                throw ZipRejection(
                    "entry '\(path)': its \(compressed) stored bytes run past the data (truncated or lying sizes)")
            }
            entries.append(
                ZipEntry(
                    path: path, method: method, crc32: crc, compressedByteCount: compressed,
                    uncompressedByteCount: uncompressed, dataOffset: dataOffset))
        }
        // No two entries may share stored bytes.
        let byOffset = entries.sorted { $0.dataOffset < $1.dataOffset }
        for (a, b) in zip(byOffset, byOffset.dropFirst())
        where a.dataOffset + a.compressedByteCount + Int64(Self.localHeaderByteCount) > b.dataOffset {
            throw ZipRejection("entries '\(a.path)' and '\(b.path)' overlap: a zip bomb?")
        }
        let totalUncompressed = entries.reduce(Int64(0)) { $0 + $1.uncompressedByteCount }
        let totalCompressed = entries.reduce(Int64(0)) { $0 + $1.compressedByteCount }
        guard totalUncompressed <= limits.maximumUncompressedByteCount else {
            throw ZipRejection(
                "the entries expand to \(totalUncompressed) bytes, more than the limit of \(limits.maximumUncompressedByteCount)")
        }
        if totalUncompressed >= limits.ratioCheckedEntryByteCount,
            Double(totalUncompressed) > limits.maximumExpansionRatio * Double(max(totalCompressed, 1))
        {
            throw ZipRejection(
                "the archive expands \(totalCompressed) bytes to \(totalUncompressed) (ratio over \(Int(limits.maximumExpansionRatio)):1): a zip bomb?"
            )
        }
        return entries
    }

    /// `count` bytes at `offset`, or a rejection when the file is shorter.
    private func read(_ file: FileHandle, at offset: Int64, count: Int) throws(ZipRejection) -> [UInt8] {
        do {
            try file.seek(toOffset: UInt64(offset))
            let data = try file.read(upToCount: count) ?? Data()
            guard data.count == count else { throw ZipRejection("truncated zip: \(count) bytes expected at offset \(offset)") }
            return [UInt8](data)
        } catch let rejection as ZipRejection {
            throw rejection
        } catch {
            throw ZipRejection("the upload cannot be read at offset \(offset)")
        }
    }
}

extension [UInt8] {
    /// The little-endian 16-bit value at `i`.
    func u16(_ i: Int) -> UInt16 { UInt16(self[i]) | UInt16(self[i + 1]) << 8 }
    /// The little-endian 32-bit value at `i`.
    func u32(_ i: Int) -> UInt32 {
        UInt32(self[i]) | UInt32(self[i + 1]) << 8 | UInt32(self[i + 2]) << 16 | UInt32(self[i + 3]) << 24
    }
}
