import FathomCore
import Testing

@testable import FathomRegistration

/// A rectangular room seen in two dense, partly overlapping halves: the half-turned room explains more
/// wall points than the true overlap, and only the furniture tells them apart.
@Suite struct HalfTurnTests {
    /// Points of a 5 × 4 m room, 2.5 m high (floor and four walls), with four boxes placed from
    /// `layoutSeed`, sampled at `density` points per square metre from `sampleSeed`, keeping those whose
    /// x lies in `keep`, with Gaussian noise `sigma` (metres).
    static func room(layoutSeed: UInt64, sampleSeed: UInt64, density: Float, keep: ClosedRange<Float>, sigma: Float)
        -> [SIMD3<Float>]
    {
        var layout = SeededGenerator(seed: layoutSeed)
        // Faces: an origin corner and two edge vectors.
        var faces: [(SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)] = [
            (.zero, SIMD3(5, 0, 0), SIMD3(0, 0, 4)),
            (.zero, SIMD3(5, 0, 0), SIMD3(0, 2.5, 0)), (SIMD3(0, 0, 4), SIMD3(5, 0, 0), SIMD3(0, 2.5, 0)),
            (.zero, SIMD3(0, 0, 4), SIMD3(0, 2.5, 0)), (SIMD3(5, 0, 0), SIMD3(0, 0, 4), SIMD3(0, 2.5, 0)),
        ]
        for _ in 0..<4 {
            let size = SIMD3(Float.random(in: 0.4...1.0, using: &layout), Float.random(in: 0.4...1.1, using: &layout),
                             Float.random(in: 0.4...0.8, using: &layout))
            let corner = SIMD3(Float.random(in: 0.3...(4.7 - size.x), using: &layout), 0,
                               Float.random(in: 0.3...(3.7 - size.z), using: &layout))
            let (x, y, z) = (SIMD3(size.x, 0, 0), SIMD3(0, size.y, 0), SIMD3(0, 0, size.z))
            faces += [(corner + y, x, z), (corner, x, y), (corner + z, x, y), (corner, z, y), (corner + x, z, y)]
        }
        var g = SeededGenerator(seed: sampleSeed)
        var points: [SIMD3<Float>] = []
        for (origin, u, v) in faces {
            for _ in 0..<Int(u.cross(v).length * density) {
                let p = origin + u * Float.random(in: 0...1, using: &g) + v * Float.random(in: 0...1, using: &g)
                guard keep.contains(p.x) else { continue }
                points.append(p + SIMD3(Float(g.nextGaussian()), Float(g.nextGaussian()), Float(g.nextGaussian())) * sigma)
            }
        }
        return points
    }

    static let targetFromSource = RigidTransform(
        rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 2.2), translation: SIMD3(1.5, -0.2, 2.5))

    /// The map over the first 70 % of the room, the session over the last 70 % (40 % shared), moved.
    static func pair(sessionLayoutSeed: UInt64) -> (source: PointCloud, target: PointCloud) {
        let target = room(layoutSeed: 1, sampleSeed: 10, density: 900, keep: 0...3.5, sigma: 0.004)
        let source = room(layoutSeed: sessionLayoutSeed, sampleSeed: 11, density: 900, keep: 1.5...5, sigma: 0.004)
            .map(targetFromSource.inverse.apply(to:))
        return (PointCloud(unchecked: source), PointCloud(unchecked: target))
    }

    @Test func theTrueOverlapWinsOverTheHalfTurnAndIsTrusted() {
        let (source, target) = Self.pair(sessionLayoutSeed: 1)
        let r = PointCloudRegistrar.registerAdaptively(source: source, target: target, seed: 3)
        let truth = Self.targetFromSource
        let metres = r.targetFromSource.translation.distance(to: truth.translation)
        let degrees = (r.targetFromSource.rotation.transposed * truth.rotation).rotationAngle * 180 / .pi
        #expect(metres < 0.03 && degrees < 1, "error \(metres) m, \(degrees)°")
        #expect(r.isTrusted, "\(r.failure.map { "\($0)" } ?? "")")
        #expect(r.refinementVoxelSize < r.voxelSize)
        #expect(r.contradictionRate <= RegistrationConfiguration().maximumContradictionRate)
    }

    @Test func theHalfTurnContradictsTheFurniture() throws {
        // Judged directly: the turned answer puts the session's boxes where the map saw floor and air.
        let (source, target) = Self.pair(sessionLayoutSeed: 1)
        let ms = RegistrationCloudMeasurements(measuring: source.positions)
        let mt = RegistrationCloudMeasurements(measuring: target.positions)
        let coarse = RegistrationConfiguration.adapted(source: ms, target: mt)
        let fine = try #require(RegistrationConfiguration.fineStage(after: coarse, source: ms, target: mt))
        let judge = PointCloudRegistrar(configuration: fine)
        let s = RegistrationCloud(positions: source.positions, configuration: fine, descriptorLimit: 0, normals: false)
        let t = RegistrationCloud(positions: target.positions, configuration: fine, descriptorLimit: 0)
        let enclosure = OccupancyGrid(t.positions, cell: fine.coverageRadius)
        // The half-turn about the room's centre (2.5, 2) maps the session's part onto the map's.
        let turn = RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: .pi), translation: SIMD3(5, 0, 4))
        let right = judge.evaluate(Self.targetFromSource, source: s, target: t, enclosure: enclosure)
        let turned = judge.evaluate(turn * Self.targetFromSource, source: s, target: t, enclosure: enclosure)
        #expect(turned.inliers > right.inliers, "the turned shell explains more points")
        #expect(right.contradictionRate < fine.maximumContradictionRate)
        #expect(turned.contradictionRate > 2 * fine.maximumContradictionRate)
    }

    @Test func anotherRoomOfTheSameShapeIsNotTrusted() {
        let (source, target) = Self.pair(sessionLayoutSeed: 2)
        let r = PointCloudRegistrar.registerAdaptively(source: source, target: target, seed: 3)
        #expect(!r.isTrusted)
    }

    @Test func theEnclosureHoldsTheRoomsInsideOnly() {
        // A box's four walls, 1 m square, sampled every 5 cm.
        var walls: [SIMD3<Float>] = []
        for i in 0...20 {
            let a = Float(i) * 0.05
            for y in stride(from: Float(0), through: 0.5, by: 0.05) {
                walls += [SIMD3(a, y, 0), SIMD3(a, y, 1), SIMD3(0, y, a), SIMD3(1, y, a)]
            }
        }
        let grid = OccupancyGrid(walls, cell: 0.1)
        #expect(grid.enclosesHorizontally(SIMD3(0.5, 0.25, 0.5)))
        #expect(!grid.enclosesHorizontally(SIMD3(1.5, 0.25, 0.5)))
        #expect(!grid.enclosesHorizontally(SIMD3(0.5, 2, 0.5)))
        // Points within a cell: beside a wall, not in the middle of the box nor above or beyond it.
        #expect(grid.hasPoints(around: SIMD3(0.5, 0.25, 0.08)) && grid.hasPoints(around: SIMD3(-0.05, 0.25, 0.5)))
        #expect(!grid.hasPoints(around: SIMD3(0.5, 0.25, 0.5)) && !grid.hasPoints(around: SIMD3(0.5, 0.9, 0.5)))
        #expect(!grid.hasPoints(around: SIMD3(3, 0.25, 0.5)) && !grid.hasPoints(around: SIMD3(.nan, 0, 0)))
        // Two opposite walls only: open along x.
        let corridor = OccupancyGrid(walls.filter { $0.z == 0 || $0.z == 1 }, cell: 0.1)
        #expect(!corridor.enclosesHorizontally(SIMD3(0.5, 0.25, 0.5)))
    }

    @Test func voxelCentroidsAreTheMeansOfTheirPoints() {
        let points: [SIMD3<Float>] = [SIMD3(0.1, 0.1, 0.1), SIMD3(0.3, 0.1, 0.1), SIMD3(1.2, 0, 0), SIMD3(.nan, 0, 0)]
        let c = RegistrationCloud.voxelCentroids(points, voxelSize: 0.5)
        #expect(c.count == 2)
        #expect(c[0].distance(to: SIMD3(0.2, 0.1, 0.1)) < 1e-6 && c[1].distance(to: SIMD3(1.2, 0, 0)) < 1e-6)
        // Weighted: a fine level's centroids with their counts give the coarse centroid of all points.
        let v = RegistrationCloud.voxelized([SIMD3(0.1, 0, 0), SIMD3(0.4, 0, 0)], weights: [3, 1], voxelSize: 1)
        #expect(v.centroids[0].distance(to: SIMD3(0.175, 0, 0)) < 1e-6 && v.weights == [4])
        // Thousands of voxels: the table grows and keeps every one.
        let grid = (0..<5000).map { SIMD3<Float>(Float($0 % 50), Float($0 / 50), 0) }
        #expect(RegistrationCloud.voxelCentroids(grid, voxelSize: 1) == grid)
    }
}
