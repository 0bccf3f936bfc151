import ArgumentParser
import Fathom
import Foundation

/// `fathom cloud`: fuses a scan package's LiDAR depth frames into one coloured world point cloud.
public struct CloudCommand: OutputtingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "cloud",
        abstract: "Fuse a scan package's depth frames into a coloured point cloud (PLY, XYZ).",
        discussion: """
            Each depth sample is unprojected with the intrinsics scaled to the depth map, moved to world \
            space with the frame's pose, coloured from the camera image and kept when its confidence \
            reaches --confidence; the frames are fused on a voxel grid (one averaged point per voxel).
            """)

    /// The scan package (directory or .zip).
    @Argument(help: "The scan package (directory or .zip).")
    public var package: String

    /// Where to write the cloud.
    @Option(name: .shortAndLong, help: "Output point cloud (.ply or .xyz).")
    public var output: String

    /// Lowest confidence kept.
    @Option(help: "Lowest confidence kept: low, medium or high.")
    public var confidence: String = "medium"

    /// Enlarged depth size, `WxH`.
    @Option(help: "Enlarge depth with the guided filter to WxH (e.g. 960x720) before unprojecting.")
    public var upsample: String?

    /// Voxel edge, metres.
    @Option(help: "Voxel edge, metres.")
    public var voxel: Float = 0.01

    /// Frame range `A:B` (frame numbers, inclusive; either side may be empty).
    @Option(help: "Frame numbers A:B to use (inclusive; A: or :B for open ends).")
    public var frames: String?

    /// Samples nearer than this are dropped, metres.
    @Option(name: .customLong("min-distance"), help: "Drop samples nearer than this, metres.")
    public var minimumDistance: Float = 0.1

    /// Voxels with fewer samples are left out.
    @Option(name: .customLong("min-samples"), help: "Leave out voxels with fewer samples (1 keeps every voxel).")
    public var minSamples: Int = 2

    /// Most points kept.
    @Option(help: "Point budget: most voxels kept (oldest evicted first).")
    public var budget: Int = 2_000_000

    public init() {}

    public func validate() throws {
        guard ConfidenceLevel(name: confidence) != nil else {
            throw ValidationError("--confidence must be low, medium or high, not '\(confidence)'")
        }
        if let upsample { _ = try Self.parseSize(upsample) }
        if let frames { _ = try Self.parseRange(frames) }
        guard voxel.isFinite && voxel > 0 else { throw ValidationError("--voxel must be a positive number of metres") }
        guard minimumDistance.isFinite && minimumDistance >= 0 else {
            throw ValidationError("--min-distance must be ≥ 0")
        }
        guard budget > 0 else { throw ValidationError("--budget must be positive") }
        guard minSamples > 0 else { throw ValidationError("--min-samples must be positive") }
    }

    public func run(output out: CommandOutput) throws {
        let scan = try ScanPackage(url: URL(fileURLWithPath: package))
        let range = try frames.map(Self.parseRange) ?? (Int.min...Int.max)
        let size = try upsample.map(Self.parseSize)
        let builder = DepthCloudBuilder(configuration: DepthCloudConfiguration(
            minimumConfidence: ConfidenceLevel(name: confidence)!, minimumDistance: minimumDistance))
        var pipeline = DepthFusionPipeline(
            builder: builder, upsampler: size == nil ? nil : GuidedDepthUpsampler(), upsampledSize: size,
            fusion: VoxelFusionConfiguration(voxelSize: voxel, pointBudget: budget))
        let progress = ProgressReporter()
        var iterator = scan.frames()
        var index = 0
        let start = Date()
        while let frame = try iterator.next() {
            index += 1
            guard range.contains(frame.frameNumber) else { continue }
            pipeline.process(frame)
            progress.update("cloud", fraction: Double(index) / Double(max(1, scan.frameCount)))
        }
        let seconds = Date().timeIntervalSince(start)
        let cloud = pipeline.fusion.pointCloud(minimumSampleCount: minSamples)
        try PointCloudFile.write(cloud, to: URL(fileURLWithPath: output))
        let r = pipeline.report
        out.line("frames: \(r.frameCount) in range, \(r.depthFrameCount) with depth, \(r.fusedFrameCount) fused")
        if r.framesWithoutColor > 0 { out.line("frames without colour (points uncoloured): \(r.framesWithoutColor)") }
        if r.framesNotUpsampled > 0 { out.line("frames not enlarged (no colour image): \(r.framesNotUpsampled)") }
        for s in r.skipped { out.line("skipped: \(s)") }
        let st = r.samples
        out.line("samples: \(st.sampleCount), kept \(st.keptCount), invalid \(st.invalidCount), "
            + "below \(confidence) confidence \(st.lowConfidenceCount), out of range \(st.outOfRangeCount)")
        out.line("points: \(cloud.count) of \(pipeline.fusion.count) voxels with ≥ \(minSamples) samples "
            + "(voxel \(voxel) m, evicted \(pipeline.fusion.evictedCount))")
        if r.fusedFrameCount > 0 {
            let fps = Double(r.fusedFrameCount) / max(seconds, 1e-9)
            out.line(String(format: "speed: %.0f depth frames/s", fps))
        }
        out.line("wrote \(output)")
    }

    /// Parses `WxH` into a positive size.
    static func parseSize(_ text: String) throws -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else {
            throw ValidationError("--upsample must be WxH with positive integers, e.g. 960x720, not '\(text)'")
        }
        return (w, h)
    }

    /// Parses `A:B`, `A:` or `:B` into an inclusive range of frame numbers.
    static func parseRange(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw ValidationError("--frames must be A:B, not '\(text)'") }
        let a = parts[0].isEmpty ? Int.min : Int(parts[0])
        let b = parts[1].isEmpty ? Int.max : Int(parts[1])
        guard let a, let b, a <= b else { throw ValidationError("--frames must be A:B with A ≤ B, not '\(text)'") }
        return a...b
    }
}
