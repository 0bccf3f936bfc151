import FathomCore
import Foundation

extension PLYFile {
    /// Encodes `cloud` as PLY. Positions and normals are written in `options.precision`; colours as
    /// `uchar red green blue`; confidences as `uchar confidence`; identifiers as two `uint` properties
    /// `identifier_lo` (low 32 bits) and `identifier_hi` (high 32 bits). Ascii numbers use the
    /// shortest text that reads back to the identical value, so ascii round trips are exact too.
    public static func encode(_ cloud: PointCloud, options: PLYWriteOptions = PLYWriteOptions()) -> Data {
        let attributes = (options.attributes ?? .all).intersection(PointCloudAttributes(presentIn: cloud))
        let real = options.precision == .float ? "float" : "double"
        var header = "ply\nformat \(options.format.headerName) 1.0\ncomment written by Fathom\n"
        header += "element vertex \(cloud.count)\n"
        header += "property \(real) x\nproperty \(real) y\nproperty \(real) z\n"
        if attributes.contains(.normals) { header += "property \(real) nx\nproperty \(real) ny\nproperty \(real) nz\n" }
        if attributes.contains(.colors) { header += "property uchar red\nproperty uchar green\nproperty uchar blue\n" }
        if attributes.contains(.confidences) { header += "property uchar confidence\n" }
        if attributes.contains(.identifiers) { header += "property uint identifier_lo\nproperty uint identifier_hi\n" }
        header += "end_header\n"
        switch options.format {
        case .ascii:
            var out = Data(header.utf8)
            out.append(contentsOf: encodeASCII(cloud, attributes: attributes, double: options.precision == .double))
            return out
        case .binaryLittleEndian, .binaryBigEndian:
            // One allocation: the header, then the records written in place.
            let headerBytes = Array(header.utf8)
            let record = binaryRecordSize(attributes: attributes, double: options.precision == .double)
            var out = Data(count: headerBytes.count + cloud.count * record)
            out.withUnsafeMutableBytes { buffer in
                buffer.copyBytes(from: headerBytes)
                encodeBinary(cloud, attributes: attributes, double: options.precision == .double,
                             bigEndian: options.format == .binaryBigEndian,
                             into: UnsafeMutableRawBufferPointer(rebasing: buffer[headerBytes.count...]))
            }
            return out
        }
    }

    /// The bytes of one binary vertex record.
    static func binaryRecordSize(attributes: PointCloudAttributes, double: Bool) -> Int {
        let realSize = double ? 8 : 4
        var record = 3 * realSize
        if attributes.contains(.normals) { record += 3 * realSize }
        if attributes.contains(.colors) { record += 3 }
        if attributes.contains(.confidences) { record += 1 }
        if attributes.contains(.identifiers) { record += 8 }
        return record
    }

    static func encodeASCII(_ cloud: PointCloud, attributes: PointCloudAttributes, double: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(cloud.count * 40)
        // Float.description is the shortest text that reads back to the same Float; the Double of a
        // widened Float likewise reads back to the same Double.
        @inline(__always) func real(_ v: Float) -> String { double ? Double(v).description : v.description }
        @inline(__always) func vector(_ v: SIMD3<Float>) -> String { "\(real(v.x)) \(real(v.y)) \(real(v.z))" }
        for i in 0..<cloud.count {
            out.append(contentsOf: vector(cloud.positions[i]).utf8)
            if attributes.contains(.normals) { out.append(contentsOf: " \(vector(cloud.normals[i]))".utf8) }
            if attributes.contains(.colors) {
                let c = cloud.colors[i]
                out.append(contentsOf: " \(c.r) \(c.g) \(c.b)".utf8)
            }
            if attributes.contains(.confidences) { out.append(contentsOf: " \(cloud.confidences[i])".utf8) }
            if attributes.contains(.identifiers) {
                let id = cloud.identifiers[i]
                out.append(contentsOf: " \(id & 0xFFFF_FFFF) \(id >> 32)".utf8)
            }
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// Writes the binary vertex records into `buffer` (exactly `count × record size` bytes).
    static func encodeBinary(_ cloud: PointCloud, attributes: PointCloudAttributes, double: Bool,
                             bigEndian: Bool, into buffer: UnsafeMutableRawBufferPointer) {
        precondition(buffer.count == cloud.count * binaryRecordSize(attributes: attributes, double: double))
        guard let base = buffer.baseAddress else { return }
        var o = 0
        @inline(__always) func put32(_ v: UInt32) {
            base.storeBytes(of: bigEndian ? v.bigEndian : v.littleEndian, toByteOffset: o, as: UInt32.self)
            o += 4
        }
        @inline(__always) func real(_ v: Float) {
            if double {
                let b = Double(v).bitPattern
                base.storeBytes(of: bigEndian ? b.bigEndian : b.littleEndian, toByteOffset: o, as: UInt64.self)
                o += 8
            } else {
                put32(v.bitPattern)
            }
        }
        @inline(__always) func byte(_ v: UInt8) {
            base.storeBytes(of: v, toByteOffset: o, as: UInt8.self)
            o += 1
        }
        for i in 0..<cloud.count {
            let p = cloud.positions[i]
            real(p.x)
            real(p.y)
            real(p.z)
            if attributes.contains(.normals) {
                let n = cloud.normals[i]
                real(n.x)
                real(n.y)
                real(n.z)
            }
            if attributes.contains(.colors) {
                let c = cloud.colors[i]
                byte(c.r)
                byte(c.g)
                byte(c.b)
            }
            if attributes.contains(.confidences) { byte(cloud.confidences[i]) }
            if attributes.contains(.identifiers) {
                let id = cloud.identifiers[i]
                put32(UInt32(truncatingIfNeeded: id))
                put32(UInt32(truncatingIfNeeded: id >> 32))
            }
        }
    }
}
