import FathomCore
import Foundation

extension EXRFile {
    /// The OpenEXR bytes of `image`: a single-part scanline file with the channels in the order given
    /// (OpenEXR readers expect them sorted by name), each stored as its `pixelType`, compressed with
    /// `compression`. HALF samples are rounded to the nearest half (ties to even). The image must
    /// have at least one pixel and one channel.
    public static func encode(_ image: EXRImage, compression: EXRCompression = .zip) -> Data {
        precondition(image.width > 0 && image.height > 0 && !image.channels.isEmpty, "an EXR image needs pixels and a channel")
        var out = [UInt8]()
        func put32(_ v: UInt32, _ into: inout [UInt8]) { into += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        func attribute(_ name: String, _ type: String, _ value: [UInt8]) {
            out += Array(name.utf8) + [0] + Array(type.utf8) + [0]
            put32(UInt32(value.count), &out)
            out += value
        }
        func floats(_ values: [Float]) -> [UInt8] {
            var b = [UInt8]()
            for v in values { put32(v.bitPattern, &b) }
            return b
        }
        func ints(_ values: [Int32]) -> [UInt8] {
            var b = [UInt8]()
            for v in values { put32(UInt32(bitPattern: v), &b) }
            return b
        }
        out += magic
        put32(2, &out)
        var chlist = [UInt8]()
        for c in image.channels {
            chlist += Array(c.name.utf8) + [0]
            put32(UInt32(c.pixelType.rawValue), &chlist)
            chlist += [0, 0, 0, 0]
            put32(1, &chlist)
            put32(1, &chlist)
        }
        chlist.append(0)
        let box = ints([0, 0, Int32(image.width - 1), Int32(image.height - 1)])
        attribute("channels", "chlist", chlist)
        attribute("compression", "compression", [compression.rawValue])
        attribute("dataWindow", "box2i", box)
        attribute("displayWindow", "box2i", box)
        attribute("lineOrder", "lineOrder", [0])
        attribute("pixelAspectRatio", "float", floats([1]))
        attribute("screenWindowCenter", "v2f", floats([0, 0]))
        attribute("screenWindowWidth", "float", floats([1]))
        out.append(0)
        let lines = compression.linesPerBlock
        let blockCount = (image.height + lines - 1) / lines
        let tableStart = out.count
        out += [UInt8](repeating: 0, count: 8 * blockCount)
        for b in 0..<blockCount {
            let y0 = b * lines, y1 = min(image.height, y0 + lines)
            var raw = [UInt8]()
            for y in y0..<y1 {
                for c in image.channels {
                    for x in 0..<image.width {
                        let v = c.image.pixels[y * image.width + x]
                        switch c.pixelType {
                        case .half:
                            let h = v.halfBits
                            raw += [UInt8(h & 0xFF), UInt8(h >> 8)]
                        case .float: put32(v.bitPattern, &raw)
                        case .uint: put32(v.isFinite && v > 0 ? UInt32(min(v, Float(UInt32.max - 255))) : 0, &raw)
                        }
                    }
                }
            }
            var payload = raw
            if compression != .none {
                let packed = Zlib.compress(interleaveAndPredict(raw), level: 6)
                if packed.count < raw.count { payload = packed }
            }
            let offset = UInt64(out.count)
            for k in 0..<8 { out[tableStart + 8 * b + k] = UInt8(truncatingIfNeeded: offset >> (8 * UInt64(k))) }
            put32(UInt32(y0), &out)
            put32(UInt32(payload.count), &out)
            out += payload
        }
        return Data(out)
    }
}
