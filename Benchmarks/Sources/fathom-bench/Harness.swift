import Foundation

/// One benchmark: a name, how many timed iterations, and the work of one iteration.
///
/// `setUp` runs once, untimed, and returns the closure that is timed; anything it builds (clouds,
/// indices) is captured by that closure.
struct BenchmarkCase {
    /// A stable name, `area/what/size` (e.g. `index/build/1M`).
    let name: String
    /// Timed iterations (after one untimed warm-up).
    let iterations: Int
    /// Builds the inputs and returns the timed work.
    let setUp: () -> (() -> Void)
}

/// An untimed measurement that prints its own table (accuracy sweeps, CPU-time tables); run with
/// `--reports`, never part of the JSON output.
struct BenchmarkReport {
    /// A stable name, `area/what`.
    let name: String
    /// Prints the report to standard output.
    let run: () -> Void
}

/// The figures of one benchmark, milliseconds per iteration.
struct BenchmarkResult: Codable {
    let name: String
    let unit: String
    let median: Double
    let p90: Double
    let iterations: Int
}

/// Keeps the optimiser from removing work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) { _ = value }

enum Harness {
    /// Runs one case: a warm-up, then `iterations` timed runs (`FATHOM_BENCH_ITERATIONS` overrides
    /// the count, e.g. to collect enough samples under a profiler).
    static func run(_ c: BenchmarkCase) -> BenchmarkResult {
        let work = c.setUp()
        work()
        let iterations = ProcessInfo.processInfo.environment["FATHOM_BENCH_ITERATIONS"].flatMap { Int($0) }
            .map { max(1, $0) } ?? c.iterations
        var times: [Double] = []
        times.reserveCapacity(iterations)
        for _ in 0..<iterations {
            let t0 = DispatchTime.now().uptimeNanoseconds
            work()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
        times.sort()
        let median = times[times.count / 2]
        let p90 = times[min(times.count - 1, Int((Double(times.count) * 0.9).rounded(.down)))]
        return BenchmarkResult(name: c.name, unit: "ms", median: median, p90: p90, iterations: iterations)
    }
}
