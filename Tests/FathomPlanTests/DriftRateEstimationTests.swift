import FathomCore
import Testing

@testable import FathomPlan

/// The drift filter measures how much a walk drifts from the walk's own alignments: fed the
/// alignments of a walk whose true correction follows a known random walk (a known fraction of the
/// allowances), it estimates that fraction, and the alignments' true scatter over what their
/// residuals claim.
@Suite struct DriftRateEstimationTests {
    /// Fused frames per synthetic walk (about two minutes at 7 frames a second).
    static let frames = 800
    /// Metres and seconds per fused step, and the standard deviation of the view's turn per step
    /// (radians).
    static let stepMetres = 0.14
    static let stepSeconds = 0.1
    static let turnPerStep = 0.03
    /// The alignment's standard deviation as its residuals claim it (metres for a shift, radians for
    /// the turn) and its eigenvalue per direction.
    static let claimedDeviation = 0.0005
    static let information = 1000.0
    /// Tolerances of the estimates: the drift scale within this of the truth (absolute, as a
    /// fraction of the allowance), the noise scale within this fraction.
    static let driftTolerance = 0.12
    static let noiseTolerance = 0.35

    /// Runs the filter over a synthetic walk: the true correction drifts by `drift` (a fraction of
    /// the allowances, as variance), each alignment measures it (relative to the correction applied
    /// so far) with `scatter` times the variance its residuals claim; the frame sees one wall (y not
    /// constrained) every third frame. `adapts` false holds the scales at 1 (the allowances taken
    /// whole, as before session 12). Returns the filter and the largest position error of the
    /// applied correction over the walk's second half (once the scales are measured), metres.
    static func walk(drift: Double, scatter: Double, seed: UInt64, adapts: Bool = true) -> (DriftFilter, Double) {
        var random = SeededGenerator(seed: seed)
        var filter = DriftFilter()
        filter.adapts = adapts
        var truth = [Double](repeating: 0, count: 4)
        var applied = [Double](repeating: 0, count: 4)
        var largest = 0.0
        for k in 0..<frames {
            if k > 0 {
                let turned = turnPerStep * random.nextGaussian()
                filter.predict(moved: stepMetres, seconds: stepSeconds, turned: turned)
                let shift = DriftFilter.shiftPerMetre * stepMetres + DriftFilter.shiftPerSecond * stepSeconds
                let turn = DriftFilter.turnPerSecond * stepSeconds + DriftFilter.turnPerRadian * abs(turned)
                for i in 0..<3 { truth[i] += drift.squareRoot() * shift * random.nextGaussian() }
                truth[3] += drift.squareRoot() * turn * random.nextGaussian()
            }
            var constrained: [(value: Double, vector: [Double])] = []
            var meat = [Double](repeating: 0, count: 16)
            var measurement = [Double](repeating: 0, count: 4)
            for i in 0..<4 where !(i == 1 && k % 3 == 0) {
                var vector = [Double](repeating: 0, count: 4)
                vector[i] = 1
                constrained.append((information, vector))
                // Four blocks: the small-sample factor 4/3 is taken out so R is the claimed variance.
                meat[i * 5] = claimedDeviation * claimedDeviation * information * information * 3 / 4
                measurement[i] = truth[i] - applied[i] + scatter.squareRoot() * claimedDeviation * random.nextGaussian()
            }
            if let change = filter.update(measurement: measurement, constrained: constrained, meat: meat, blocks: 4) {
                for i in 0..<4 { applied[i] += change[i] }
            }
            let error = (0..<3).reduce(0.0) { $0 + (truth[$1] - applied[$1]) * (truth[$1] - applied[$1]) }.squareRoot()
            if k >= frames / 2 { largest = max(largest, error) }
        }
        return (filter, largest)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func anExactWalkMeasuresNoDrift(seed: UInt64) {
        let (filter, largest) = Self.walk(drift: 0, scatter: 5, seed: seed)
        #expect(filter.shiftDriftScale < Self.driftTolerance)
        #expect(filter.turnDriftScale < Self.driftTolerance)
        #expect(abs(filter.noiseScale - 5) < 5 * Self.noiseTolerance, "noise scale \(filter.noiseScale)")
        // The correction stays within the alignments' own scatter (σ √5 · 0.5 mm ≈ 1.1 mm) of zero
        // rather than following them: the allowances alone let it wander several millimetres.
        let (_, constant) = Self.walk(drift: 0, scatter: 5, seed: seed, adapts: false)
        #expect(largest < constant / 2, "adaptive \(largest), constants \(constant)")
    }

    @Test(arguments: [(0.25, UInt64(4)), (1.0, UInt64(5))])
    func aDriftingWalkMeasuresItsRate(drift: Double, seed: UInt64) {
        let (filter, _) = Self.walk(drift: drift, scatter: 5, seed: seed)
        #expect(abs(filter.shiftDriftScale - drift) < Self.driftTolerance, "shift scale \(filter.shiftDriftScale)")
        #expect(abs(filter.noiseScale - 5) < 5 * Self.noiseTolerance, "noise scale \(filter.noiseScale)")
    }

    @Test func theScalesStartAtTheAllowances() {
        let filter = DriftFilter()
        #expect(filter.shiftDriftScale == 1 && filter.turnDriftScale == 1 && filter.noiseScale == 1)
    }
}
