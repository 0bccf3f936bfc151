import FathomCore
import FathomTestSupport
import Testing
import FathomSensing

@Suite struct DepthFusionPipelineTests {
    @Test func badFramesAreCountedNotThrown() {
        var pipeline = DepthFusionPipeline(builder: DepthCloudBuilder(configuration: .init(maximumDistance: 100)),
                                           upsampler: GuidedDepthUpsampler(), upsampledSize: (128, 96))
        let normal = SIMD3<Float>(0, 0, 1)
        var frames: [SensorFrame] = []
        for f in 0..<4 {
            let cam = SensingFixtures.camera(frame: f, eye: SIMD3(Float(f) * 0.05, 1, 2), target: SIMD3(0, 1, 0))
            let depth = SensingFixtures.planeDepth(camera: cam, normal: normal, offset: -0.5, width: 64, height: 48)
            let image = RGBImage(width: 64, height: 48, repeating: RGB8(r: 120, g: 130, b: 140))
            frames.append(SensorFrame(camera: cam, depth: SensingFixtures.depthFrame(depth, frame: f),
                                      color: f == 1 ? nil : ColorFrame(frameNumber: f, timestamp: 0, image: .rgb(image))))
        }
        frames[2].camera.cameraTransform.columns.0.x = .nan
        frames.append(SensorFrame(camera: SensingFixtures.camera(frame: 4)))
        for f in frames { pipeline.process(f) }
        let r = pipeline.report
        #expect(r.frameCount == 5 && r.depthFrameCount == 4 && r.fusedFrameCount == 3)
        #expect(r.framesWithoutColor == 1 && r.framesNotUpsampled == 1)
        #expect(r.skipped == ["frame 2: camera transform is not a finite rigid transform"])
        // Enlarged frames have 128×96 samples, the uncoloured one 64×48.
        #expect(r.samples.sampleCount == 2 * 128 * 96 + 64 * 48)
        let cloud = pipeline.fusion.pointCloud()
        #expect(cloud.hasColors && !cloud.isEmpty)
        // Enlarged depth is a windowed fit: truncated windows at the image borders shift a tilted
        // plane by up to about a depth-pixel's worth of slope (here < 1 cm); the interior stays exact.
        let worst = cloud.positions.map { abs($0.z + 0.5) }.max()!
        #expect(worst < 0.01)
        let median = cloud.positions.map { abs($0.z + 0.5) }.sorted()[cloud.count / 2]
        #expect(median < 1e-3)
    }
}
