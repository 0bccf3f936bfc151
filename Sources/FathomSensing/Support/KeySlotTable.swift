/// How a `KeySlotTable` spreads its keys: the home bucket of a key, any integer (masked by the table).
protocol KeyHashing {
    /// The home bucket of `key`.
    static func home(of key: UInt64) -> Int
}

/// SplitMix64's finaliser: keys spread uniformly (feature identifiers).
enum MixedKeyHashing: KeyHashing {
    @inline(__always)
    static func home(of key: UInt64) -> Int {
        var z = key &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: z ^ (z >> 31))
    }
}

/// An open-addressing hash table from 64-bit keys to dense `Int32` indices, with linear probing and
/// backward-shift deletion (no tombstones). Internal: the voxel grid and the feature accumulator use
/// it; `Hashing` chooses the home bucket (the voxel grid uses a locality-preserving one).
///
/// Capacity is a power of two kept at most half full.
struct KeySlotTable<Hashing: KeyHashing>: Sendable {
    /// One bucket: the key and its dense index, or `index == emptyIndex`.
    struct Bucket: Sendable {
        var key: UInt64
        var index: Int32
    }

    /// The marker of an empty bucket.
    static var emptyIndex: Int32 { -1 }
    /// The smallest capacity, buckets.
    static var minimumCapacity: Int { 1024 }

    private(set) var buckets: [Bucket]
    private(set) var count = 0
    private(set) var mask: Int

    /// A table with room for `expectedCount` keys without growing.
    init(expectedCount: Int = 0) {
        var cap = Self.minimumCapacity
        while cap < expectedCount * 2 { cap <<= 1 }
        buckets = Array(repeating: Bucket(key: 0, index: Self.emptyIndex), count: cap)
        mask = cap - 1
    }

    /// The capacity, buckets.
    var capacity: Int { buckets.count }

    /// The dense index stored for `key`, or `nil`.
    @inline(__always)
    func index(of key: UInt64) -> Int32? {
        let m = mask
        return buckets.withUnsafeBufferPointer { b in
            var i = Hashing.home(of: key) & m
            while true {
                let bucket = b[i]
                if bucket.index == Self.emptyIndex { return nil }
                if bucket.key == key { return bucket.index }
                i = (i + 1) & m
            }
        }
    }

    /// The dense index of `key`, inserting `newIndex` when the key is absent; `inserted` tells which.
    @inline(__always)
    mutating func findOrInsert(_ key: UInt64, newIndex: Int32) -> (index: Int32, inserted: Bool) {
        if (count + 1) * 2 > buckets.count { resize(capacity: buckets.count * 2) }
        let m = mask
        let found: (index: Int32, inserted: Bool) = buckets.withUnsafeMutableBufferPointer { b in
            var i = Hashing.home(of: key) & m
            while true {
                let bucket = b[i]
                if bucket.index == Self.emptyIndex {
                    b[i] = Bucket(key: key, index: newIndex)
                    return (newIndex, true)
                }
                if bucket.key == key { return (bucket.index, false) }
                i = (i + 1) & m
            }
        }
        if found.inserted { count += 1 }
        return found
    }

    /// Changes the index stored for a present `key`.
    mutating func setIndex(_ newIndex: Int32, for key: UInt64) {
        let m = mask
        var i = Hashing.home(of: key) & m
        while buckets[i].index != Self.emptyIndex {
            if buckets[i].key == key {
                buckets[i].index = newIndex
                return
            }
            i = (i + 1) & m
        }
        preconditionFailure("KeySlotTable.setIndex: key not present")
    }

    /// Removes `key`; returns whether it was present.
    @discardableResult
    mutating func remove(_ key: UInt64) -> Bool {
        let m = mask
        var i = Hashing.home(of: key) & m
        while true {
            let bucket = buckets[i]
            if bucket.index == Self.emptyIndex { return false }
            if bucket.key == key { break }
            i = (i + 1) & m
        }
        // Backward-shift deletion: a later member of the probe run moves into the hole unless its home
        // bucket lies cyclically in (hole, j].
        var hole = i
        var j = (i + 1) & m
        while buckets[j].index != Self.emptyIndex {
            let h = Hashing.home(of: buckets[j].key) & m
            let staysPut = hole <= j ? (h > hole && h <= j) : (h > hole || h <= j)
            if !staysPut {
                buckets[hole] = buckets[j]
                hole = j
            }
            j = (j + 1) & m
        }
        buckets[hole] = Bucket(key: 0, index: Self.emptyIndex)
        count -= 1
        return true
    }

    /// Replaces the contents by `keys[i] → i` for every `i` (keys distinct).
    mutating func rebuild<C: Collection>(keys: C) where C.Element == UInt64 {
        var cap = Self.minimumCapacity
        while cap < keys.count * 2 { cap <<= 1 }
        cap = max(cap, buckets.count)
        buckets = Array(repeating: Bucket(key: 0, index: Self.emptyIndex), count: cap)
        mask = cap - 1
        count = 0
        for (i, k) in keys.enumerated() { _ = findOrInsert(k, newIndex: Int32(i)) }
    }

    /// Empties the table, keeping its capacity.
    mutating func removeAll() {
        buckets = Array(repeating: Bucket(key: 0, index: Self.emptyIndex), count: buckets.count)
        count = 0
    }

    private mutating func resize(capacity cap: Int) {
        let old = buckets
        buckets = Array(repeating: Bucket(key: 0, index: Self.emptyIndex), count: cap)
        mask = cap - 1
        count = 0
        for b in old where b.index != Self.emptyIndex { _ = findOrInsert(b.key, newIndex: b.index) }
    }
}
