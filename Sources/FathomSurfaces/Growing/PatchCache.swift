/// The neighbourhood moments of the points one search has tested for orientation, keyed by point
/// index, so each point costs at most one neighbourhood query per search however often refits,
/// rival candidates and the final checks test it again.
///
/// An open-addressing hash table (linear probing, doubled when half full) in manually managed
/// buffers, so look-ups in the flood's inner loop neither retain nor check exclusivity.
/// - Complexity: memory and time grow with the points tested (the object and its rim), never with
///   the cloud; a look-up or insertion is O(1) on average.
final class PatchCache {
    /// Slots start at this many and double when half full.
    static let initialCapacity = 1024

    /// Point index per slot, −1 for an empty slot.
    private var keys: UnsafeMutablePointer<Int32>
    private var values: UnsafeMutablePointer<RegionGrower.LocalPatch>
    private var capacity: Int
    private var count = 0

    init() {
        capacity = Self.initialCapacity
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: -1, count: capacity)
        values = .allocate(capacity: capacity)
        values.initialize(repeating: RegionGrower.LocalPatch(), count: capacity)
    }

    deinit {
        keys.deallocate()
        values.deinitialize(count: capacity)
        values.deallocate()
    }

    @inline(__always)
    private static func slot(_ key: Int32, _ mask: Int) -> Int {
        // Fibonacci hashing spreads neighbouring indices over the table.
        Int(truncatingIfNeeded: (UInt64(UInt32(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15) >> 24) & mask
    }

    /// The slot holding point `key`'s patch, or the empty slot where it would go.
    @inline(__always)
    func find(_ key: Int) -> (slot: Int, found: RegionGrower.LocalPatch?) {
        let k = Int32(truncatingIfNeeded: key)
        let mask = capacity - 1
        var s = Self.slot(k, mask)
        while true {
            let stored = keys[s]
            if stored == k { return (s, values[s]) }
            if stored < 0 { return (s, nil) }
            s = (s + 1) & mask
        }
    }

    /// Stores point `key`'s patch in the empty `slot` that `find` returned.
    func insert(_ key: Int, _ patch: RegionGrower.LocalPatch, at slot: Int) {
        keys[slot] = Int32(truncatingIfNeeded: key)
        values[slot] = patch
        count += 1
        if 2 * count > capacity { grow() }
    }

    private func grow() {
        let oldKeys = keys, oldValues = values, oldCapacity = capacity
        capacity *= 2
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: -1, count: capacity)
        values = .allocate(capacity: capacity)
        values.initialize(repeating: RegionGrower.LocalPatch(), count: capacity)
        let mask = capacity - 1
        for s in 0..<oldCapacity where oldKeys[s] >= 0 {
            var t = Self.slot(oldKeys[s], mask)
            while keys[t] >= 0 { t = (t + 1) & mask }
            keys[t] = oldKeys[s]
            values[t] = oldValues[s]
        }
        oldKeys.deallocate()
        oldValues.deinitialize(count: oldCapacity)
        oldValues.deallocate()
    }
}
