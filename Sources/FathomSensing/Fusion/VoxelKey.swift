/// Packing of integer voxel coordinates into 64-bit keys.
///
/// Each coordinate is offset by 2²⁰ and stored in 21 bits (x low, then y, then z), covering ±10 km at
/// 1 cm voxels.
enum VoxelKey {
    /// Largest coordinate magnitude that packs, voxels.
    static let coordinateLimit: Int32 = (1 << 20) - 1
    static let fieldMask: UInt64 = (1 << 21) - 1

    /// The key of voxel (x, y, z); each coordinate must be within ±`coordinateLimit`.
    @inline(__always)
    static func pack(_ x: Int32, _ y: Int32, _ z: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: x &+ (1 << 20))) | UInt64(UInt32(bitPattern: y &+ (1 << 20))) << 21
            | UInt64(UInt32(bitPattern: z &+ (1 << 20))) << 42
    }

    /// The voxel coordinates of a key.
    @inline(__always)
    static func unpack(_ key: UInt64) -> SIMD3<Int32> {
        SIMD3(Int32(key & fieldMask) - (1 << 20), Int32((key >> 21) & fieldMask) - (1 << 20),
              Int32((key >> 42) & fieldMask) - (1 << 20))
    }
}
