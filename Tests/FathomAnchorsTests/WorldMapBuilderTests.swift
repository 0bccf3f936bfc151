@testable import FathomAnchors
import FathomCore
import FathomSimulator
import Foundation
import Testing

@Suite struct WorldMapBuilderTests {
    /// A demo-room walk with feature points only (no depth, no images), 5 frames per second.
    static let simulation: ScanSimulation = {
        var sensors = SensorConfiguration()
        sensors.frameRate = 5
        sensors.depthEveryNthFrame = 0
        sensors.imageEveryNthFrame = 0
        return try! ScanSimulation(preset: .demo, sensors: sensors, seed: 21)
    }()

    /// The rendered frames, once.
    static let frames = Array(simulation.frames)

    static func build(_ configuration: WorldMapBuilderConfiguration = WorldMapBuilderConfiguration()) -> WorldMapBuilder {
        var builder = WorldMapBuilder(configuration: configuration)
        for frame in frames { builder.add(frame) }
        return builder
    }

    static let builder = build()

    static func percentile(_ values: [Float], _ q: Float) -> Float {
        let s = values.sorted()
        return s[min(s.count - 1, Int(Float(s.count - 1) * q))]
    }

    @Test func mapPointsLieOnTheTrueSurfacesWithinTheSensorNoise() throws {
        let sim = Self.simulation, builder = Self.builder
        #expect(builder.frameCount == sim.frameCount)
        #expect(builder.skippedFrameCount > 0)  // the walk starts with tracking initialising
        #expect(builder.usedFrameCount + builder.skippedFrameCount == builder.frameCount)
        let map = builder.worldMap(createdAt: Date(timeIntervalSince1970: 0))
        let points = map.points
        #expect(points.count > 200 && points.hasIdentifiers && points.hasNormals)
        var errors: [Float] = [], angles: [Float] = [], spurious = 0
        for i in 0..<points.count {
            let id = points.identifiers[i]
            guard let truth = sim.truePosition(ofFeature: id) else { spurious += 1; continue }
            errors.append(points.positions[i].distance(to: truth))
            let mark = sim.featureSimulator.landmarks[Int(id - FeaturePointSimulator.landmarkIdentifierBase)]
            angles.append(acos(min(1, abs(points.normals[i].dot(mark.normal)))) * 180 / .pi)
        }
        let median = Self.percentile(errors, 0.5), p95 = Self.percentile(errors, 0.95)
        let medianAngle = Self.percentile(angles, 0.5)
        print("world map: \(points.count) points, position error median \(median) m, p95 \(p95) m, normal error median \(medianAngle)°, spurious \(spurious)")
        // Raw samples scatter 1 cm per metre of range along the ray (2–4 cm here); filtered features
        // must do clearly better.
        #expect(median < 0.01, "median \(median) m")
        #expect(p95 < 0.03, "p95 \(p95) m")
        #expect(spurious * 100 <= points.count, "\(spurious) spurious of \(points.count)")
        #expect(medianAngle < 15, "median normal error \(medianAngle)°")
        let extent = try #require(points.bounds)
        #expect(map.extent == extent)
    }

    @Test func pointCountIsBoundedByGrowingTheVoxels() {
        var configuration = WorldMapBuilderConfiguration(maximumPointCount: 150, estimatesNormals: false)
        configuration.voxelSize = 0.01
        let map = Self.build(configuration).worldMap()
        #expect(map.points.count <= 150 && map.points.count > 75)
        #expect(!map.points.hasNormals)
        // One feature per kept point.
        #expect(Set(map.points.identifiers).count == map.points.count)
        // A cap of one point: the voxel grows until one spans the whole room.
        let single = Self.build(WorldMapBuilderConfiguration(maximumPointCount: 1)).worldMap()
        #expect(single.points.count == 1 && single.points.normals.count == 1)
    }

    @Test func mapRoundTripsThroughItsFile() throws {
        let anchors = (0..<3).map(StoreFixtures.anchor)
        let map = Self.builder.worldMap(anchors: anchors, createdAt: Date(timeIntervalSince1970: 1_800_000_000))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("map-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try map.write(to: url)
        let back = try WorldMap(contentsOf: url)
        #expect(back.points == map.points && back.extent == map.extent && back.createdAt == map.createdAt)
        AnchorStoreFileTests.expectSameAnchors(back.anchors, anchors)
    }

    @Test func planeNormalOfATiltedPlane() throws {
        let n = SIMD3<Float>(1, 2, -0.5).normalized!
        let u = n.anyPerpendicular, v = n.cross(u)
        var g = SeededGenerator(seed: 2)
        let points = (0..<50).map { _ in
            SIMD3<Float>(3, -1, 2) + u * Float.random(in: -1...1, using: &g) + v * Float.random(in: -1...1, using: &g)
                + n * Float(g.nextGaussian()) * 0.001
        }
        let fitted = try #require(PlaneNormal.normal(of: points))
        #expect(abs(fitted.dot(n)) > 0.9999)
        #expect(PlaneNormal.normal(of: [SIMD3<Float>](repeating: .zero, count: 5)) == nil)
        #expect(PlaneNormal.normal(of: [SIMD3<Float>(0, 0, 0), SIMD3(1, 0, 0)]) == nil)
        // Already diagonal, and a known rotation of diag(1, 2, 3).
        let (values, _) = PlaneNormal.eigen([3, 0, 0, 0, 1, 0, 0, 0, 2])
        #expect(values == [3, 1, 2])
        let (rotated, vectors) = PlaneNormal.eigen([1.5, 0.5, 0, 0.5, 1.5, 0, 0, 0, 3])
        #expect(rotated.sorted().enumerated().allSatisfy { abs($1 - Double($0 + 1)) < 1e-12 })
        let smallest = rotated.firstIndex(of: rotated.min()!)!
        #expect(abs(abs(vectors[smallest]) - 0.5.squareRoot()) < 1e-12 && abs(vectors[6 + smallest]) < 1e-12)
    }

    @Test func framesWithLimitedTrackingAreSkipped() {
        var builder = WorldMapBuilder()
        let frame = Self.frames[20]
        var limited = frame
        limited.camera.trackingState = .limited(.excessiveMotion)
        let usedLimited = builder.add(limited)
        #expect(!usedLimited)
        #expect(builder.featureCount == 0 && builder.skippedFrameCount == 1)
        let used = builder.add(frame)
        #expect(used)
        #expect(builder.featureCount == frame.features!.positions.count)
        var lenient = WorldMapBuilder(configuration: WorldMapBuilderConfiguration(requiresNormalTracking: false))
        let lenientUsed = lenient.add(limited)
        #expect(lenientUsed)
    }
}
