/// A fast deterministic random number generator (SplitMix64 seeding xoshiro256**).
///
/// Every random choice in Fathom takes a generator so that runs are reproducible from a seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    @usableFromInline var s: (UInt64, UInt64, UInt64, UInt64)

    /// Creates a generator from a seed; equal seeds give equal sequences.
    public init(seed: UInt64) {
        var x = seed
        func splitMix() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s = (splitMix(), splitMix(), splitMix(), splitMix())
    }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        let result = ((s.1 &* 5) << 7 | (s.1 &* 5) >> 57) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = s.3 << 45 | s.3 >> 19
        return result
    }
}

extension RandomNumberGenerator {
    /// A standard normal sample (Box–Muller).
    public mutating func nextGaussian() -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &self)
        let u2 = Double.random(in: 0..<1, using: &self)
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }

    /// A normal sample with the given mean and standard deviation.
    public mutating func nextGaussian(mean: Double, standardDeviation: Double) -> Double {
        mean + standardDeviation * nextGaussian()
    }

    /// A uniformly distributed unit vector.
    public mutating func nextUnitVector() -> SIMD3<Float> {
        while true {
            let v = SIMD3<Float>(
                Float.random(in: -1...1, using: &self), Float.random(in: -1...1, using: &self),
                Float.random(in: -1...1, using: &self))
            let l = v.lengthSquared
            if l > 1e-6 && l <= 1 { return v / l.squareRoot() }
        }
    }
}

import Foundation
