import Foundation

/// Reads a zip archive without trusting it: the central directory and every local header are parsed
/// and checked against the archive before any data is read, and every read loop is bounded by sizes
/// already checked.
///
/// Opening checks: the end-of-central-directory record (ZIP64 too) lies inside the file and names
/// one disk; the central directory lies before it and holds exactly the declared number of entries
/// (at most `ZipLimits.maximumEntryCount`); each entry is unencrypted, stored or deflated, has a
/// UTF-8 name of bounded length that is unique, a local header whose name matches, and data that lies
/// inside the archive without overlapping another entry; a stored entry's sizes agree; a deflated
/// entry declares no more than deflate can produce (1,032× its data); and the entries together
/// declare no more than `ZipLimits.totalByteLimit(archiveByteCount:)`. Reading an entry then
/// stops at its declared size and checks its CRC-32.
///
/// Every failure is a `ScanPackageError` of kind `.invalidZip` naming the archive and the entry
/// (`zip › name`, or `zip › entry #N` before its name is known) and the byte offset.
final class ZipReader {
    /// The archive.
    let url: URL
    /// The archive's length, bytes.
    let byteCount: Int
    /// The entries, in central-directory order.
    let entries: [ZipEntry]
    /// The archive's file.
    let file: ScanFileHandle

    /// Signatures of the zip records.
    enum Signature {
        static let localHeader: UInt32 = 0x0403_4b50
        static let centralHeader: UInt32 = 0x0201_4b50
        static let endOfCentralDirectory: UInt32 = 0x0605_4b50
        static let zip64EndOfCentralDirectory: UInt32 = 0x0606_4b50
        static let zip64Locator: UInt32 = 0x0706_4b50
    }

    /// Fixed lengths of the zip records, bytes.
    enum RecordLength {
        static let localHeader = 30
        static let centralHeader = 46
        static let endOfCentralDirectory = 22
        static let zip64EndOfCentralDirectory = 56
        static let zip64Locator = 20
        static let maximumComment = 65535
    }

    /// The most bytes deflate can expand one input byte to (RFC 1951: 258 bytes per 2-bit code,
    /// 1,032:1 in the limit).
    static let maximumDeflateRatio = 1032

    /// Opens and checks the archive at `url`.
    /// - Throws: `ScanPackageError` (`.invalidZip`, `.missingFile` or `.io`) naming the archive, the
    ///   entry and the offset of the first problem.
    init(url: URL, limits: ZipLimits = .default) throws {
        self.url = url
        file = try ScanFileHandle.openForReading(url, displayName: url.path)
        byteCount = try file.size()
        let directory = try ZipReader.locateCentralDirectory(file: file, byteCount: byteCount, url: url)
        entries = try ZipReader.readEntries(
            file: file, byteCount: byteCount, directory: directory, limits: limits, url: url)
    }

    /// The entry at `path`, if any.
    func entry(_ path: String) -> ZipEntry? { entries.first { $0.path == path } }

    /// An error about the archive as a whole.
    static func failure(_ url: URL, offset: Int? = nil, _ problem: String) -> ScanPackageError {
        ScanPackageError(.invalidZip, file: url.path, offset: offset, problem: problem)
    }

    /// An error about one entry.
    static func failure(_ url: URL, entry: String, offset: Int? = nil, _ problem: String) -> ScanPackageError {
        ScanPackageError(.invalidZip, file: "\(url.path) › \(entry)", offset: offset, problem: problem)
    }

    /// Where the central directory lies, as its end record declares it.
    struct CentralDirectory {
        var offset: Int
        var byteCount: Int
        var entryCount: Int
        /// Where the end record(s) start: the central directory must end before.
        var end: Int
    }

    /// Finds and checks the end-of-central-directory record (and its ZIP64 form when used).
    static func locateCentralDirectory(file: ScanFileHandle, byteCount: Int, url: URL) throws -> CentralDirectory {
        guard byteCount >= RecordLength.endOfCentralDirectory else {
            throw failure(url, "cannot be opened as a zip: \(byteCount) bytes is too short for a zip (truncated or not a zip)")
        }
        let tailCount = min(
            byteCount, RecordLength.endOfCentralDirectory + RecordLength.maximumComment + RecordLength.zip64Locator)
        let tailStart = byteCount - tailCount
        let tail = ZipFieldReader(bytes: try file.readBytes(count: tailCount, at: tailStart))
        // The last signature whose comment fits in the file (bounded: at most 64 KiB positions).
        var found: Int?
        var p = tailCount - RecordLength.endOfCentralDirectory
        while p >= 0 {
            if tail.u32(p) == Signature.endOfCentralDirectory, let comment = tail.u16(p + 20),
                p + RecordLength.endOfCentralDirectory + Int(comment) <= tailCount
            {
                found = p
                break
            }
            p -= 1
        }
        guard let eocd = found else {
            throw failure(url, "cannot be opened as a zip: no end-of-central-directory record (truncated or not a zip)")
        }
        let eocdOffset = tailStart + eocd
        let disk = tail.u16(eocd + 4)!, cdDisk = tail.u16(eocd + 6)!
        var onDisk = UInt64(tail.u16(eocd + 8)!), total = UInt64(tail.u16(eocd + 10)!)
        var size = UInt64(tail.u32(eocd + 12)!), offset = UInt64(tail.u32(eocd + 16)!)
        var end = eocdOffset
        let usesZip64 = onDisk == 0xFFFF || total == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF
        if usesZip64, eocd >= RecordLength.zip64Locator,
            tail.u32(eocd - RecordLength.zip64Locator) == Signature.zip64Locator
        {
            let locator = eocd - RecordLength.zip64Locator
            let recordOffset = tail.u64(locator + 8)!
            let locatorOffset = eocdOffset - RecordLength.zip64Locator
            guard recordOffset <= UInt64(locatorOffset),
                UInt64(locatorOffset) - recordOffset >= UInt64(RecordLength.zip64EndOfCentralDirectory)
            else {
                throw failure(
                    url, offset: locatorOffset,
                    "cannot be opened as a zip: the ZIP64 end record's offset \(recordOffset) lies outside the archive")
            }
            let record = ZipFieldReader(
                bytes: try file.readBytes(count: RecordLength.zip64EndOfCentralDirectory, at: Int(recordOffset)))
            guard record.u32(0) == Signature.zip64EndOfCentralDirectory else {
                throw failure(
                    url, offset: Int(recordOffset), "cannot be opened as a zip: no ZIP64 end record where the locator says")
            }
            guard record.u32(16) == 0, record.u32(20) == 0 else {
                throw failure(url, offset: Int(recordOffset), "multi-disk zips are not supported")
            }
            onDisk = record.u64(24)!
            total = record.u64(32)!
            size = record.u64(40)!
            offset = record.u64(48)!
            end = Int(recordOffset)
        } else if disk != 0 || cdDisk != 0 {
            throw failure(url, offset: eocdOffset, "multi-disk zips are not supported")
        }
        guard onDisk == total else {
            throw failure(
                url, offset: eocdOffset,
                "the end record counts \(total) entries in all and \(onDisk) on this disk (multi-disk or corrupt)")
        }
        guard offset <= UInt64(end), size <= UInt64(end) - offset else {
            throw failure(
                url, offset: eocdOffset,
                "the central directory (\(size) bytes at offset \(offset)) does not lie inside the archive before its end record at \(end) (truncated or corrupt)"
            )
        }
        guard total <= UInt64(Int.max) else { throw failure(url, offset: eocdOffset, "entry count \(total) is impossible") }
        return CentralDirectory(offset: Int(offset), byteCount: Int(size), entryCount: Int(total), end: end)
    }
}
