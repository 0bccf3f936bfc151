import FathomCore

/// Depth frames to a fused world cloud: optional guided enlargement, unprojection with colour and
/// confidence filtering (`DepthCloudBuilder`), then voxel fusion (`VoxelFusion`). Frames are fed one by
/// one; bad frames are skipped and recorded in `report`, never thrown.
public struct DepthFusionPipeline: Sendable {
    /// The unprojection and sample filter.
    public let builder: DepthCloudBuilder
    /// The enlargement, when depth is enlarged before unprojection.
    public let upsampler: GuidedDepthUpsampler?
    /// The enlarged size, pixels; `nil` enlarges to the guide image's size.
    public let upsampledSize: (width: Int, height: Int)?
    /// The fused cloud so far.
    public private(set) var fusion: VoxelFusion
    /// Counts of frames and samples.
    public private(set) var report = DepthFusionReport()

    /// Creates a pipeline. Pass an `upsampler` to enlarge each depth map (guided by the frame's
    /// colour image) to `upsampledSize`, or to the colour image's size when that is `nil`.
    public init(builder: DepthCloudBuilder = DepthCloudBuilder(), upsampler: GuidedDepthUpsampler? = nil,
                upsampledSize: (width: Int, height: Int)? = nil,
                fusion: VoxelFusionConfiguration = VoxelFusionConfiguration()) {
        self.builder = builder
        self.upsampler = upsampler
        self.upsampledSize = upsampledSize
        self.fusion = VoxelFusion(configuration: fusion)
    }

    /// Feeds one frame; frames without depth only count.
    public mutating func process(_ frame: SensorFrame) {
        report.frameCount += 1
        guard var depth = frame.depth else { return }
        report.depthFrameCount += 1
        let color = frame.color?.image
        if let upsampler {
            if let guide = color {
                do {
                    depth = try upsampler.upsample(depth, guide: guide, width: upsampledSize?.width,
                                                   height: upsampledSize?.height)
                } catch {
                    report.framesNotUpsampled += 1
                }
            } else {
                report.framesNotUpsampled += 1
            }
        }
        do {
            let cloud = try builder.cloud(depth: depth, color: color, camera: frame.camera)
            fusion.fuse(cloud.points, frameNumber: frame.frameNumber)
            report.fusedFrameCount += 1
            if !cloud.statistics.isColored { report.framesWithoutColor += 1 }
            report.samples.sampleCount += cloud.statistics.sampleCount
            report.samples.invalidCount += cloud.statistics.invalidCount
            report.samples.lowConfidenceCount += cloud.statistics.lowConfidenceCount
            report.samples.outOfRangeCount += cloud.statistics.outOfRangeCount
            report.samples.keptCount += cloud.statistics.keptCount
            report.samples.isColored = report.samples.isColored || cloud.statistics.isColored
        } catch {
            report.skipped.append(String(describing: error))
        }
    }
}
