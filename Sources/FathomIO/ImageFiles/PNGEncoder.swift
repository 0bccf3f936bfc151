import FathomCore
import Foundation

/// Encodes 8-bit gray and RGB images as PNG in memory.
///
/// Each row gets the filter (None, Sub, Up, Average or Paeth) whose output has the smallest sum of
/// absolute values as signed bytes — the heuristic the PNG specification recommends — and the rows
/// are deflated by zlib at `compressionLevel`, in one IDAT chunk. Deflate dominates the time
/// (about 90% on noisy camera images).
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
        // Sums of |filtered byte as Int8| per filter type, accumulated in the same pass.
        @inline(__always) func cost(_ v: UInt8) -> Int { Int(Int8(bitPattern: v).magnitude) }
        var s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0
        for i in 0..<head {
            let x = row[i], b = prior[i]
            none[i] = x
            sub[i] = x
            up[i] = x &- b
            average[i] = x &- (b >> 1)
            paeth[i] = x &- b
            s0 += cost(x)
            s1 += cost(x)
            s2 += cost(up[i])
            s3 += cost(average[i])
            s4 += cost(paeth[i])
        }
        var i = head
        while i < count {
            let x = row[i], a = row[i - bpp], b = prior[i], c = prior[i - bpp]
            let ia = Int32(a), ib = Int32(b), ic = Int32(c)
            // Paeth without branches: distances of left, up and upper-left from a + b − c.
            let pa = abs(ib - ic), pb = abs(ia - ic), pc = abs(ia + ib - 2 * ic)
            let bc = pb <= pc ? b : c
            let predicted = pa <= pb && pa <= pc ? a : bc
            let vSub = x &- a, vUp = x &- b, vAvg = x &- UInt8((UInt16(a) + UInt16(b)) >> 1), vPaeth = x &- predicted
            none[i] = x
            sub[i] = vSub
            up[i] = vUp
            average[i] = vAvg
            paeth[i] = vPaeth
            s0 &+= cost(x)
            s1 &+= cost(vSub)
            s2 &+= cost(vUp)
            s3 &+= cost(vAvg)
            s4 &+= cost(vPaeth)
            i += 1
        }
        var bestType = 0, bestScore = s0
        for (type, score) in [(1, s1), (2, s2), (3, s3), (4, s4)] where score < bestScore {
            bestScore = score
            bestType = type
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
