/// The OpenEXR compression methods this project reads and writes (scanline images only).
///
/// The subset Record3D's depth maps use: no compression, and zlib with OpenEXR's byte predictor and
/// interleave, per scanline (ZIPS) or per 16 scanlines (ZIP). Other methods (RLE, PIZ, PXR24, B44,
/// DWA) are refused as unsupported, naming the file.
public enum EXRCompression: UInt8, Sendable, CaseIterable {
    /// Raw samples.
    case none = 0
    /// zlib, one scanline per block.
    case zips = 2
    /// zlib, 16 scanlines per block.
    case zip = 3

    /// Scanlines per block.
    public var linesPerBlock: Int { self == .zip ? 16 : 1 }
}
