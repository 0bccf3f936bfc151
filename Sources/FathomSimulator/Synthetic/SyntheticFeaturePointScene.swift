import FathomCore
import Foundation

/// A sparse ARKit-style feature-point scene: a floor, a ball resting on it and an upright cylinder,
/// sampled sparsely, each point displaced by "needle" noise (large along the viewing ray from one of
/// a few camera positions, small across it), plus 15% spurious points. Built from a seed.
public struct SyntheticFeaturePointScene: Sendable {
    /// All points, metres.
    public var positions: [SIMD3<Float>]
    /// Ranges of the floor, ball and cylinder points; their first points are the seeds.
    public var floor: Range<Int>, ball: Range<Int>, cylinder: Range<Int>
    /// The ball's true centre and radius, metres.
    public static let ballCenter = SIMD3<Float>(0, 0.25, 0), ballRadius: Float = 0.25
    /// A point on the upright cylinder's axis and its radius, metres.
    public static let cylinderAxisPoint = SIMD3<Float>(0.7, 0, 0.3), cylinderRadius: Float = 0.12

    /// Builds a scene; `along` and `across` are the needle noise σ along and across the rays, metres.
    public init(seed: UInt64, along: Float = 0.015, across: Float = 0.002) {
        var g = SeededGenerator(seed: seed)
        let cameras: [SIMD3<Float>] = [SIMD3(-0.5, 1.5, 2), SIMD3(0.5, 1.4, 2.2), SIMD3(1.5, 1.6, 1.5)]
        var pts: [SIMD3<Float>] = []
        func add(_ p: SIMD3<Float>) {
            let c = cameras[Int.random(in: 0..<cameras.count, using: &g)]
            let d = (p - c).normalized!
            let u = d.anyPerpendicular, v = d.cross(u)
            pts.append(p + d * (Float(g.nextGaussian()) * along) + u * (Float(g.nextGaussian()) * across)
                + v * (Float(g.nextGaussian()) * across))
        }
        add(SIMD3(-0.6, 0, 0.6))
        for _ in 1..<600 { add(SIMD3(Float.random(in: -1...1, using: &g), 0, Float.random(in: -1...1, using: &g))) }
        floor = 0..<pts.count
        let b0 = pts.count
        // The ball's upper, camera-facing part.
        add(Self.ballCenter + SIMD3(0, 0.6, 0.8) * Self.ballRadius)
        while pts.count < b0 + 400 {
            let n = g.nextUnitVector()
            guard n.y > -0.2, n.z > -0.3 else { continue }
            add(Self.ballCenter + n * Self.ballRadius)
        }
        ball = b0..<pts.count
        let c0 = pts.count
        add(Self.cylinderAxisPoint + SIMD3(0, 0.3, Self.cylinderRadius))
        while pts.count < c0 + 300 {
            let phi = Float.random(in: -Float.pi * 0.6...Float.pi * 0.6, using: &g)
            add(Self.cylinderAxisPoint + SIMD3(sin(phi) * Self.cylinderRadius, Float.random(in: 0...0.6, using: &g),
                                                cos(phi) * Self.cylinderRadius))
        }
        cylinder = c0..<pts.count
        let spurious = pts.count * 15 / 85
        for _ in 0..<spurious {
            pts.append(SIMD3(Float.random(in: -1...1.2, using: &g), Float.random(in: 0...1, using: &g),
                             Float.random(in: -1...1, using: &g)))
        }
        positions = pts
    }
}

