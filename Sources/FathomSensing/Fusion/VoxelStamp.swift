/// A voxel's last-seen frame and highest confidence, packed together.
struct VoxelStamp: Sendable {
    var lastSeen: Int32
    var maxConfidence: UInt8
}
