@testable import FathomPlan
import FathomCore
import Foundation
import Testing

/// Hand-made clouds of a 4 × 5 m room, floor at y = 0, camera at 1.4 m, walls sampled up to 2.7 m
/// with a density that falls with the height above the eye (a walk that looks down sees the upper
/// walls only at a grazing angle and from afar), as the independent room scans show it.
@Suite struct CeilingHeightTests {
    /// The room's ceiling height, metres.
    static let ceiling: Float = 2.7
    /// The camera's height above the floor, metres.
    static let camera: Float = 1.4

    /// Points of the four walls and the floor: the walls every 2 cm along their length, heights on a
    /// 1 cm ladder up to the ceiling, each kept with a probability falling by e every 0.25 m above the
    /// eye (seeded), and the floor on a 5 cm grid.
    static func walls(seed: UInt64, windows: Bool = false) -> [SIMD3<Float>] {
        var random = SeededGenerator(seed: seed)
        var points: [SIMD3<Float>] = []
        let corners: [SIMD2<Float>] = [[0, 0], [4, 0], [4, 5], [0, 5]]
        for k in 0..<4 {
            let a = corners[k], b = corners[(k + 1) % 4]
            let length = ((b - a) * (b - a)).sum().squareRoot()
            let steps = Int((length / 0.02).rounded())
            for s in 0..<steps {
                let xz = a + (b - a) * (Float(s) / Float(steps))
                for h in stride(from: Float(0), to: ceiling, by: 0.01) {
                    if windows && k % 2 == 0 && Self.window.contains(xz.x) && h > Self.sill && h < Self.head { continue }
                    let keep = h <= camera ? 1 : exp(-(h - camera) / 0.25)
                    if Float.random(in: 0..<1, using: &random) < keep { points.append([xz.x, h, xz.y]) }
                }
            }
        }
        for x in stride(from: Float(0.05), to: 4, by: 0.05) {
            for z in stride(from: Float(0.05), to: 5, by: 0.05) { points.append([x, 0, z]) }
        }
        guard windows else { return points }
        // The heads of the windows, seen from below: 25 cm deep into the wall, every 2 cm.
        for x in stride(from: Self.window.lowerBound, through: Self.window.upperBound, by: 0.02) {
            for d in stride(from: Float(0), through: 0.25, by: 0.02) {
                points.append([x, Self.head, -d])
                points.append([x, Self.head, 5 + d])
            }
        }
        return points
    }

    /// Where the windows in the walls at z = 0 and z = 5 run along x, metres.
    static let window: ClosedRange<Float> = 0.8...3.2
    /// The windows' sill and head heights, metres.
    static let sill: Float = 0.9
    static let head: Float = 2.05

    @Test func wallsThinningWithHeightAreNoCeiling() {
        let heights = FloorPlanExtractor().findHeights(Self.walls(seed: 7), cameraHeights: [Self.camera])
        #expect(abs(heights.floorY) < 0.005)
        // The strongest height bins above the eye are the lowest (camera + 0.3 m); they are walls, not a
        // surface with air under it.
        #expect(!heights.ceilingSeen)
        #expect(heights.ceilingHeight > Double(Self.camera + FloorPlanExtractor.ceilingAboveCamera) + 0.2)
    }

    @Test func windowHeadsWithTheWallRunningOnAboveAreNoCeiling() {
        // Two 2.4 m windows' heads (about 60 cells with air under them) at 2.05 m; the walls go on above.
        let heights = FloorPlanExtractor().findHeights(Self.walls(seed: 10, windows: true), cameraHeights: [Self.camera])
        #expect(!heights.ceilingSeen)
        #expect(heights.ceilingHeight > Double(Self.head) + 0.2)
    }

    @Test func aCeilingSeenOverPartOfTheRoomIsFound() {
        var points = Self.walls(seed: 8)
        // A third of the ceiling seen, sparsely (every 4 cm), 3 mm of noise.
        var random = SeededGenerator(seed: 9)
        for x in stride(from: Float(0.1), to: 1.4, by: 0.04) {
            for z in stride(from: Float(0.1), to: 4.9, by: 0.04) {
                points.append([x, Self.ceiling + Float.random(in: -0.003...0.003, using: &random), z])
            }
        }
        let heights = FloorPlanExtractor().findHeights(points, cameraHeights: [Self.camera])
        #expect(heights.ceilingSeen)
        #expect(abs(heights.ceilingHeight - Double(Self.ceiling)) < 0.01)
    }
}
