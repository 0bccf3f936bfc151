import FathomCore
import Testing

@testable import FathomSurfaces

/// `OrderFreeSampling.hashed`: a uniform sample chosen by the points' coordinates, whatever their order.
@Suite struct HashedSampleTests {
    /// A plane grid of this many points a side, this far apart (metres).
    static let side = 200
    static let spacing: Float = 0.01
    static let maximum = 2000
    /// Quarters of the grid each hold a quarter of the sample, within this fraction of a quarter
    /// (a uniform sample of 2000: a quarter's count has a standard deviation of about 4% of 500).
    static let quarterTolerance = 0.15

    @Test func sameSampleForAnyOrderAndSpreadOverTheGrid() {
        var positions: [SIMD3<Float>] = []
        for y in 0..<Self.side { for x in 0..<Self.side { positions.append(SIMD3(Float(x), Float(y), 0) * Self.spacing) } }
        let all = Array(positions.indices)
        let sample = OrderFreeSampling.hashed(all, positions, maximum: Self.maximum)
        #expect(sample.count == Self.maximum)
        #expect(Set(sample).count == sample.count)
        // The same points in another order of the list and of the cloud.
        var order = all
        var g = SeededGenerator(seed: 1)
        order.shuffle(using: &g)
        let permuted = order.map { positions[$0] }
        var list = all
        list.shuffle(using: &g)
        let other = OrderFreeSampling.hashed(list, permuted, maximum: Self.maximum).map { order[$0] }
        #expect(other == sample)
        // Uniform: each quarter of the grid holds about a quarter of the sample.
        let mid = Float(Self.side) * Self.spacing / 2
        var quarters = [Int](repeating: 0, count: 4)
        for i in sample { quarters[(positions[i].x < mid ? 0 : 1) + (positions[i].y < mid ? 0 : 2)] += 1 }
        for q in quarters {
            #expect(abs(Double(q) / Double(sample.count) - 0.25) <= 0.25 * Self.quarterTolerance, "\(quarters)")
        }
        // At most `maximum` points: all of them, in an order that does not depend on the list's.
        let few = Array(all.prefix(50))
        #expect(OrderFreeSampling.hashed(few.reversed(), positions, maximum: Self.maximum)
                == OrderFreeSampling.hashed(few, positions, maximum: Self.maximum))
        #expect(Set(OrderFreeSampling.hashed(few, positions, maximum: Self.maximum)) == Set(few))
    }
}
