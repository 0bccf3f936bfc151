/// Little-endian fields of a zip record held in memory, every read bounds-checked.
struct ZipFieldReader {
    /// The record's bytes.
    let bytes: [UInt8]

    /// Whether `count` bytes from `offset` lie inside the record.
    func contains(_ offset: Int, count: Int) -> Bool {
        offset >= 0 && count >= 0 && offset <= bytes.count && count <= bytes.count - offset
    }

    /// The unsigned 16-bit field at `offset`, or `nil` past the end.
    func u16(_ offset: Int) -> UInt16? {
        guard contains(offset, count: 2) else { return nil }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    /// The unsigned 32-bit field at `offset`, or `nil` past the end.
    func u32(_ offset: Int) -> UInt32? {
        guard contains(offset, count: 4) else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 { v |= UInt32(bytes[offset + k]) << (8 * k) }
        return v
    }

    /// The unsigned 64-bit field at `offset`, or `nil` past the end.
    func u64(_ offset: Int) -> UInt64? {
        guard contains(offset, count: 8) else { return nil }
        var v: UInt64 = 0
        for k in 0..<8 { v |= UInt64(bytes[offset + k]) << (8 * k) }
        return v
    }

    /// `count` bytes from `offset`, or `nil` past the end.
    func slice(_ offset: Int, count: Int) -> ArraySlice<UInt8>? {
        guard contains(offset, count: count) else { return nil }
        return bytes[offset..<(offset + count)]
    }
}
