import FathomZlib

/// Thin wrappers over system zlib for PNG's zlib streams and CRCs.
enum Zlib {
    /// The zlib stream (RFC 1950) of `bytes` at compression `level` (0…9).
    static func compress(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        var bound = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(bound))
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in
                compress2(o.baseAddress, &bound, i.baseAddress, uLong(i.count), level)
            }
        }
        // compress2 only fails on bad arguments or out-of-memory, both programmer errors here.
        precondition(status == Z_OK, "zlib compress2 failed with status \(status)")
        out.removeSubrange(Int(bound)...)
        return out
    }

    /// The outcome of inflating into a buffer of known size.
    enum InflateError: Error {
        /// The stream is corrupt; zlib's message.
        case corrupt(String)
        /// The stream (or its input) ended after `produced` bytes.
        case ended(produced: Int)
    }

    /// Inflates the zlib stream `input` into exactly `expectedCount` bytes. Data beyond
    /// `expectedCount` is ignored.
    static func inflate(_ input: [UInt8], expectedCount: Int) throws(InflateError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: expectedCount)
        var stream = z_stream()
        var failure: InflateError?
        input.withUnsafeBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o in
                guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                    failure = .corrupt("cannot initialise zlib")
                    return
                }
                defer { inflateEnd(&stream) }
                stream.next_in = UnsafeMutablePointer(mutating: i.baseAddress)
                stream.next_out = o.baseAddress
                var inLeft = i.count, outLeft = o.count
                while true {
                    // avail_in/avail_out are 32-bit: feed at most 1 GiB at a time.
                    let inChunk = min(inLeft, 1 << 30), outChunk = min(outLeft, 1 << 30)
                    stream.avail_in = uInt(inChunk)
                    stream.avail_out = uInt(outChunk)
                    let status = FathomZlib.inflate(&stream, Z_NO_FLUSH)
                    inLeft -= inChunk - Int(stream.avail_in)
                    outLeft -= outChunk - Int(stream.avail_out)
                    if outLeft == 0 { return }
                    switch status {
                    case Z_OK:
                        if inLeft == 0 && stream.avail_in == 0 {
                            failure = .ended(produced: o.count - outLeft)
                            return
                        }
                    case Z_STREAM_END, Z_BUF_ERROR:
                        failure = .ended(produced: o.count - outLeft)
                        return
                    default:
                        let message = stream.msg.map { String(cString: $0) } ?? "status \(status)"
                        failure = .corrupt(message)
                        return
                    }
                }
            }
        }
        if let failure { throw failure }
        return out
    }

    /// The CRC-32 (ISO 3309, as PNG uses) of `bytes`, continuing from `crc`.
    static func crc(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress else { return crc }
        return UInt32(crc32(uLong(crc), base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
    }
}
