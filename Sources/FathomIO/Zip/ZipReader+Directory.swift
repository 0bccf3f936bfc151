import Foundation

extension ZipReader {
    /// Parses and checks the central directory's entries and their local headers.
    static func readEntries(
        file: ScanFileHandle, byteCount: Int, directory: CentralDirectory, limits: ZipLimits, url: URL
    ) throws -> [ZipEntry] {
        let count = directory.entryCount
        guard count <= limits.maximumEntryCount else {
            throw failure(url, "declares \(count) entries, more than the \(limits.maximumEntryCount) allowed")
        }
        // Each entry needs at least a fixed-length header: a count that cannot fit is a lie.
        guard count <= directory.byteCount / RecordLength.centralHeader else {
            throw failure(
                url, offset: directory.offset,
                "declares \(count) entries but its central directory has only \(directory.byteCount) bytes (room for \(directory.byteCount / RecordLength.centralHeader))"
            )
        }
        guard directory.byteCount <= limits.maximumDirectoryByteCount else {
            throw failure(
                url, offset: directory.offset,
                "central directory of \(directory.byteCount) bytes is larger than the \(limits.maximumDirectoryByteCount) allowed")
        }
        let cd = ZipFieldReader(bytes: try file.readBytes(count: directory.byteCount, at: directory.offset))
        var entries: [ZipEntry] = []
        entries.reserveCapacity(count)
        var seen = Set<String>()
        var cursor = 0
        for index in 0..<count {
            let at = directory.offset + cursor
            let label = entries.last.map { "entry #\(index + 1) (after \($0.path))" } ?? "entry #\(index + 1)"
            guard cd.u32(cursor) == Signature.centralHeader, cd.contains(cursor, count: RecordLength.centralHeader) else {
                throw failure(
                    url, entry: label, offset: at,
                    "no central directory header where entry \(index + 1) of \(count) should be (corrupt, or the entry count is wrong)")
            }
            let madeBy = cd.u16(cursor + 4)!, flags = cd.u16(cursor + 8)!, methodCode = cd.u16(cursor + 10)!
            let checksum = cd.u32(cursor + 16)!
            var compressed = UInt64(cd.u32(cursor + 20)!), uncompressed = UInt64(cd.u32(cursor + 24)!)
            let nameLength = Int(cd.u16(cursor + 28)!), extraLength = Int(cd.u16(cursor + 30)!)
            let commentLength = Int(cd.u16(cursor + 32)!)
            let external = cd.u32(cursor + 38)!
            var localOffset = UInt64(cd.u32(cursor + 42)!)
            let nameStart = cursor + RecordLength.centralHeader
            guard let nameBytes = cd.slice(nameStart, count: nameLength),
                let extra = cd.slice(nameStart + nameLength, count: extraLength),
                cd.contains(nameStart + nameLength + extraLength, count: commentLength)
            else {
                throw failure(url, entry: label, offset: at, "header's name, extra field and comment run past the central directory")
            }
            guard nameLength > 0, nameLength <= limits.maximumPathByteCount else {
                throw failure(
                    url, entry: label, offset: at,
                    "name of \(nameLength) bytes (allowed: 1…\(limits.maximumPathByteCount))")
            }
            // Decoding replaces invalid sequences, so a name that does not survive the round trip is not UTF-8.
            let path = String(decoding: nameBytes, as: UTF8.self)
            guard path.utf8.elementsEqual(nameBytes) else {
                throw failure(url, entry: label, offset: at, "name is not valid UTF-8")
            }
            // ZIP64 extended information: the fields saturated in the header follow, in order.
            if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF {
                guard let zip64 = zip64Fields(ZipFieldReader(bytes: Array(extra))) else {
                    throw failure(url, entry: path, offset: at, "sizes need a ZIP64 extra field and there is none")
                }
                var k = 0
                func next() throws -> UInt64 {
                    guard let v = zip64.u64(k) else {
                        throw failure(url, entry: path, offset: at, "ZIP64 extra field is too short")
                    }
                    k += 8
                    return v
                }
                if uncompressed == 0xFFFF_FFFF { uncompressed = try next() }
                if compressed == 0xFFFF_FFFF { compressed = try next() }
                if localOffset == 0xFFFF_FFFF { localOffset = try next() }
            }
            guard seen.insert(path).inserted else {
                throw failure(url, entry: path, offset: at, "appears twice in the central directory")
            }
            if flags & 0x41 != 0 {
                throw failure(url, entry: path, offset: at, "is encrypted; encrypted zips are not supported")
            }
            guard let method = ZipEntry.Method(rawValue: methodCode) else {
                throw failure(
                    url, entry: path, offset: at,
                    "compression method \(methodCode) is not supported (only stored, 0, and deflate, 8)")
            }
            // Sizes and offsets checked against the archive before converting to Int.
            let limit = UInt64(directory.offset)
            guard localOffset <= limit, compressed <= limit else {
                throw failure(
                    url, entry: path, offset: at,
                    "local header offset \(localOffset) or stored size \(compressed) lies beyond the central directory at \(limit)")
            }
            switch method {
            case .stored:
                guard compressed == uncompressed else {
                    throw failure(
                        url, entry: path, offset: at,
                        "stored entry declares \(compressed) stored bytes but \(uncompressed) uncompressed")
                }
            case .deflated:
                guard uncompressed <= compressed * UInt64(maximumDeflateRatio) else {
                    throw failure(
                        url, entry: path, offset: at,
                        "declares \(uncompressed) bytes from \(compressed) deflated bytes, more than deflate can produce")
                }
            }
            if path.hasSuffix("/") && uncompressed != 0 {
                throw failure(url, entry: path, offset: at, "directory entry declares \(uncompressed) bytes of data")
            }
            let isUnix = madeBy >> 8 == 3
            let isLink = isUnix && (external >> 16) & 0o170000 == 0o120000
            entries.append(
                ZipEntry(
                    index: index, path: path, method: method, checksum: checksum,
                    compressedByteCount: Int(compressed), uncompressedByteCount: Int(uncompressed),
                    localHeaderOffset: Int(localOffset), dataOffset: 0, isSymbolicLink: isLink))
            cursor = nameStart + nameLength + extraLength + commentLength
        }
        guard cursor == directory.byteCount else {
            throw failure(
                url, offset: directory.offset + cursor,
                "central directory has \(directory.byteCount - cursor) bytes after its \(count) declared entries (the entry count is wrong)")
        }
        // Saturating: each size is bounded, their sum over thousands of entries need not fit.
        let total = entries.reduce(0) { sum, e in
            let (t, overflow) = sum.addingReportingOverflow(e.uncompressedByteCount)
            return overflow ? Int.max : t
        }
        let allowed = limits.totalByteLimit(archiveByteCount: byteCount)
        guard total <= allowed else {
            throw failure(
                url,
                "entries expand to \(total) bytes, more than the \(allowed) allowed for a \(byteCount)-byte archive (a zip bomb?); nothing was extracted")
        }
        try checkLocalHeaders(&entries, file: file, directoryOffset: directory.offset, url: url)
        return entries
    }

    /// The data of the ZIP64 extended information extra field (tag 1), if present.
    static func zip64Fields(_ extra: ZipFieldReader) -> ZipFieldReader? {
        var p = 0
        while let tag = extra.u16(p), let size = extra.u16(p + 2) {
            guard let data = extra.slice(p + 4, count: Int(size)) else { return nil }
            if tag == 1 { return ZipFieldReader(bytes: Array(data)) }
            p += 4 + Int(size)
        }
        return nil
    }

    /// Reads each entry's local header: its signature, its name (which must match the central
    /// directory's) and where its data lies, which must be inside the archive and overlap no other entry.
    static func checkLocalHeaders(_ entries: inout [ZipEntry], file: ScanFileHandle, directoryOffset: Int, url: URL)
        throws
    {
        for i in entries.indices {
            let e = entries[i]
            guard e.localHeaderOffset <= directoryOffset - RecordLength.localHeader else {
                throw failure(
                    url, entry: e.path, offset: e.localHeaderOffset,
                    "local header at \(e.localHeaderOffset) does not fit before the central directory at \(directoryOffset)")
            }
            let header = ZipFieldReader(
                bytes: try file.readBytes(count: RecordLength.localHeader, at: e.localHeaderOffset))
            guard header.u32(0) == Signature.localHeader else {
                throw failure(url, entry: e.path, offset: e.localHeaderOffset, "no local header where the central directory says")
            }
            guard header.u16(8) == e.method.rawValue else {
                throw failure(
                    url, entry: e.path, offset: e.localHeaderOffset,
                    "local header's compression method \(header.u16(8)!) disagrees with the central directory's \(e.method.rawValue)")
            }
            let nameLength = Int(header.u16(26)!), extraLength = Int(header.u16(28)!)
            let dataOffset = e.localHeaderOffset + RecordLength.localHeader + nameLength + extraLength
            guard dataOffset <= directoryOffset, e.compressedByteCount <= directoryOffset - dataOffset else {
                throw failure(
                    url, entry: e.path, offset: e.localHeaderOffset,
                    "data (\(e.compressedByteCount) bytes at offset \(dataOffset)) runs past the central directory at \(directoryOffset)")
            }
            let name = try file.readBytes(count: nameLength, at: e.localHeaderOffset + RecordLength.localHeader)
            guard name.elementsEqual(e.path.utf8) else {
                throw failure(
                    url, entry: e.path, offset: e.localHeaderOffset, "local header names another entry (\(String(decoding: name, as: UTF8.self)))")
            }
            entries[i].dataOffset = dataOffset
        }
        // Entries must not share bytes (overlapping entries are how the largest zip bombs are built).
        let byOffset = entries.sorted { $0.localHeaderOffset < $1.localHeaderOffset }
        for (a, b) in zip(byOffset, byOffset.dropFirst()) where a.dataEnd > b.localHeaderOffset {
            throw failure(
                url, entry: b.path, offset: b.localHeaderOffset,
                "overlaps entry \(a.path) (whose data ends at \(a.dataEnd))")
        }
    }
}
