/// The three binary streams of a scan package.
public enum ScanStreamKind: String, Sendable, CaseIterable {
    /// `allDepthFrames.bin`: depth and confidence maps.
    case depth
    /// `colorFrames.bin`: downsampled camera images.
    case color
    /// `featurePoints.bin`: raw feature points with identifiers.
    case featurePoints

    /// The file name inside a package.
    public var fileName: String {
        switch self {
        case .depth: "allDepthFrames.bin"
        case .color: "colorFrames.bin"
        case .featurePoints: "featurePoints.bin"
        }
    }

    /// The 4-byte ASCII magic at the start of the file.
    public var magic: String {
        switch self {
        case .depth: "FDEP"
        case .color: "FCOL"
        case .featurePoints: "FFPT"
        }
    }

    /// The header's length, bytes.
    public var headerByteCount: Int {
        switch self {
        case .depth: 20
        case .color: 24
        case .featurePoints: 12
        }
    }

    /// The byte offset of the header's `count` field.
    var countFieldOffset: Int { headerByteCount - 4 }
}
