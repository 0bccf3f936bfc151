/// Record3D's `metadata.json` (EXR + JPG export), the keys this importer reads.
struct Record3DMetadata: Decodable {
    /// Intrinsics of the RGB image, 9 numbers column-major.
    var K: [Double]
    /// RGB image width and height, pixels.
    var w: Int
    var h: Int
    /// Depth map width and height, pixels (absent in old exports).
    var dw: Int?
    var dh: Int?
    /// Frame rate, frames per second.
    var fps: Double?
    /// Per frame `[qx, qy, qz, qw, tx, ty, tz]`: camera-to-world, ARKit camera axes.
    var poses: [[Double]]
    /// Per frame capture time, seconds.
    var frameTimestamps: [Double]?
}
