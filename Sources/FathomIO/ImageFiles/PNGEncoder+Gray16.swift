import FathomCore
import Foundation

extension PNGEncoder {
    /// The PNG bytes of a 16-bit gray image (colour type 0, bit depth 16, samples big-endian as PNG
    /// stores them), the layout of Stray Scanner's millimetre depth maps. Rows use filter Up, which
    /// suits smooth depth. The image must not be empty.
    public static func encode(gray16 image: Image<UInt16>) -> Data {
        precondition(image.width > 0 && image.height > 0, "PNG images need at least one pixel")
        let rowBytes = image.width * 2, stride = rowBytes + 1
        var filtered = [UInt8](repeating: 0, count: image.height * stride)
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let v = image.pixels[y * image.width + x]
                current[2 * x] = UInt8(v >> 8)
                current[2 * x + 1] = UInt8(v & 0xFF)
            }
            filtered[y * stride] = 2  // Up
            for i in 0..<rowBytes { filtered[y * stride + 1 + i] = current[i] &- previous[i] }
            swap(&previous, &current)
        }
        var out = Data(PNGDecoder.signature)
        var ihdr = [UInt8]()
        append32(UInt32(image.width), to: &ihdr)
        append32(UInt32(image.height), to: &ihdr)
        ihdr += [16, 0, 0, 0, 0]
        appendChunk("IHDR", ihdr, to: &out)
        appendChunk("IDAT", Zlib.compress(filtered, level: compressionLevel), to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }
}
