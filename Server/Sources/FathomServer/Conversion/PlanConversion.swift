import Fathom
import Foundation

/// The one function a job calls to turn scans into a floor plan, so another way of merging several
/// scans (registration of scans made in different sessions) can replace `merged(_:)` in one place.
public enum PlanConversion {
    /// The result files a job writes, in order: plan, SVG, DXF, USDZ, RoomPlan JSON.
    public static let resultNames = ["plan.json", "plan.svg", "plan.dxf", "plan.usdz", "roomplan.json"]

    /// The floor plan of `packages`, reporting progress 0–1.
    ///
    /// One scan: `FloorPlanExtractor.extract(package:)`, exactly as `fathom plan`. Several scans: their
    /// depth frames fused together, which is right when they share one world frame (scans of one
    /// ARKit session, or relocalized onto one world map); see `merged(_:)`.
    /// - Throws: `FloorPlanError` or `ScanPackageError` from the library.
    public static func convert(
        packages: [ScanPackage], configuration: FloorPlanExtractionConfiguration = FloorPlanExtractionConfiguration(),
        progress: @escaping @Sendable (Double) -> Void
    ) throws -> FloorPlanResult {
        precondition(!packages.isEmpty, "a conversion needs at least one scan")
        let extractor = FloorPlanExtractor(configuration: configuration)
        let report: (FloorPlanExtractionProgress) -> Void = { p in progress(fraction(p)) }
        if packages.count == 1 { return try extractor.extract(package: packages[0], progress: report) }
        return try merged(packages, extractor: extractor, progress: report)
    }

    /// Several scans in one world frame: every package's depth frames (subsampled to the extractor's
    /// frame budget) fused into one plan; labels of all scans kept.
    static func merged(
        _ packages: [ScanPackage], extractor: FloorPlanExtractor, progress: @escaping (FloorPlanExtractionProgress) -> Void
    ) throws -> FloorPlanResult {
        let totalDepth = packages.reduce(0) { $0 + $1.depthFrameCount }
        let step = max(1, Int((Double(totalDepth) / Double(extractor.configuration.maximumFusedFrames)).rounded(.up)))
        let frames = MergedFrames(packages: packages, depthStep: step)
        let labels = packages.flatMap(\.labels)
        let result = try extractor.extract(
            frames: frames, labels: labels, trueNorthDegrees: packages.first?.azimuth?.trueNorthDegrees, progress: progress)
        if let error = frames.failure.error { throw error }
        return result
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
