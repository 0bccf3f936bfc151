import FathomCore
import FathomTestSupport
import Testing

@Suite struct PointCloudTests {
    @Test func attributeCountsAreValidated() {
        #expect(throws: PointCloudError.attributeCountMismatch(attribute: "colors", expected: 2, actual: 1)) {
            try PointCloud(positions: [.zero, .one], colors: [.white])
        }
    }

    @Test func selectingAndTransformingKeepAttributes() throws {
        let cloud = try PointCloud(
            positions: [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 1, 0)],
            colors: [.black, .white, RGB8(r: 1, g: 2, b: 3)], normals: [SIMD3(0, 0, 1), SIMD3(0, 0, 1), SIMD3(0, 0, 1)])
        let sub = cloud.selecting([2, 0])
        #expect(sub.positions == [SIMD3(0, 1, 0), SIMD3(0, 0, 0)])
        #expect(sub.colors == [RGB8(r: 1, g: 2, b: 3), .black])
        let moved = cloud.transformed(by: RigidTransform(
            rotation: .rotation(axis: SIMD3(1, 0, 0), angle: .pi / 2), translation: SIMD3(0, 0, 5)))
        #expect(isClose(moved.normals[0], SIMD3(0, -1, 0), tolerance: 1e-6))
        #expect(isClose(moved.positions[2], SIMD3(0, 0, 6), tolerance: 1e-6))
    }

    @Test func meanSpacingOfAGrid() {
        let grid = (0..<900).map { SIMD3<Float>(Float($0 % 30) * 0.02, Float($0 / 30) * 0.02, 0) }
        let d = PointCloud(unchecked: grid).meanNearestNeighbourDistance()!
        #expect(isClose(d, 0.02, tolerance: 1e-4))
    }
}
