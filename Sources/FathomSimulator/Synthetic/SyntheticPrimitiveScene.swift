import FathomCore
import Foundation

/// A cluttered synthetic scene with one partial primitive of known parameters: a floor, a distractor
/// sphere, Gaussian noise along the normals and 10% uniform outliers. Built from a seed.
///
/// The surface finder's tests and accuracy benchmarks use it: partial views (a 60° sphere cap, a 90°
/// cylinder arc, a 120° cone arc, half a torus) with exact parameters to compare against.
public struct SyntheticPrimitiveScene: Sendable {
    /// The kind of primitive in the scene.
    public enum Kind: String, Sendable, CaseIterable { case plane, sphere, cylinder, cone, torus }

    /// All points, metres: the primitive first, then clutter and outliers.
    public var positions: [SIMD3<Float>]
    /// The primitive's exact parameters.
    public var truth: SyntheticPrimitive
    /// The primitive's points are `0..<objectCount`; point 0 is the patch centre (the seed).
    public var objectCount: Int
    /// A seed radius a user would choose for the primitive, metres.
    public var seedRadius: Float

    /// Builds a scene.
    /// - Parameters:
    ///   - kind: the primitive.
    ///   - noise: standard deviation of the Gaussian noise along the surface normal, metres.
    ///   - objectPoints: points on the primitive; `clutterPoints`: points of the floor and distractor.
    ///   - seed: the random seed.
    public init(_ kind: Kind, noise: Float, objectPoints: Int = 1500, clutterPoints: Int = 1500, seed: UInt64) {
        var g = SeededGenerator(seed: seed)
        func gauss() -> Float { Float(g.nextGaussian()) * noise }
        let axis = g.nextUnitVector()
        let u = axis.anyPerpendicular, v = axis.cross(u)
        let base = SIMD3<Float>(Float.random(in: -0.5...0.5, using: &g), 1.2, Float.random(in: -0.5...0.5, using: &g))
        var pts: [SIMD3<Float>] = []
        func add(_ p: SIMD3<Float>, _ n: SIMD3<Float>) { pts.append(p + n * gauss()) }
        switch kind {
        case .plane:
            truth = .plane(point: base, normal: axis)
            seedRadius = 0.3
            add(base, axis)
            for _ in 1..<objectPoints {
                let a = Float.random(in: -0.5...0.5, using: &g), b = Float.random(in: -0.4...0.4, using: &g)
                add(base + u * a + v * b, axis)
            }
        case .sphere:
            // A 60° cap (30° from the pole) of a 0.3 m sphere.
            let r: Float = 0.3
            truth = .sphere(center: base, radius: r)
            seedRadius = 0.15
            add(base + axis * r, axis)
            let cmin = cos(Float.pi / 6)
            for _ in 1..<objectPoints {
                let c = Float.random(in: cmin...1, using: &g), s = (1 - c * c).squareRoot()
                let phi = Float.random(in: 0..<(2 * .pi), using: &g)
                let n = axis * c + u * (s * cos(phi)) + v * (s * sin(phi))
                add(base + n * r, n)
            }
        case .cylinder:
            // A 90° arc of a 0.2 m cylinder, 0.6 m long.
            let r: Float = 0.2, length: Float = 0.6
            truth = .cylinder(point: base, axis: axis, radius: r)
            seedRadius = 0.15
            func point(_ phi: Float, _ h: Float) -> (SIMD3<Float>, SIMD3<Float>) {
                let n = u * cos(phi) + v * sin(phi)
                return (base + axis * h + n * r, n)
            }
            let (p0, n0) = point(0, 0)
            add(p0, n0)
            for _ in 1..<objectPoints {
                let (p, n) = point(Float.random(in: -.pi / 4...(.pi / 4), using: &g),
                                   Float.random(in: -length / 2...length / 2, using: &g))
                add(p, n)
            }
        case .cone:
            // A 120° arc of a cone with a 20° half angle, 0.25…0.65 m from the apex.
            let t: Float = 20 * .pi / 180, h1: Float = 0.25, h2: Float = 0.65
            truth = .cone(apex: base, axis: axis, halfAngle: t)
            seedRadius = 0.15
            func point(_ phi: Float, _ h: Float) -> (SIMD3<Float>, SIMD3<Float>) {
                let radial = u * cos(phi) + v * sin(phi)
                return (base + axis * h + radial * (h * tan(t)), radial * cos(t) - axis * sin(t))
            }
            let (p0, n0) = point(0, (h1 + h2) / 2)
            add(p0, n0)
            for _ in 1..<objectPoints {
                let h = (Float.random(in: 0...1, using: &g) * (h2 * h2 - h1 * h1) + h1 * h1).squareRoot()
                let (p, n) = point(Float.random(in: -.pi / 3...(.pi / 3), using: &g), h)
                add(p, n)
            }
        case .torus:
            // Half of a torus with mean radius 0.4 m and tube radius 0.12 m.
            let big: Float = 0.4, small: Float = 0.12
            truth = .torus(center: base, axis: axis, meanRadius: big, tubeRadius: small)
            seedRadius = 0.12
            func point(_ phi: Float, _ psi: Float) -> (SIMD3<Float>, SIMD3<Float>) {
                let radial = u * cos(phi) + v * sin(phi)
                let n = radial * cos(psi) + axis * sin(psi)
                return (base + radial * big + n * small, n)
            }
            let (p0, n0) = point(.pi / 2, 0)
            add(p0, n0)
            while pts.count < objectPoints {
                let phi = Float.random(in: 0...Float.pi, using: &g), psi = Float.random(in: 0..<(2 * .pi), using: &g)
                // Area weight (R + r cos ψ) by rejection.
                guard Float.random(in: 0...(big + small), using: &g) <= big + small * cos(psi) else { continue }
                let (p, n) = point(phi, psi)
                add(p, n)
            }
        }
        objectCount = pts.count
        // Clutter: a 3 m floor 0.8 m below the object's base and a distractor sphere 1.5 m away.
        let up = SIMD3<Float>(0, 1, 0)
        for _ in 0..<clutterPoints {
            let p = SIMD3<Float>(Float.random(in: -1.5...1.5, using: &g), 0.2, Float.random(in: -1.5...1.5, using: &g))
            add(p, up)
        }
        let other = SIMD3<Float>(1.2, 0.5, -1.2)
        for _ in 0..<(clutterPoints / 3) {
            let n = g.nextUnitVector()
            add(other + n * 0.25, n)
        }
        // 10% uniform outliers over the scene's box.
        let box = BoundingBox(points: pts)!
        let outliers = pts.count / 9
        for _ in 0..<outliers {
            pts.append(SIMD3(Float.random(in: box.min.x...box.max.x, using: &g),
                             Float.random(in: box.min.y...box.max.y, using: &g),
                             Float.random(in: box.min.z...box.max.z, using: &g)))
        }
        positions = pts
    }
}
