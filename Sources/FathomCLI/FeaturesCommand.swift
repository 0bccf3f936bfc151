import ArgumentParser
import Fathom
import Foundation

/// `fathom features`: filters a scan package's raw feature points into one position per feature.
public struct FeaturesCommand: OutputtingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "features",
        abstract: "Filter a scan package's raw feature points into one point per feature (PLY, XYZ).",
        discussion: """
            Samples of the same identifier are kept in a ring of --max-samples; a feature's position is \
            the mean of its samples after dropping those whose distance to the mean is more than \
            --sigma standard deviations from the mean distance. Samples within 25 cm of the camera are \
            ignored.
            """)

    /// The scan package (directory or .zip).
    @Argument(help: "The scan package (directory or .zip).")
    public var package: String

    /// Where to write the filtered features.
    @Option(name: .shortAndLong, help: "Output point cloud (.ply or .xyz), one point per feature.")
    public var output: String

    /// Samples kept per feature.
    @Option(name: .customLong("max-samples"), help: "Samples kept per feature (oldest dropped first).")
    public var maxSamples: Int = 100

    /// The outlier cut, standard deviations.
    @Option(help: "Outlier cut k: drop samples whose distance to the mean is more than kσ from the mean distance.")
    public var sigma: Float = 2

    /// Passes of the outlier cut.
    @Option(help: "Passes of the outlier cut (1 is the FindSurface demo's method).")
    public var passes: Int = 1

    /// Combine kept samples by ray-weighted least squares.
    @Flag(name: .customLong("ray-weighted"),
          help: "Combine the kept samples by ray-weighted least squares (needles seen from several sides) instead of their mean.")
    public var rayWeighted = false

    /// Write the raw samples instead.
    @Flag(help: "Write every raw sample (with its identifier) instead of the filtered features.")
    public var raw = false

    public init() {}

    public func validate() throws {
        guard maxSamples > 0 else { throw ValidationError("--max-samples must be positive") }
        guard sigma.isFinite && sigma > 0 else { throw ValidationError("--sigma must be positive") }
        guard passes > 0 else { throw ValidationError("--passes must be positive") }
    }

    public func run(output out: CommandOutput) throws {
        let scan = try ScanPackage(url: URL(fileURLWithPath: package))
        var accumulator = FeaturePointAccumulator(configuration: FeatureAccumulatorConfiguration(
            maximumSamplesPerFeature: maxSamples, sigmaMultiplier: sigma, filterPasses: passes,
            rayWeighting: rayWeighted))
        var gate = StabilizationGate()
        var stableAt: Int?
        var frames = 0, featureFrames = 0, samples = 0
        var iterator = scan.frames()
        while let frame = try iterator.next() {
            frames += 1
            gate.update(camera: frame.camera, featureCount: frame.features?.positions.count ?? 0)
            if stableAt == nil, gate.isStable { stableAt = frame.frameNumber }
            guard let f = frame.features else { continue }
            featureFrames += 1
            samples += f.positions.count
            accumulator.accumulate(frame)
        }
        accumulator.refreshFilteredPositions()
        let cloud = raw ? accumulator.rawSamples() : accumulator.filteredPoints()
        try PointCloudFile.write(cloud, to: URL(fileURLWithPath: output))
        out.line("frames: \(frames), with feature points \(featureFrames)")
        out.line("samples: \(samples), ignored (near camera or not finite) \(accumulator.rejectedSampleCount)")
        out.line("features: \(accumulator.featureCount)")
        if let stableAt {
            out.line("tracking stabilised at frame \(stableAt)")
        } else {
            out.line(String(format: "tracking not stabilised (progress %.0f%%)", gate.progress * 100))
        }
        out.line("wrote \(cloud.count) \(raw ? "samples" : "features") to \(output)")
    }
}
