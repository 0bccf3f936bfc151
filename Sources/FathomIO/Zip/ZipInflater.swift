import FathomZlib

/// A raw-deflate (RFC 1951) decompressor over system zlib, fed and drained in caller-sized pieces.
///
/// The `z_stream` lives at a fixed address (zlib keeps a pointer back to it).
final class ZipInflater {
    /// The outcome of one `inflate` step.
    struct Step {
        /// Input bytes consumed.
        var consumed: Int
        /// Output bytes produced.
        var produced: Int
        /// Whether the deflate stream ended.
        var finished: Bool
    }

    private let stream: UnsafeMutablePointer<z_stream>

    /// A decompressor ready for a new stream.
    /// - Throws: `Zlib.InflateError.corrupt` when zlib cannot be initialised (out of memory).
    init() throws(Zlib.InflateError) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // Negative window bits: raw deflate, no zlib header or trailer.
        let status = inflateInit2_(stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw .corrupt("cannot initialise zlib (status \(status))")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Inflates from `input` into `output` (each at most 1 GiB) until one is exhausted or the stream ends.
    /// - Throws: `Zlib.InflateError.corrupt` with zlib's message when the data is not valid deflate.
    func inflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(Zlib.InflateError)
        -> Step
    {
        precondition(input.count <= 1 << 30 && output.count <= 1 << 30, "ZipInflater: pieces are at most 1 GiB")
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(output.count)
        let status = FathomZlib.inflate(stream, Z_NO_FLUSH)
        let step = Step(
            consumed: input.count - Int(stream.pointee.avail_in), produced: output.count - Int(stream.pointee.avail_out),
            finished: status == Z_STREAM_END)
        stream.pointee.next_in = nil
        stream.pointee.next_out = nil
        switch status {
        case Z_OK, Z_STREAM_END, Z_BUF_ERROR:
            return step
        default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib status \(status)"
            throw .corrupt(message)
        }
    }
}
