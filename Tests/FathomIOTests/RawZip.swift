import Foundation

@testable import FathomIO

/// A zip built byte by byte, so tests can make every field lie (sizes, offsets, counts, names).
struct RawZip {
    /// One entry and the lies its headers tell.
    struct Entry {
        var name: String
        var data: [UInt8]
        /// Deflate (8) or store (0) the data; other values are written as is (with the data stored).
        var method: UInt16 = 8
        /// The uncompressed size written in the headers (default: the true size).
        var declaredSize: UInt32? = nil
        /// The local header offset written in the central directory (default: the true offset).
        var declaredOffset: UInt32? = nil
        /// The Unix mode written in the external attributes (e.g. a symbolic link).
        var unixMode: UInt32 = 0o100644
    }

    var entries: [Entry]
    /// The entry count written in the end record (default: the true count).
    var declaredCount: UInt16? = nil
    /// The central directory offset written in the end record (default: the true offset).
    var declaredDirectoryOffset: UInt32? = nil
    /// Write the ZIP64 forms: saturated sizes and offsets in the central directory with a ZIP64 extra
    /// field, a ZIP64 end record and its locator, and a saturated classic end record.
    var zip64 = false

    /// A minimal valid package: `config.json` and `arkitData.json`.
    static let packageFiles: [Entry] = [
        Entry(name: "config.json", data: Array(#"{"format":"fathom-scan","formatVersion":1}"#.utf8)),
        Entry(name: "arkitData.json", data: Array(#"{"frames":[]}"#.utf8), method: 0),
    ]

    /// Raw deflate of `bytes` (the zlib stream without its 2-byte header and 4-byte trailer).
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        let z = Zlib.compress(bytes, level: 9)
        return Array(z[2..<(z.count - 4)])
    }

    /// The archive's bytes.
    var bytes: [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for e in entries {
            let stored = e.method == 8 ? RawZip.deflate(e.data) : e.data
            let crc = e.data.withUnsafeBytes { Zlib.crc($0) }
            let size = e.declaredSize ?? UInt32(e.data.count)
            let offset = UInt32(out.count)
            let name = Array(e.name.utf8)
            out += RawZip.localRecord(e)
            let extra = zip64 ? le16(1) + le16(24) + le64(UInt64(size)) + le64(UInt64(stored.count))
                + le64(UInt64(e.declaredOffset ?? offset)) : []
            let saturated: UInt32 = 0xFFFF_FFFF
            central += le32(0x0201_4b50) + le16(0x031E) + le16(zip64 ? 45 : 20) + le16(0) + le16(e.method)
            central += le16(0) + le16(0) + le32(crc) + le32(zip64 ? saturated : UInt32(stored.count))
            central += le32(zip64 ? saturated : size) + le16(UInt16(name.count)) + le16(UInt16(extra.count))
            central += le16(0) + le16(0) + le16(0) + le32(e.unixMode << 16)
            central += le32(zip64 ? saturated : (e.declaredOffset ?? offset)) + name + extra
        }
        let directoryOffset = UInt32(out.count)
        out += central
        let count = declaredCount ?? UInt16(entries.count)
        if zip64 {
            let record = UInt64(out.count)
            out += le32(0x0606_4b50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0)
            out += le64(UInt64(count)) + le64(UInt64(count)) + le64(UInt64(central.count))
            out += le64(UInt64(declaredDirectoryOffset ?? directoryOffset))
            out += le32(0x0706_4b50) + le32(0) + le64(record) + le32(1)
            out += le32(0x0605_4b50) + le16(0) + le16(0) + le16(0xFFFF) + le16(0xFFFF)
            out += le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF) + le16(0)
            return out
        }
        out += le32(0x0605_4b50) + le16(0) + le16(0) + le16(count) + le16(count)
        out += le32(UInt32(central.count)) + le32(declaredDirectoryOffset ?? directoryOffset) + le16(0)
        return out
    }

    /// Writes the archive to `url`.
    func write(to url: URL) throws -> URL {
        try Data(bytes).write(to: url)
        return url
    }

    /// The local header and data of `e`, as `bytes` writes them.
    static func localRecord(_ e: Entry) -> [UInt8] {
        let stored = e.method == 8 ? RawZip.deflate(e.data) : e.data
        let crc = e.data.withUnsafeBytes { Zlib.crc($0) }
        let size = e.declaredSize ?? UInt32(e.data.count)
        let name = Array(e.name.utf8)
        var out = le32(0x0403_4b50) + le16(20) + le16(0) + le16(e.method) + le16(0) + le16(0)
        out += le32(crc) + le32(UInt32(stored.count)) + le32(size) + le16(UInt16(name.count)) + le16(0)
        return out + name + stored
    }
}

private func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
private func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
private func le64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8((v >> (8 * $0)) & 0xFF) } }
