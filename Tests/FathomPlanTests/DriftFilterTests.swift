import Testing

@testable import FathomPlan

/// The pose refinement's filter: how much of a frame's alignment it applies, on hand-computed cases.
@Suite struct DriftFilterTests {
    /// Tolerance of the hand-computed gains (relative).
    static let tolerance = 1e-9

    /// One constrained direction (x), unit information per block: the measurement's variance is
    /// `A⁻¹ M A⁻¹` with the small-sample factor, the gain `P / (P + R)`.
    static func xOnly(blockSums: [Double], value: Double) -> (constrained: [(value: Double, vector: [Double])], meat: [Double]) {
        var meat = [Double](repeating: 0, count: 16)
        meat[0] = blockSums.reduce(0) { $0 + $1 * $1 }
        return ([(value: value, vector: [1, 0, 0, 0])], meat)
    }

    @Test func aPoseThatCannotHaveDriftedIsNotMoved() throws {
        // No step since the start: the correction cannot have changed, so no alignment moves it.
        var filter = DriftFilter()
        let (constrained, meat) = Self.xOnly(blockSums: [0.01, -0.01, 0.02, -0.02], value: 100)
        let update = filter.update(measurement: [0.01, 0, 0, 0], constrained: constrained, meat: meat, blocks: 4)
        let change = try #require(update)
        #expect(change.allSatisfy { abs($0) < 1e-12 })
    }

    @Test func theGainIsTheDriftVarianceOverTheTotal() throws {
        var filter = DriftFilter()
        // 2 m walked: shift σ = 0.01 · 2 = 2 cm (no time, no turn).
        filter.predict(moved: 2, seconds: 0, turned: 0)
        let p = 0.02 * 0.02
        #expect(abs(filter.covariance[0] - p) < p * Self.tolerance)
        let sums = [0.05, -0.03, 0.04, -0.06]
        let value = 50.0
        let (constrained, meat) = Self.xOnly(blockSums: sums, value: value)
        let r = sums.reduce(0) { $0 + $1 * $1 } / (value * value) * 4.0 / 3.0
        let z = 0.015
        let update = filter.update(measurement: [z, 0, 0, 0], constrained: constrained, meat: meat, blocks: 4)
        let change = try #require(update)
        let expected = p / (p + r) * z
        #expect(abs(change[0] - expected) < abs(expected) * 1e-6)
        // y and z are not measured: they do not move, and their variance stays.
        #expect(abs(change[1]) < 1e-12 && abs(change[2]) < 1e-12 && abs(change[3]) < 1e-12)
        // (Unmeasured directions count as 1 m² of noise, so their variance falls by P / (P + 1).)
        #expect(abs(filter.covariance[5] - p) < p * 1e-3)
        // x's variance falls to P R / (P + R).
        #expect(abs(filter.covariance[0] - p * r / (p + r)) < p * 1e-6)
    }

    @Test func anErrorSharedByTheWholeFrameIsBelievedLess() throws {
        // Residuals of one size, once with signs varying within each block (independent errors:
        // small block sums) and once with one sign over the whole frame (an error the frame shares:
        // large block sums): the shared one is a larger uncertainty of the alignment, so less of it
        // is applied.
        var independent = DriftFilter()
        var shared = DriftFilter()
        independent.predict(moved: 0.1, seconds: 0, turned: 0)
        shared.predict(moved: 0.1, seconds: 0, turned: 0)
        let a = Self.xOnly(blockSums: [0.02, -0.02, 0.02, -0.02], value: 20)
        let b = Self.xOnly(blockSums: [0.08, 0.08, 0.08, 0.08], value: 20)
        let z = [0.01, 0.0, 0.0, 0.0]
        let u1 = independent.update(measurement: z, constrained: a.constrained, meat: a.meat, blocks: 4)
        let u2 = shared.update(measurement: z, constrained: b.constrained, meat: b.meat, blocks: 4)
        let x1 = try #require(u1)
        let x2 = try #require(u2)
        #expect(x1[0] > 2 * x2[0])
        #expect(x2[0] > 0)
    }
}
