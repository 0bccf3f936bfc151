import FathomCore
import FathomTestSupport
import Testing
@testable import FathomSensing

@Suite struct VoxelFusionTests {
    @Test func samplesInOneVoxelAverage() throws {
        var fusion = VoxelFusion(configuration: .init(voxelSize: 0.1))
        let a = try PointCloud(positions: [SIMD3(0.01, 0.01, 0.01), SIMD3(0.55, 0.05, 0.05)],
                               colors: [RGB8(r: 100, g: 0, b: 0), RGB8(r: 0, g: 0, b: 50)], confidences: [1, 0])
        let b = try PointCloud(positions: [SIMD3(0.03, 0.05, 0.07), SIMD3(-0.05, 0.05, 0.05)],
                               colors: [RGB8(r: 200, g: 0, b: 0), .white], confidences: [2, 1])
        fusion.fuse(a, frameNumber: 1)
        fusion.fuse(b, frameNumber: 2)
        #expect(fusion.count == 3)
        let cloud = fusion.pointCloud()
        #expect(isClose(cloud.positions[0], SIMD3(0.02, 0.03, 0.04), tolerance: 1e-6))
        #expect(cloud.colors[0] == RGB8(r: 150, g: 0, b: 0))
        #expect(cloud.confidences == [2, 0, 1])
        #expect(fusion.sampleCounts == [2, 1, 1])
        #expect(fusion.lastSeenFrames == [2, 1, 2])
    }

    @Test func uncolouredCloudsLeaveVoxelsBlackAndBadPointsAreRejected() {
        var fusion = VoxelFusion()
        fusion.fuse(PointCloud(unchecked: [SIMD3(1, 1, 1), SIMD3(.nan, 0, 0), SIMD3(1e6, 0, 0)]), frameNumber: 0)
        #expect(fusion.count == 1)
        #expect(fusion.rejectedCount == 2)
        #expect(!fusion.pointCloud().hasColors)
        fusion.fuse(PointCloud(unchecked: [SIMD3(2, 2, 2)], colors: [.white]), frameNumber: 1)
        #expect(fusion.pointCloud().colors == [.black, .white])
        fusion.removeAll()
        #expect(fusion.count == 0 && fusion.pointCloud().isEmpty)
    }

    @Test func budgetEvictsOldestFirst() {
        var fusion = VoxelFusion(configuration: .init(voxelSize: 1, pointBudget: 100, evictionSlack: 0.2))
        for f in 0..<12 {
            let pts = (0..<10).map { SIMD3<Float>(Float(f * 10 + $0) + 0.5, 0.5, 0.5) }
            fusion.fuse(PointCloud(unchecked: pts), frameNumber: f)
        }
        // 110 voxels after frame 10 → evict to 80 (frames 3…10); frame 11 adds 10 → 90.
        #expect(fusion.count == 90)
        #expect(fusion.evictedCount == 30)
        #expect(fusion.lastSeenFrames.min() == 3)
        // Surviving voxels are still found: re-fusing frame 5's points adds nothing.
        fusion.fuse(PointCloud(unchecked: (0..<10).map { SIMD3<Float>(Float(50 + $0) + 0.5, 0.5, 0.5) }), frameNumber: 12)
        #expect(fusion.count == 90)
    }

    @Test func budgetEvictsLeastConfidentFirst() {
        var fusion = VoxelFusion(configuration: .init(voxelSize: 1, pointBudget: 10, eviction: .leastConfident,
                                                      evictionSlack: 0.5))
        let pts = (0..<12).map { SIMD3<Float>(Float($0) + 0.5, 0.5, 0.5) }
        let conf: [UInt8] = [2, 0, 1, 2, 0, 1, 2, 2, 1, 0, 2, 2]
        fusion.fuse(PointCloud(unchecked: pts, confidences: conf), frameNumber: 0)
        #expect(fusion.count == 5)
        #expect(fusion.pointCloud().confidences.allSatisfy { $0 == 2 })
    }

    @Test func keyTableAgreesWithDictionary() {
        var g = SeededGenerator(seed: 11)
        var table = KeySlotTable<MixedKeyHashing>(expectedCount: 0)
        var truth: [UInt64: Int32] = [:]
        var next: Int32 = 0
        for step in 0..<20_000 {
            let key = VoxelKey.pack(Int32.random(in: -40...40, using: &g), Int32.random(in: -5...5, using: &g),
                                    Int32.random(in: -40...40, using: &g))
            if step % 3 == 2, truth[key] != nil {
                let removed = table.remove(key)
                #expect(removed)
                truth[key] = nil
            } else {
                let r = table.findOrInsert(key, newIndex: next)
                if let t = truth[key] { #expect(!r.inserted && r.index == t) } else {
                    #expect(r.inserted)
                    truth[key] = next
                    next += 1
                }
            }
        }
        #expect(table.count == truth.count)
        for (k, v) in truth { #expect(table.index(of: k) == v) }
        #expect(VoxelKey.unpack(VoxelKey.pack(-7, 1_000_000, 3)) == SIMD3(-7, 1_000_000, 3))
        // The block index agrees too.
        var blocks = VoxelBlockIndex()
        let keys = Array(truth.keys)
        for (i, k) in keys.enumerated() { #expect(blocks.findOrInsert(k, newIndex: Int32(i)).inserted) }
        for (i, k) in keys.enumerated() {
            #expect(blocks.index(of: k) == Int32(i))
            #expect(blocks.findOrInsert(k, newIndex: 99).index == Int32(i))
        }
    }
}

@Suite struct VoxelFusionReferenceTests {
    /// A plain dictionary-based fusion: the reference for the fast grid.
    static func referenceFusion(_ clouds: [PointCloud], voxelSize: Float) -> [SIMD3<Int32>: (sum: SIMD3<Double>, n: Int, conf: UInt8)] {
        var out: [SIMD3<Int32>: (sum: SIMD3<Double>, n: Int, conf: UInt8)] = [:]
        for cloud in clouds {
            for (i, p) in cloud.positions.enumerated() {
                let g = (p / voxelSize).rounded(.down)
                let key = SIMD3<Int32>(Int32(g.x), Int32(g.y), Int32(g.z))
                var e = out[key] ?? (.zero, 0, 0)
                e.sum += SIMD3<Double>(p)
                e.n += 1
                e.conf = max(e.conf, cloud.confidences[i])
                out[key] = e
            }
        }
        return out
    }

    @Test func fastGridMatchesDictionaryReference() throws {
        var g = SeededGenerator(seed: 21)
        var clouds: [PointCloud] = []
        clouds.append(PointCloud(unchecked: (0..<20_000).map { _ in
            SIMD3<Float>(Float.random(in: -1...1, using: &g), Float.random(in: -1...1, using: &g),
                         Float.random(in: -1...1, using: &g))
        }, confidences: (0..<20_000).map { _ in UInt8.random(in: 0...2, using: &g) }))
        for f in 0..<3 {
            let cam = SensingFixtures.camera(frame: f, eye: SIMD3(Float(f) * 0.1, 0, 2), target: .zero)
            let depth = SensingFixtures.planeDepth(camera: cam, normal: SIMD3(0, 0, 1), offset: -0.3, width: 64, height: 48)
            clouds.append(try DepthCloudBuilder(configuration: .init(minimumConfidence: .low))
                .cloud(depth: SensingFixtures.depthFrame(depth, frame: f), color: nil, camera: cam).points)
        }
        var fusion = VoxelFusion(configuration: .init(voxelSize: 0.05))
        for (f, c) in clouds.enumerated() { fusion.fuse(c, frameNumber: f) }
        let reference = Self.referenceFusion(clouds, voxelSize: 0.05)
        #expect(fusion.count == reference.count)
        let cloud = fusion.pointCloud(), counts = fusion.sampleCounts
        for i in 0..<cloud.count {
            let g = (cloud.positions[i] / 0.05).rounded(.down)
            guard let r = reference[SIMD3<Int32>(Int32(g.x), Int32(g.y), Int32(g.z))] else {
                Issue.record("voxel \(g) missing from the reference")
                continue
            }
            #expect(Int(counts[i]) == r.n)
            #expect(cloud.confidences[i] == r.conf)
            #expect(isClose(cloud.positions[i], SIMD3<Float>(r.sum / Double(r.n)), tolerance: 1e-5))
        }
    }
}

@Suite struct VoxelFusionFilterTests {
    @Test func minimumSampleCountDropsUncorroboratedVoxels() {
        var fusion = VoxelFusion(configuration: .init(voxelSize: 1))
        fusion.fuse(PointCloud(unchecked: [SIMD3(0.5, 0.5, 0.5), SIMD3(3.5, 0.5, 0.5)], confidences: [1, 2]), frameNumber: 0)
        fusion.fuse(PointCloud(unchecked: [SIMD3(0.6, 0.5, 0.5)], confidences: [0]), frameNumber: 1)
        let all = fusion.pointCloud(), corroborated = fusion.pointCloud(minimumSampleCount: 2)
        #expect(all.count == 2)
        #expect(corroborated.positions.count == 1 && corroborated.confidences == [1])
        #expect(isClose(corroborated.positions[0], SIMD3(0.55, 0.5, 0.5), tolerance: 1e-6))
    }
}
