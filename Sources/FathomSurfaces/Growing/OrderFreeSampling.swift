/// Orders and samples of a region's points that depend on the points' coordinates only, never on
/// their indices or the order of a list: the same points in another order of the cloud give the same
/// sample in the same order, so the fits drawn from it, and an order-free search
/// (`SurfaceFinder.orderFree`), give the same answer.
enum OrderFreeSampling {
    /// A 64-bit hash of a position's coordinates (their bit patterns), well mixed.
    @inline(__always)
    static func hash(_ p: SIMD3<Float>) -> UInt64 {
        var h = UInt64(p.x.bitPattern) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(p.y.bitPattern) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= UInt64(p.z.bitPattern) &* 0x1656_67B1_9E37_79F9
        return mix(h)
    }

    /// The SplitMix64 finaliser.
    @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        var h = x
        h ^= h >> 31
        h &*= 0xBF58_476D_1CE4_E5B9
        h ^= h >> 27
        h &*= 0x94D0_49BB_1331_11EB
        h ^= h >> 31
        return h
    }

    /// `indices` in coordinate order (x, then y, then z; points at the same position by index, which
    /// are interchangeable).
    /// - Complexity: O(n log n).
    static func coordinateSorted(_ indices: [Int], _ positions: [SIMD3<Float>]) -> [Int] {
        indices.sorted { i, j in
            let a = positions[i], b = positions[j]
            if a.x != b.x { return a.x < b.x }
            if a.y != b.y { return a.y < b.y }
            if a.z != b.z { return a.z < b.z }
            return i < j
        }
    }

    /// The threshold pass keeps about this many times the sample before the exact cut.
    static let hashedOversampling = 1.25
    /// A threshold fraction from which every hash passes (its product with 2⁶⁴ would round to 2⁶⁴).
    static let wholeFraction = 0.999

    /// At most `maximum` of the points at `indices`: those whose coordinates hash lowest, a uniform
    /// random sample that depends on the points alone, not on the list's order or the points'
    /// indices. Returned in hash order (all of them, in hash order, when there are at most `maximum`).
    /// - Complexity: O(n) hashes, plus O(maximum log maximum).
    static func hashed(_ indices: [Int], _ positions: [SIMD3<Float>], maximum: Int) -> [Int] {
        guard maximum > 0 else { return [] }
        var kept: [(hash: UInt64, index: Int)] = []
        let n = indices.count
        if n <= maximum {
            kept.reserveCapacity(n)
            for i in indices { kept.append((hash(positions[i]), i)) }
        } else {
            // A threshold on the hash keeps about `hashedOversampling` × maximum points in one pass;
            // raised (rarely) when it kept too few.
            var fraction = min(1, hashedOversampling * Double(maximum) / Double(n))
            kept.reserveCapacity(Int(fraction * Double(n) * 1.2) + 16)
            positions.withUnsafeBufferPointer { P in
                while true {
                    kept.removeAll(keepingCapacity: true)
                    let threshold = fraction >= Self.wholeFraction ? UInt64.max : UInt64(fraction * 0x1p64)
                    for i in indices {
                        let h = hash(P[i])
                        if h <= threshold { kept.append((h, i)) }
                    }
                    if kept.count >= maximum || fraction >= Self.wholeFraction { break }
                    fraction = min(1, fraction * 2)
                }
            }
        }
        kept.sort { $0.hash < $1.hash || ($0.hash == $1.hash && $0.index < $1.index) }
        return kept.prefix(maximum).map(\.index)
    }
}
