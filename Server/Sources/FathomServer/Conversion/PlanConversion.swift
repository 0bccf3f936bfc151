import Fathom
import Foundation

/// The one function a job calls to turn scans into floor plans, and how their results are written.
public enum PlanConversion {
    /// The result files of every job, in order: plan, SVG, DXF, USDZ, RoomPlan JSON. A job over several
    /// scans adds `mergeReportName` and, for each scan that could not be merged, `plan-2.json`, ….
    public static let resultNames = ["plan.json", "plan.svg", "plan.dxf", "plan.usdz", "roomplan.json"]
    /// The merge report of a job over several scans (`MergeReport`).
    public static let mergeReportName = "merge.json"

    /// The floor plans of `packages`, reporting progress 0–1.
    ///
    /// One scan: `FloorPlanExtractor.extract(package:)`, exactly as `fathom plan`. Several scans:
    /// `FloorPlanExtractor.extract(packages:)`, as `fathom plan A.zip B.zip …`: scans made in separate
    /// sessions (each its own world frame) are registered into the first one's frame and give one plan;
    /// a scan that cannot be registered gets a plan of its own and a message says why.
    /// - Throws: `FloorPlanError` or `ScanPackageError` from the library.
    /// - Parameter names: how messages name the scans (the job's scan identifiers), one per package.
    public static func convert(
        packages: [ScanPackage], names: [String]? = nil, configuration: FloorPlanExtractionConfiguration = FloorPlanExtractionConfiguration(),
        progress: @escaping @Sendable (Double) -> Void
    ) throws -> FloorPlanMergeResult {
        precondition(!packages.isEmpty, "a conversion needs at least one scan")
        let extractor = FloorPlanExtractor(configuration: configuration)
        let report: (FloorPlanExtractionProgress) -> Void = { p in progress(fraction(p)) }
        if packages.count == 1 {
            let result = try extractor.extract(package: packages[0], progress: report)
            return FloorPlanMergeResult(
                plans: [.init(result: result, scans: [FloorPlanScanPlacement(scanIndex: 0, planFromScan: .identity)])])
        }
        return try extractor.extract(packages: packages, names: names, progress: report)
    }

    /// Writes every result file of `result` into `folder`: the first plan with its drawings and, for a
    /// job over several scans (`scanIDs`, in the order converted), the other plans (`plan-2.json`, …)
    /// and `merge.json`. Returns the names written, in order.
    static func writeResults(_ result: FloorPlanMergeResult, scanIDs: [String], to folder: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let first = result.plans[0].result.plan
        try first.write(to: folder.appendingPathComponent("plan.json"))
        let formats: [(String, FloorPlanExportFormat)] = [
            ("plan.svg", .svg), ("plan.dxf", .dxf), ("plan.usdz", .usdz), ("roomplan.json", .roomPlanJSON),
        ]
        for (name, format) in formats {
            try FloorPlanExport.write(first, format: format, to: folder.appendingPathComponent(name))
        }
        guard scanIDs.count > 1 else { return resultNames }
        var names = resultNames
        var plans: [MergeReport.Plan] = []
        for (k, entry) in result.plans.enumerated() {
            let file = k == 0 ? "plan.json" : "plan-\(k + 1).json"
            if k > 0 {
                try entry.result.plan.write(to: folder.appendingPathComponent(file))
                names.append(file)
            }
            plans.append(MergeReport.Plan(file: file, scans: entry.scans.map { scanIDs[$0.scanIndex] }))
        }
        let report = MergeReport(plans: plans, messages: result.messages, isMerged: result.isMerged)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(report).write(to: folder.appendingPathComponent(mergeReportName), options: .atomic)
        names.append(mergeReportName)
        return names
    }

    /// Progress 0–1 from the extractor's stages: fusing is most of the time.
    static func fraction(_ p: FloorPlanExtractionProgress) -> Double {
        let stages = FloorPlanExtractionProgress.Stage.allCases
        let fusingShare = 0.8
        if p.stage == .fusing { return fusingShare * (p.total > 0 ? min(1, Double(p.completed) / Double(p.total)) : 0) }
        let index = Double(stages.firstIndex(of: p.stage) ?? 0)
        return min(0.99, fusingShare + (1 - fusingShare) * index / Double(stages.count))
    }
}
