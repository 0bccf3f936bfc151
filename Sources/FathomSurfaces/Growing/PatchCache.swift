/// The neighbourhood moments of the points one search has tested for orientation, keyed by point
/// index, so each point costs at most one neighbourhood query per search however often refits,
/// rival candidates and the final checks test it again.
///
/// An open-addressing hash table (linear probing, doubled when half full) of slots holding a point
/// index and the place of its patch in a dense list, in manually managed buffers, so look-ups in the
/// flood's inner loop neither retain nor check exclusivity (the properties are unchecked: one search
/// owns its cache and uses it from one thread).
/// - Complexity: memory and time grow with the points tested (the object and its rim), never with
///   the cloud; a look-up or insertion is O(1) on average.
final class PatchCache {
    /// Slots start at this many and double when half full.
    static let initialCapacity = 1024

    /// Point index per slot, −1 for an empty slot.
    @exclusivity(unchecked) private var keys: UnsafeMutablePointer<Int32>
    /// Where each slot's patch is in `values`.
    @exclusivity(unchecked) private var places: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var capacity: Int
    /// The patches, in insertion order.
    @exclusivity(unchecked) private var values: UnsafeMutablePointer<RegionGrower.LocalPatch>
    @exclusivity(unchecked) private var valueCapacity: Int
    @exclusivity(unchecked) private var count = 0

    init() {
        capacity = Self.initialCapacity
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: -1, count: capacity)
        places = .allocate(capacity: capacity)
        valueCapacity = capacity / 2
        values = .allocate(capacity: valueCapacity)
    }

    deinit {
        keys.deallocate()
        places.deallocate()
        values.deinitialize(count: count)
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
            if stored == k { return (s, values[Int(places[s])]) }
            if stored < 0 { return (s, nil) }
            s = (s + 1) & mask
        }
    }

    /// Stores point `key`'s patch in the empty `slot` that `find` returned.
    func insert(_ key: Int, _ patch: RegionGrower.LocalPatch, at slot: Int) {
        if count == valueCapacity {
            let bigger = UnsafeMutablePointer<RegionGrower.LocalPatch>.allocate(capacity: valueCapacity * 2)
            bigger.moveInitialize(from: values, count: count)
            values.deallocate()
            values = bigger
            valueCapacity *= 2
        }
        (values + count).initialize(to: patch)
        keys[slot] = Int32(truncatingIfNeeded: key)
        places[slot] = Int32(count)
        count += 1
        if 2 * count > capacity { grow() }
    }

    private func grow() {
        let oldKeys = keys, oldPlaces = places, oldCapacity = capacity
        capacity *= 2
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: -1, count: capacity)
        places = .allocate(capacity: capacity)
        let mask = capacity - 1
        for s in 0..<oldCapacity where oldKeys[s] >= 0 {
            var t = Self.slot(oldKeys[s], mask)
            while keys[t] >= 0 { t = (t + 1) & mask }
            keys[t] = oldKeys[s]
            places[t] = oldPlaces[s]
        }
        oldKeys.deallocate()
        oldPlaces.deallocate()
    }
}
