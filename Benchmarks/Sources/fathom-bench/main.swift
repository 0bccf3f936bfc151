import Foundation

// fathom-bench [--json] [--filter SUBSTRING] [--reports]
// Prints a table of per-iteration times (median and 90th percentile, milliseconds); with --json,
// one JSON object per benchmark, one per line. With --reports, runs the untimed reports (accuracy
// sweeps and the like) whose names match the filter instead.
let arguments = CommandLine.arguments.dropFirst()
let json = arguments.contains("--json")
let reports = arguments.contains("--reports")
let filter: String? = arguments.firstIndex(of: "--filter").flatMap { i in
    arguments.index(after: i) < arguments.endIndex ? arguments[arguments.index(after: i)] : nil
}

// Each capability contributes its cases from its own file.
let allCases: [BenchmarkCase] =
    coreBenchmarks
    + ioBenchmarks
    + scanPackageBenchmarks
    + scanBenchmarks
    + scanRecordingBenchmarks
    + simulatorBenchmarks
    + surfaceBenchmarks
    + handsBenchmarks
    + sensingBenchmarks
    + thinFilmBenchmarks
    + thinFilmShadingBenchmarks
    + planExportBenchmarks
    + anchorBenchmarks
    + planBenchmarks
    + relocalizationBenchmarks
    + importBenchmarks

if reports {
    for report in surfaceReports + thinFilmReports + planReports + planFurnishedReports + relocalizationReports
    where filter == nil || report.name.contains(filter!) {
        print("== \(report.name)")
        report.run()
    }
    exit(0)
}

let selected = allCases.filter { filter == nil || $0.name.contains(filter!) }
if !json {
    print("benchmark".padding(toLength: 36, withPad: " ", startingAt: 0) + "    median ms       p90 ms  iterations")
}
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
for c in selected {
    let r = Harness.run(c)
    if json {
        print(String(decoding: try encoder.encode(r), as: UTF8.self))
    } else {
        print(r.name.padding(toLength: 36, withPad: " ", startingAt: 0)
            + String(format: "%14.4f %12.4f %11d", r.median, r.p90, r.iterations))
    }
}
