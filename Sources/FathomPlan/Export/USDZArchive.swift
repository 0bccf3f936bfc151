import Foundation

/// A USDZ package: an uncompressed ("stored") zip archive whose every file's data starts at a
/// multiple of 64 bytes from the start of the archive, as the USDZ specification asks.
///
/// The first file is the package's default layer. Alignment comes from padding in each local
/// header's extra field (id `0x1986`, as USD's own writer does); file times are fixed at
/// 1980-01-01 so that equal inputs give byte-identical archives. (ZIPFoundation cannot pad
/// entries to an alignment, hence this small writer.)
public enum USDZArchive {
    /// The alignment of file data, bytes.
    public static let alignment = 64
    /// The extra-field id used for padding.
    static let paddingFieldID: UInt16 = 0x1986
    /// Largest archive this writer makes (no zip64), bytes.
    static let maximumSize = Int(UInt32.max)

    /// The archive holding `files` (name and contents), in order.
    /// - Precondition: names are non-empty, unique, at most 65 535 bytes, and the archive stays
    ///   under 4 GiB (plans are kilobytes).
    public static func data(files: [(name: String, contents: Data)]) -> Data {
        precondition(Set(files.map(\.name)).count == files.count, "USDZ file names must be unique")
        var out = Data()
        var central = Data()
        for file in files {
            let name = Array(file.name.utf8)
            precondition(!name.isEmpty && name.count <= Int(UInt16.max), "bad USDZ file name \"\(file.name)\"")
            let offset = out.count
            let headerEnd = offset + 30 + name.count + 4
            let padding = (alignment - headerEnd % alignment) % alignment
            let crc = crc32(file.contents)
            let size = UInt32(file.contents.count)
            out.append(le32(0x0403_4B50))
            out.append(le16(10))  // version needed: 1.0 (stored)
            out.append(le16(0))  // flags
            out.append(le16(0))  // method: stored
            out.append(le16(0))  // time 00:00
            out.append(le16(0x21))  // date 1980-01-01
            out.append(le32(crc))
            out.append(le32(size))
            out.append(le32(size))
            out.append(le16(UInt16(name.count)))
            out.append(le16(UInt16(4 + padding)))
            out.append(contentsOf: name)
            out.append(le16(paddingFieldID))
            out.append(le16(UInt16(padding)))
            out.append(Data(count: padding))
            precondition(out.count % alignment == 0, "USDZ data misaligned")
            out.append(file.contents)

            central.append(le32(0x0201_4B50))
            central.append(le16(0x031E))  // made by: Unix, spec 3.0
            central.append(le16(10))
            central.append(le16(0))
            central.append(le16(0))
            central.append(le16(0))
            central.append(le16(0x21))
            central.append(le32(crc))
            central.append(le32(size))
            central.append(le32(size))
            central.append(le16(UInt16(name.count)))
            central.append(le16(0))  // extra
            central.append(le16(0))  // comment
            central.append(le16(0))  // disk
            central.append(le16(0))  // internal attributes
            central.append(le32(0o100644 << 16))  // external attributes: regular file, rw-r--r--
            central.append(le32(UInt32(offset)))
            central.append(contentsOf: name)
        }
        let centralOffset = out.count
        out.append(central)
        out.append(le32(0x0605_4B50))
        out.append(le16(0))
        out.append(le16(0))
        out.append(le16(UInt16(files.count)))
        out.append(le16(UInt16(files.count)))
        out.append(le32(UInt32(central.count)))
        out.append(le32(UInt32(centralOffset)))
        out.append(le16(0))
        precondition(out.count <= maximumSize, "USDZ archive over 4 GiB")
        return out
    }

    /// CRC-32 (ISO-HDLC, as zip uses) of `data`.
    public static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func le16(_ v: UInt16) -> Data { Data([UInt8(v & 0xFF), UInt8(v >> 8)]) }
    static func le32(_ v: UInt32) -> Data { Data((0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }) }
}
