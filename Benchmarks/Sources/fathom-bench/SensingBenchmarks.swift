import Fathom

/// A posed camera looking into a room, and the depth (metres) of a tilted plane at ~2 m, 256×192.
private func sensingFrame(width: Int = 256, height: Int = 192, frame: Int = 0, eyeX: Float = 0)
    -> (camera: CameraFrame, depth: DepthFrame)
{
    let pose = RigidTransform.lookAt(eye: SIMD3(eyeX, 1.4, 2), target: SIMD3(eyeX * 0.9, 1.0, -1))!
    let camera = CameraFrame(frameNumber: frame, timestamp: Double(frame) / 60, cameraTransform: pose.matrix,
                             intrinsics: .iPhoneWide1920x1440)
    let k = camera.intrinsics.scaled(toWidth: width, height: height)
    let n = SIMD3<Float>(0.1, 0.2, 1).normalized!, offset: Float = -0.5
    var depth = DepthMap(width: width, height: height, repeating: 0)
    var conf = ConfidenceMap(width: width, height: height, repeating: 2)
    var g = SeededGenerator(seed: UInt64(frame) + 1)
    for v in 0..<height {
        for u in 0..<width {
            let q = pose.apply(to: k.unproject(u: Float(u), v: Float(v), depth: 1)), o = pose.translation
            let t = (offset - n.dot(o)) / n.dot(q - o)
            depth[u, v] = t > 0 ? t + Float(g.nextGaussian()) * 0.005 : 0
            conf[u, v] = UInt8.random(in: 0...2, using: &g) == 0 ? 1 : 2
        }
    }
    return (camera, DepthFrame(frameNumber: frame, timestamp: 0, depth: depth, confidence: conf))
}

/// A textured YCbCr camera image.
private func sensingImage(width: Int, height: Int) -> ColorImage {
    var rgb = RGBImage(width: width, height: height, repeating: .black)
    for y in 0..<height {
        for x in 0..<width {
            rgb[x, y] = RGB8(r: UInt8((x * 7) & 255), g: UInt8((y * 5) & 255), b: UInt8(((x / 16 + y / 16) & 1) * 200))
        }
    }
    return .ycbcr(YCbCrImage(rgb: rgb)!)
}

var sensingBenchmarks: [BenchmarkCase] { [
    BenchmarkCase(name: "sensing/depth-cloud/256x192", iterations: 300) {
        let (camera, depth) = sensingFrame()
        let image = sensingImage(width: 256, height: 192)
        let builder = DepthCloudBuilder(configuration: .init(minimumConfidence: .medium))
        return { blackHole(try! builder.cloud(depth: depth, color: image, camera: camera)) }
    },
    BenchmarkCase(name: "sensing/depth-cloud/256x192-nocolor", iterations: 300) {
        let (camera, depth) = sensingFrame()
        let builder = DepthCloudBuilder(configuration: .init(minimumConfidence: .medium))
        return { blackHole(try! builder.cloud(depth: depth, color: nil, camera: camera)) }
    },
    BenchmarkCase(name: "sensing/depth-cloud/256x192-img1920", iterations: 300) {
        let (camera, depth) = sensingFrame()
        let image = sensingImage(width: 1920, height: 1440)
        let builder = DepthCloudBuilder(configuration: .init(minimumConfidence: .medium))
        return { blackHole(try! builder.cloud(depth: depth, color: image, camera: camera)) }
    },
    BenchmarkCase(name: "sensing/guided-upsample/960x720", iterations: 50) {
        let (_, depth) = sensingFrame()
        let image = sensingImage(width: 960, height: 720)
        let upsampler = GuidedDepthUpsampler()
        return { blackHole(try! upsampler.upsample(depth, guide: image, width: 960, height: 720)) }
    },
    BenchmarkCase(name: "sensing/guided-upsample/1920x1440", iterations: 20) {
        let (_, depth) = sensingFrame()
        let image = sensingImage(width: 1920, height: 1440)
        let upsampler = GuidedDepthUpsampler()
        return { blackHole(try! upsampler.upsample(depth, guide: image)) }
    },
    BenchmarkCase(name: "sensing/fuse-frame/1M-voxels", iterations: 50) {
        // 1 M voxels on a 1 cm grid, then one new frame of ~32 k points over an occupied region.
        var fusion = VoxelFusion(configuration: .init(voxelSize: 0.01, pointBudget: 4_000_000))
        let filler = roomSurfacePoints(3_000_000, seed: 9)
        fusion.fuse(PointCloud(unchecked: filler), frameNumber: 0)
        let (camera, depth) = sensingFrame(frame: 1)
        let cloud = try! DepthCloudBuilder().cloud(depth: depth, color: sensingImage(width: 256, height: 192),
                                                   camera: camera).points
        fusion.fuse(cloud, frameNumber: 1)
        var f = 2
        return {
            fusion.fuse(cloud, frameNumber: f)
            f += 1
            blackHole(fusion.count)
        }
    },
    BenchmarkCase(name: "sensing/features/1000-into-100k-ids", iterations: 200) {
        var acc = FeaturePointAccumulator()
        var g = SeededGenerator(seed: 5)
        let truth = (0..<100_000).map { _ in
            SIMD3<Float>(Float.random(in: -5...5, using: &g), Float.random(in: 0...3, using: &g),
                         Float.random(in: -5...5, using: &g))
        }
        // Warm: every identifier seen 20 times.
        for round in 0..<20 {
            let ids = (0..<100_000).map { UInt64($0) }
            let pts = truth.map { $0 + SIMD3(Float(round) * 1e-3, 0, 0) }
            acc.accumulate(FeaturePointFrame(frameNumber: round, timestamp: 0, identifiers: ids, positions: pts),
                           cameraPosition: nil)
        }
        let frames = (0..<64).map { k -> FeaturePointFrame in
            let ids = (0..<1000).map { _ in UInt64.random(in: 0..<100_000, using: &g) }
            return FeaturePointFrame(frameNumber: 100 + k, timestamp: 0, identifiers: ids,
                                     positions: ids.map { truth[Int($0)] })
        }
        var k = 0
        return {
            acc.accumulate(frames[k & 63], cameraPosition: SIMD3(0, 1.4, 0))
            k += 1
        }
    },
    BenchmarkCase(name: "sensing/features/refresh-1000", iterations: 200) {
        var acc = FeaturePointAccumulator()
        var g = SeededGenerator(seed: 6)
        let ids = (0..<1000).map { UInt64($0) }
        for round in 0..<100 {
            let pts = ids.map { _ in SIMD3<Float>(Float(g.nextGaussian()), 1, Float(round) * 1e-3) }
            acc.accumulate(FeaturePointFrame(frameNumber: round, timestamp: 0, identifiers: ids, positions: pts),
                           cameraPosition: nil)
        }
        let pts = ids.map { _ in SIMD3<Float>(0, 1, 0) }
        let frame = FeaturePointFrame(frameNumber: 200, timestamp: 0, identifiers: ids, positions: pts)
        return {
            acc.accumulate(frame, cameraPosition: nil)
            acc.refreshFilteredPositions()
        }
    },
] }
