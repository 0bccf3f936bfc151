/// A growable list of neighbours (point index, squared distance in square metres) in a buffer of its
/// own, for the flood's inner loop: appending checks neither uniqueness nor exclusivity, as a Swift
/// array's append does. The owner calls `deallocate()` once (one flood round owns one buffer).
struct NeighbourBuffer {
    /// Entries the buffer starts with (a query returns a few dozen to a few hundred neighbours).
    static let initialCapacity = 512

    private var storage: UnsafeMutablePointer<(index: Int32, squaredDistance: Float)>
    private var capacity: Int
    /// The number of neighbours held.
    private(set) var count = 0

    init() {
        capacity = Self.initialCapacity
        storage = .allocate(capacity: capacity)
    }

    /// Appends point `index` at squared distance `squaredDistance` (square metres).
    @inline(__always)
    mutating func append(_ index: Int, _ squaredDistance: Float) {
        if count == capacity { grow() }
        (storage + count).initialize(to: (Int32(truncatingIfNeeded: index), squaredDistance))
        count += 1
    }

    /// Neighbour `k` (0 ≤ k < count).
    @inline(__always)
    subscript(k: Int) -> (index: Int32, squaredDistance: Float) { storage[k] }

    /// Empties the list, keeping its buffer.
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Frees the buffer; the list must not be used afterwards.
    func deallocate() { storage.deallocate() }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<(index: Int32, squaredDistance: Float)>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = bigger
        capacity *= 2
    }
}
