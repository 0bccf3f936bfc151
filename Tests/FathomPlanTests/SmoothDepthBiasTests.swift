import FathomCore
import FathomPlan
import FathomSimulator
import Foundation
import Testing

/// The pose refinement on exact poses whose depth carries a smooth error over each frame (as a depth
/// map interpolated from a sparse dot pattern does): such an error moves a whole region of the frame
/// alike, and an alignment follows it as if the camera had moved. The refinement must not move good
/// poses for it.
@Suite struct SmoothDepthBiasTests {
    /// Standard deviation of the relative depth error at the nodes of each frame's field.
    static let nodeSigma: Float = 0.005
    /// Nodes of the field across and down the frame (bilinear between them).
    static let nodesAcross = 9
    static let nodesDown = 7
    /// The refined poses must stay this close to the true ones, metres.
    static let positionTolerance: Float = 0.02

    /// `map` multiplied by 1 + a smooth random field: independent values at the nodes of a
    /// `nodesAcross × nodesDown` grid over the frame, bilinear between them.
    static func biased(_ map: DepthMap, using g: inout SeededGenerator) -> DepthMap {
        var out = map
        let half = nodeSigma * Float(3).squareRoot()  // a uniform spread of that deviation
        let nodes = (0..<(nodesAcross * nodesDown)).map { _ in Float.random(in: -half...half, using: &g) }
        for y in 0..<map.height {
            let fy = Float(y) / Float(max(1, map.height - 1)) * Float(nodesDown - 1)
            let y0 = min(nodesDown - 2, Int(fy))
            let ty = fy - Float(y0)
            for x in 0..<map.width {
                let fx = Float(x) / Float(max(1, map.width - 1)) * Float(nodesAcross - 1)
                let x0 = min(nodesAcross - 2, Int(fx))
                let tx = fx - Float(x0)
                let n = { (i: Int, j: Int) in nodes[j * nodesAcross + i] }
                let e =
                    (n(x0, y0) * (1 - tx) + n(x0 + 1, y0) * tx) * (1 - ty)
                    + (n(x0, y0 + 1) * (1 - tx) + n(x0 + 1, y0 + 1) * tx) * ty
                out.pixels[y * map.width + x] *= 1 + e
            }
        }
        return out
    }

    /// The bedroom walked with exact poses, each depth frame given its own smooth error (0.5 % of the
    /// depth at the nodes of a 9 × 7 grid: 1 cm at 2 m): the refined poses stay within 2 cm of the
    /// truth all along (1.4 cm). This short walk (40 depth frames) is a guard, not the figure the
    /// filter moved: main's refinement passes it too (1.2 cm), and with a frame-wide field (5 × 4
    /// nodes, 0.8 %) both fail (2.0 cm on main, 3.2 cm with the filter, which cannot tell such a tilt
    /// of the depth from a turn); the long walks where the old refinement drifted by up to 13 cm are
    /// the independent room scans (docs/independent-rooms.md).
    @Test func aSmoothDepthErrorDoesNotMoveExactPoses() throws {
        let scene = FurnishedRoomTests.bedroom.scene
        let sim = try ScanSimulation(description: scene, sensors: PlanFixtures.depthOnly(every: 6), seed: 8)
        var g = SeededGenerator(seed: 31)
        let frames = (0..<sim.frameCount).map { i -> SensorFrame in
            var frame = sim.frame(i)
            if var depth = frame.depth {
                depth.depth = Self.biased(depth.depth, using: &g)
                frame.depth = depth
            }
            return frame
        }
        let refined = try FloorPlanExtractor().extract(frames: frames)
        #expect(refined.refinedPoses.count == sim.frameCount)
        var worst: Float = 0
        for pose in refined.refinedPoses {
            let truth = sim.groundTruthWorldFromCamera(frame: pose.frameNumber)
            worst = max(worst, pose.worldFromCamera.translation.distance(to: truth.translation))
        }
        print("smooth depth error: refined poses at most \(worst) m from the truth")
        #expect(worst < Self.positionTolerance)
    }
}
