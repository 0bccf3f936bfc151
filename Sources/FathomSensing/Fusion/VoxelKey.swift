/// Packing of integer voxel coordinates into 64-bit keys and their locality-preserving home buckets.
///
/// Each coordinate is offset by 2²⁰ and stored in 21 bits (x low, then y, then z), covering ±10 km at
/// 1 cm voxels. The home bucket groups 8×8×8 blocks: a hashed block number times 512 plus the
/// voxel's place in its block, so the voxels one frame touches fall in a few contiguous runs of the
/// table (voxel hashing in the manner of Nießner et al. 2013).
enum VoxelKey: KeyHashing {
    /// Largest coordinate magnitude that packs, voxels.
    static let coordinateLimit: Int32 = (1 << 20) - 1
    static let fieldMask: UInt64 = (1 << 21) - 1
    static let lowBits: UInt64 = 7 | (7 << 21) | (7 << 42)

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

    @inline(__always)
    static func home(of key: UInt64) -> Int {
        let local = (key & 7) | ((key >> 18) & (7 << 3)) | ((key >> 36) & (7 << 6))
        return (MixedKeyHashing.home(of: key & ~lowBits) << 9) | Int(local)
    }
}
