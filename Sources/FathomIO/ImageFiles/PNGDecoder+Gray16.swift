import FathomCore
import Foundation

extension PNGDecoder {
    /// Decodes a 16-bit gray PNG (colour type 0, bit depth 16) to its samples as stored, row-major with
    /// row 0 at the top: the depth maps of Stray Scanner and ARKitScenes (millimetres).
    /// - Throws: `ImageFileError` naming `fileName`: the errors of `decode(_:fileName:)`, or
    ///   `.unsupported` when the image is not 16-bit gray.
    public static func decodeGray16(_ data: Data, fileName: String = "<memory>") throws -> Image<UInt16> {
        try [UInt8](data).withUnsafeBufferPointer { bytes in
            let rows = try unfilteredRows(bytes: bytes, file: fileName)
            let h = rows.header
            guard h.colorType == 0, h.bitDepth == 16 else {
                throw ImageFileError(file: fileName, location: .byteOffset(8), problem: .unsupported(
                    "expected a 16-bit gray image, found colour type \(h.colorType) with \(h.bitDepth) bits per sample"))
            }
            let stride = h.rowBytes + 1, w = h.width
            var out = [UInt16](repeating: 0, count: w * h.height)
            rows.raw.withUnsafeBufferPointer { raw in
                for y in 0..<h.height {
                    let row = y * stride + 1
                    for x in 0..<w {
                        out[y * w + x] = UInt16(raw[row + 2 * x]) << 8 | UInt16(raw[row + 2 * x + 1])
                    }
                }
            }
            return Image(width: w, height: h.height, pixels: out)!
        }
    }
}
