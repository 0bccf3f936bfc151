import Foundation

/// The image file formats `ImageFile` reads and writes.
public enum ImageFileFormat: String, Sendable, CaseIterable, Equatable {
    /// PNG (`.png`).
    case png
    /// Netpbm gray map (`.pgm`; P2 text or P5 binary), 8-bit.
    case pgm
    /// Netpbm pixel map (`.ppm`; P3 text or P6 binary), 8-bit.
    case ppm

    /// The format for a file extension (case-insensitive, without the dot), or `nil`.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "png": self = .png
        case "pgm": self = .pgm
        case "ppm": self = .ppm
        default: return nil
        }
    }

    /// The format whose magic bytes start `data`, or `nil`.
    public init?(magicBytesOf data: Data) {
        let head = [UInt8](data.prefix(8))
        if head == PNGDecoder.signature {
            self = .png
        } else if head.count >= 2 && head[0] == UInt8(ascii: "P") {
            switch head[1] {
            case UInt8(ascii: "2"), UInt8(ascii: "5"): self = .pgm
            case UInt8(ascii: "3"), UInt8(ascii: "6"): self = .ppm
            default: return nil
            }
        } else {
            return nil
        }
    }
}
