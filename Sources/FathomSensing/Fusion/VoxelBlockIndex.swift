/// Maps packed voxel keys (`VoxelKey`) to dense voxel indices through 4×4×4-voxel blocks: a hash table
/// from block key to block number, and per block a flat array of 64 voxel indices (−1 = empty).
///
/// Points of one depth frame arrive in scan order, so consecutive points mostly fall in the same
/// block: the last block is remembered and the hash table skipped, and a block's 64 slots share a few
/// cache lines (voxel hashing after Nießner et al., "Real-time 3D Reconstruction at Scale using Voxel
/// Hashing", 2013).
struct VoxelBlockIndex: Sendable {
    /// Clears the two low bits of each 21-bit coordinate field: the key of a voxel's block.
    static let blockMask: UInt64 = ~(3 | (3 << 21) | (3 << 42))
    static let slotsPerBlock = 64

    private var blocks = KeySlotTable<MixedKeyHashing>(expectedCount: 0)
    private var slots: [Int32] = []
    private var lastBlockKey: UInt64 = .max
    private var lastBlockBase = 0
    /// A small direct-mapped cache of recently used blocks (key, first slot), in front of the hash
    /// table: the next rows of a depth frame revisit the blocks of the previous ones.
    private var cacheKeys = [UInt64](repeating: .max, count: VoxelBlockIndex.cacheSize)
    private var cacheBases = [Int32](repeating: 0, count: VoxelBlockIndex.cacheSize)
    static let cacheSize = 4096

    /// The place of a voxel inside its block, 0…63.
    @inline(__always)
    static func local(_ key: UInt64) -> Int {
        Int((key & 3) | ((key >> 19) & (3 << 2)) | ((key >> 38) & (3 << 4)))
    }

    /// The dense index of `key`, recording `newIndex` when the voxel is new; `inserted` tells which.
    @inline(__always)
    mutating func findOrInsert(_ key: UInt64, newIndex: Int32) -> (index: Int32, inserted: Bool) {
        let blockKey = key & Self.blockMask
        if blockKey != lastBlockKey {
            let line = Self.cacheLine(blockKey)
            if cacheKeys[line] == blockKey {
                lastBlockBase = Int(cacheBases[line])
            } else {
                let (block, isNew) = blocks.findOrInsert(blockKey, newIndex: Int32(slots.count / Self.slotsPerBlock))
                if isNew { slots.append(contentsOf: repeatElement(-1, count: Self.slotsPerBlock)) }
                lastBlockBase = Int(block) * Self.slotsPerBlock
                cacheKeys[line] = blockKey
                cacheBases[line] = Int32(lastBlockBase)
            }
            lastBlockKey = blockKey
        }
        let i = lastBlockBase + Self.local(key)
        return slots.withUnsafeMutableBufferPointer { s in
            let existing = s[i]
            if existing >= 0 { return (existing, false) }
            s[i] = newIndex
            return (newIndex, true)
        }
    }

    /// Resolves a batch of keys: `out[i]` gets the dense index of `keys[i]` (new voxels are numbered
    /// from `firstNewIndex` on and their keys appended to `newKeys`), or −1 where `keys[i]` is
    /// `UInt64.max` (a rejected point). Equivalent to `findOrInsert` per key, with the slot array held
    /// open across points (it is released only to add a block).
    mutating func resolve(_ keys: UnsafeBufferPointer<UInt64>, firstNewIndex: Int32,
                          into out: UnsafeMutableBufferPointer<Int32>, newKeys: inout [UInt64]) {
        let n = keys.count
        var i = 0
        var next = firstNewIndex
        while i < n {
            var missingBlock: UInt64?
            slots.withUnsafeMutableBufferPointer { s in
                while i < n {
                    let key = keys[i]
                    if key == .max {
                        out[i] = -1
                        i += 1
                        continue
                    }
                    let blockKey = key & Self.blockMask
                    if blockKey != lastBlockKey {
                        let line = Self.cacheLine(blockKey)
                        if cacheKeys[line] == blockKey {
                            lastBlockBase = Int(cacheBases[line])
                        } else if let block = blocks.index(of: blockKey) {
                            lastBlockBase = Int(block) * Self.slotsPerBlock
                            cacheKeys[line] = blockKey
                            cacheBases[line] = Int32(lastBlockBase)
                        } else {
                            missingBlock = blockKey
                            return
                        }
                        lastBlockKey = blockKey
                    }
                    let j = lastBlockBase + Self.local(key)
                    let existing = s[j]
                    if existing >= 0 {
                        out[i] = existing
                    } else {
                        s[j] = next
                        out[i] = next
                        newKeys.append(key)
                        next += 1
                    }
                    i += 1
                }
            }
            if let blockKey = missingBlock {
                let block = Int32(slots.count / Self.slotsPerBlock)
                _ = blocks.findOrInsert(blockKey, newIndex: block)
                slots.append(contentsOf: repeatElement(-1, count: Self.slotsPerBlock))
                lastBlockKey = blockKey
                lastBlockBase = Int(block) * Self.slotsPerBlock
                let line = Self.cacheLine(blockKey)
                cacheKeys[line] = blockKey
                cacheBases[line] = Int32(lastBlockBase)
            }
        }
    }

    /// The block cache line of a block key: x, y and z block bits folded together so that
    /// neighbouring blocks land in different lines.
    @inline(__always)
    static func cacheLine(_ blockKey: UInt64) -> Int {
        let b = blockKey >> 2
        return Int(truncatingIfNeeded: (b ^ (b >> 19) ^ (b >> 38)) & UInt64(cacheSize - 1))
    }

    /// The dense index of `key`, or `nil`.
    func index(of key: UInt64) -> Int32? {
        guard let block = blocks.index(of: key & Self.blockMask) else { return nil }
        let v = slots[Int(block) * Self.slotsPerBlock + Self.local(key)]
        return v >= 0 ? v : nil
    }

    /// Replaces the contents by `keys[i] → i`.
    mutating func rebuild(keys: [UInt64]) {
        self = VoxelBlockIndex()
        for (i, k) in keys.enumerated() { _ = findOrInsert(k, newIndex: Int32(i)) }
    }

    /// Bytes held, approximately.
    var memoryBytes: Int { slots.count * 4 + blocks.capacity * 16 }
}
