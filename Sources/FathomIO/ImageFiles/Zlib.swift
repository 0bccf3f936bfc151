import FathomZlib

/// Thin wrappers over system zlib for PNG's zlib streams and CRCs.
enum Zlib {
    /// The zlib stream (RFC 1950) of `bytes` at compression `level` (0…9), default strategy.
    /// (`Z_FILTERED`, libpng's choice, measured no faster and 4% larger on camera-like images.)
    static func compress(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        var stream = z_stream()
        let windowBits: Int32 = 15, memoryLevel: Int32 = 8
        var status = deflateInit2_(&stream, level, Z_DEFLATED, windowBits, memoryLevel,
                                   Z_DEFAULT_STRATEGY, zlibVersion(),
                                   Int32(MemoryLayout<z_stream>.size))
        // Initialisation fails only on bad arguments or out-of-memory, both programmer errors here.
        precondition(status == Z_OK, "zlib deflateInit2 failed with status \(status)")
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        var produced = 0
        bytes.withUnsafeBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o in
                stream.next_in = UnsafeMutablePointer(mutating: i.baseAddress)
                stream.next_out = o.baseAddress
                var inLeft = i.count
                repeat {
                    // avail_in/avail_out are 32-bit: feed at most 1 GiB at a time.
                    let inChunk = min(inLeft, 1 << 30)
                    let outChunk = min(o.count - produced, 1 << 30)
                    stream.avail_in = uInt(inChunk)
                    stream.avail_out = uInt(outChunk)
                    status = deflate(&stream, inChunk == inLeft ? Z_FINISH : Z_NO_FLUSH)
                    inLeft -= inChunk - Int(stream.avail_in)
                    produced += outChunk - Int(stream.avail_out)
                } while status == Z_OK
            }
        }
        // With an output of deflateBound bytes, deflate always reaches the end of the stream.
        precondition(status == Z_STREAM_END, "zlib deflate failed with status \(status)")
        out.removeSubrange(produced...)
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
