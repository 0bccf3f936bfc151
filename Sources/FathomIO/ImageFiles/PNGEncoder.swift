import FathomCore
import Foundation

/// Encodes 8-bit gray and RGB images as PNG in memory.
///
/// Each row gets the filter (None, Sub, Up, Average or Paeth) whose output has the smallest sum of
/// absolute values as signed bytes — the heuristic the PNG specification recommends — and the rows
/// are deflated by zlib at `compressionLevel`, in one IDAT chunk.
public enum PNGEncoder {
    /// The zlib compression level (0…9): 6, zlib's default balance of size and speed.
    public static let compressionLevel: Int32 = 6

    /// The PNG bytes of a gray image (colour type 0, 8 bits). The image must not be empty.
    public static func encode(_ image: GrayImage) -> Data {
        encode(samples: image.pixels, width: image.width, height: image.height, channels: 1)
    }

    /// The PNG bytes of an RGB image (colour type 2, 8 bits). The image must not be empty.
    public static func encode(_ image: RGBImage) -> Data {
        var samples = [UInt8](repeating: 0, count: image.count * 3)
        for (i, p) in image.pixels.enumerated() {
            samples[3 * i] = p.r
            samples[3 * i + 1] = p.g
            samples[3 * i + 2] = p.b
        }
        return encode(samples: samples, width: image.width, height: image.height, channels: 3)
    }

    static func encode(samples: [UInt8], width: Int, height: Int, channels: Int) -> Data {
        precondition(width > 0 && height > 0, "PNG images need at least one pixel; got \(width)×\(height)")
        let rowBytes = width * channels, stride = rowBytes + 1
        var filtered = [UInt8](repeating: 0, count: height * stride)
        var candidates = [UInt8](repeating: 0, count: 5 * rowBytes)
        let zeroRow = [UInt8](repeating: 0, count: rowBytes)
        samples.withUnsafeBufferPointer { src in
            filtered.withUnsafeMutableBufferPointer { dst in
                candidates.withUnsafeMutableBufferPointer { cand in
                    zeroRow.withUnsafeBufferPointer { zero in
                        for y in 0..<height {
                            let row = src.baseAddress! + y * rowBytes
                            let prior = y > 0 ? row - rowBytes : zero.baseAddress!
                            let best = chooseFilter(row: row, prior: prior, count: rowBytes, bpp: channels,
                                                    scratch: cand.baseAddress!)
                            let d = dst.baseAddress! + y * stride
                            d[0] = UInt8(best)
                            (d + 1).update(from: cand.baseAddress! + best * rowBytes, count: rowBytes)
                        }
                    }
                }
            }
        }
        var out = Data(PNGDecoder.signature)
        var ihdr = [UInt8]()
        append32(UInt32(width), to: &ihdr)
        append32(UInt32(height), to: &ihdr)
        ihdr += [8, channels == 1 ? 0 : 2, 0, 0, 0]
        appendChunk("IHDR", ihdr, to: &out)
        appendChunk("IDAT", Zlib.compress(filtered, level: compressionLevel), to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// Writes the five filtered versions of `row` into `scratch` (`count` bytes each, in filter-type
    /// order) and returns the type whose output has the smallest sum of absolute signed values.
    @inline(__always)
    static func chooseFilter(row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, bpp: Int,
                             scratch: UnsafeMutablePointer<UInt8>) -> Int {
        let none = scratch, sub = scratch + count, up = scratch + 2 * count
        let average = scratch + 3 * count, paeth = scratch + 4 * count
        let head = min(bpp, count)
        for i in 0..<head {
            let b = prior[i]
            none[i] = row[i]
            sub[i] = row[i]
            up[i] = row[i] &- b
            average[i] = row[i] &- (b >> 1)
            paeth[i] = row[i] &- b
        }
        var i = head
        while i < count {
            let x = row[i], a = row[i - bpp], b = prior[i], c = prior[i - bpp]
            none[i] = x
            sub[i] = x &- a
            up[i] = x &- b
            average[i] = x &- UInt8((UInt16(a) + UInt16(b)) >> 1)
            paeth[i] = x &- UInt8(truncatingIfNeeded: PNGDecoder.paeth(Int(a), Int(b), Int(c)))
            i += 1
        }
        var bestType = 0, bestScore = Int.max
        for type in 0..<5 {
            let out = scratch + type * count
            var score = 0
            for k in 0..<count { score &+= Int(Int8(bitPattern: out[k]).magnitude) }
            if score < bestScore {
                bestScore = score
                bestType = type
            }
        }
        return bestType
    }

    static func append32(_ v: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func appendChunk(_ type: String, _ payload: [UInt8], to out: inout Data) {
        var chunk = [UInt8]()
        append32(UInt32(payload.count), to: &chunk)
        chunk += Array(type.utf8)
        chunk += payload
        let crc = chunk.withUnsafeBytes { Zlib.crc(UnsafeRawBufferPointer(rebasing: $0[4...])) }
        append32(crc, to: &chunk)
        out.append(contentsOf: chunk)
    }
}
