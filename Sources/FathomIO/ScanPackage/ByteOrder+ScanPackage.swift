extension Array where Element == UInt8 {
    /// Appends `value` as 4 little-endian bytes.
    mutating func appendLittleEndian(_ value: UInt32) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    /// Reads a little-endian u32 at byte `offset`.
    func littleEndianUInt32(at offset: Int) -> UInt32 {
        withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
    }
}

extension UnsafeRawBufferPointer {
    /// Reads a little-endian u32 at byte `offset`.
    @inline(__always)
    func littleEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// Reads a little-endian f64 at byte `offset`.
    @inline(__always)
    func littleEndianDouble(at offset: Int) -> Double {
        Double(bitPattern: UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }

    /// Copies `count` little-endian f32 values starting at byte `offset`.
    func littleEndianFloats(at offset: Int, count: Int) -> [Float] {
        [Float](unsafeUninitializedCapacity: count) { buf, initialized in
            #if _endian(little)
                UnsafeMutableRawBufferPointer(buf).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: self[offset..<(offset + count * 4)]))
            #else
                for i in 0..<count {
                    buf[i] = Float(
                        bitPattern: UInt32(littleEndian: loadUnaligned(fromByteOffset: offset + i * 4, as: UInt32.self))
                    )
                }
            #endif
            initialized = count
        }
    }

    /// Copies `count` bytes starting at byte `offset`.
    func bytes(at offset: Int, count: Int) -> [UInt8] {
        Array(self[offset..<(offset + count)])
    }
}

extension UnsafeMutableRawBufferPointer {
    /// Stores `value` as 4 little-endian bytes at `offset`.
    @inline(__always)
    func storeLittleEndian(_ value: UInt32, at offset: Int) {
        storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
    }

    /// Stores `value` as 8 little-endian bytes at `offset`.
    @inline(__always)
    func storeLittleEndian(_ value: UInt64, at offset: Int) {
        storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
    }

    /// Stores `value` as 8 little-endian bytes (its bit pattern) at `offset`.
    @inline(__always)
    func storeLittleEndian(_ value: Double, at offset: Int) {
        storeLittleEndian(value.bitPattern, at: offset)
    }

    /// Stores `value` as 4 little-endian bytes (its bit pattern) at `offset`.
    @inline(__always)
    func storeLittleEndian(_ value: Float, at offset: Int) {
        storeLittleEndian(value.bitPattern, at: offset)
    }

    /// Copies `values` as little-endian f32 starting at `offset`.
    func storeLittleEndian(_ values: [Float], at offset: Int) {
        #if _endian(little)
            values.withUnsafeBytes { src in
                UnsafeMutableRawBufferPointer(rebasing: self[offset..<(offset + src.count)]).copyMemory(from: src)
            }
        #else
            for (i, v) in values.enumerated() { storeLittleEndian(v, at: offset + i * 4) }
        #endif
    }

    /// Copies `bytes` starting at `offset`.
    func store(_ bytes: [UInt8], at offset: Int) {
        bytes.withUnsafeBytes { src in
            UnsafeMutableRawBufferPointer(rebasing: self[offset..<(offset + src.count)]).copyMemory(from: src)
        }
    }
}
