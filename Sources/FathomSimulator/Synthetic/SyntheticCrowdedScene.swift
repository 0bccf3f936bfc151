import FathomCore
import Foundation

/// A crowded synthetic scene in which the sought object is a large share of the cloud: the object
/// (as a sensor sees it: only the side facing one viewpoint), two distractors of the same type and
/// other sizes, a ground plane, a wall behind, and uniform outliers. Sizes, poses and the viewpoint
/// are drawn from the seed.
///
/// Two sensors: `.lidar(noise:)` (Gaussian noise along the surface normal) and
/// `.featurePoints(along:across:)` (sparse ARKit-style feature points with "needle" noise along the
/// viewing ray). The surface finder's sweeps use it beside `SyntheticPrimitiveScene`, whose object is
/// a small part of its cloud.
public struct SyntheticCrowdedScene: Sendable {
    /// How the points are measured.
    public enum Sensor: Sendable, Hashable {
        /// Gaussian noise of `noise` metres (standard deviation) along the surface normal.
        case lidar(noise: Float)
        /// Noise of `along` metres along the ray from the viewpoint and `across` metres across it.
        case featurePoints(along: Float, across: Float)
    }

    /// All points, metres: the object first (point 0 is the seed: the object's point facing the
    /// viewpoint), then distractors, ground, wall and outliers.
    public var positions: [SIMD3<Float>]
    /// The object's exact parameters.
    public var truth: SyntheticPrimitive
    /// The object's points are `0..<objectCount`.
    public var objectCount: Int
    /// A seed radius a user would choose for the object, metres.
    public var seedRadius: Float
    /// The viewpoint the visible sides face, metres.
    public var viewpoint: SIMD3<Float>

    /// Share of the points on each distractor.
    public static let distractorShare: Float = 0.1
    /// Share of the points that are uniform outliers over the scene's box.
    public static let outlierShare: Float = 0.1
    /// Share of the points on the wall (the ground takes the rest).
    public static let wallShare: Float = 0.15

    /// Builds a scene.
    /// - Parameters:
    ///   - kind: the object's type (the distractors have the same type).
    ///   - totalPoints: the number of points.
    ///   - objectShare: the object's share of the points (0.25: a quarter of the cloud).
    ///   - sensor: the measurement model.
    ///   - seed: the random seed.
    public init(_ kind: SyntheticPrimitiveScene.Kind, totalPoints: Int, objectShare: Float = 0.25, sensor: Sensor, seed: UInt64) {
        precondition(totalPoints >= 100, "a crowded scene needs at least 100 points")
        precondition(objectShare > 0 && objectShare <= 0.6, "the object's share must be in (0, 0.6]")
        var g = SeededGenerator(seed: seed)
        func uniform(_ r: ClosedRange<Float>) -> Float { Float.random(in: r, using: &g) }
        let centre = SIMD3<Float>(uniform(-0.3...0.3), uniform(0.8...1.2), uniform(-0.3...0.3))
        let toCamera = SIMD3<Float>(uniform(-1...1), uniform(0.3...1), 1).normalized!
        let camera = centre + toCamera * uniform(1.8...2.6)
        viewpoint = camera

        var pts: [SIMD3<Float>] = []
        pts.reserveCapacity(totalPoints)
        func measure(_ p: SIMD3<Float>, _ n: SIMD3<Float>) -> SIMD3<Float> {
            switch sensor {
            case let .lidar(noise):
                return p + n * (Float(g.nextGaussian()) * noise)
            case let .featurePoints(along, across):
                let d = (p - camera).normalized ?? n
                let u = d.anyPerpendicular, v = d.cross(u)
                return p + d * (Float(g.nextGaussian()) * along) + u * (Float(g.nextGaussian()) * across)
                    + v * (Float(g.nextGaussian()) * across)
            }
        }
        /// Adds `count` points of the visible side of `shape`.
        func addVisible(_ shape: Shape, count: Int) {
            var added = 0, tries = 0
            while added < count, tries < count * 200 {
                tries += 1
                let (p, n) = shape.sample(&g)
                guard n.dot(camera - p) > 0 else { continue }
                pts.append(measure(p, n))
                added += 1
            }
        }

        var object = Shape.random(kind, at: centre, facing: toCamera, generator: &g)
        // The seed is a point the camera sees: a cone whose facing point lies on its unseen side (the
        // camera looks into its opening, and only the outside is sampled) is mirrored through its centre.
        if case let .cone(apex, a, t, near, far) = object {
            let (p, n) = object.facingPoint(toward: camera)
            if n.dot(camera - p) <= 0 {
                object = .cone(apex: centre * 2 - apex, axis: -a, halfAngle: t, near: near, far: far)
            }
        }
        truth = object.truth
        seedRadius = object.seedRadius
        let (seedPoint, seedNormal) = object.facingPoint(toward: camera)
        pts.append(measure(seedPoint, seedNormal))
        let objectPoints = max(10, Int(Float(totalPoints) * objectShare))
        addVisible(object, count: objectPoints - 1)
        objectCount = pts.count

        let distractorPoints = Int(Float(totalPoints) * Self.distractorShare)
        let firstAngle = uniform(0...(2 * .pi))
        for k in 0..<2 {
            let angle = firstAngle + Float(k) * uniform(2...4)
            let offset = SIMD3<Float>(cos(angle), uniform(-0.2...0.2), sin(angle)) * uniform(1.3...1.8)
            let other = Shape.random(kind, at: centre + offset, facing: (camera - centre - offset).normalized!, generator: &g)
            addVisible(other, count: distractorPoints)
        }
        let outlierPoints = Int(Float(totalPoints) * Self.outlierShare)
        let wallPoints = Int(Float(totalPoints) * Self.wallShare)
        let groundPoints = max(0, totalPoints - pts.count - outlierPoints - wallPoints)
        let ground = Shape.rectangle(
            centre: SIMD3(centre.x, 0, centre.z), normal: SIMD3(0, 1, 0), u: SIMD3(1, 0, 0), halfWidth: 2.5, halfHeight: 2.5)
        addVisible(ground, count: groundPoints)
        let wall = Shape.rectangle(
            centre: SIMD3(centre.x, 1.5, centre.z - 2.2), normal: SIMD3(0, 0, 1), u: SIMD3(1, 0, 0), halfWidth: 2.5, halfHeight: 1.5)
        addVisible(wall, count: wallPoints)
        let box = BoundingBox(points: pts)!
        while pts.count < totalPoints {
            pts.append(SIMD3(uniform(box.min.x...box.max.x), uniform(box.min.y...box.max.y), uniform(box.min.z...box.max.z)))
        }
        positions = pts
    }
}

extension SyntheticCrowdedScene {
    /// A primitive with finite extent that can be sampled uniformly by area.
    enum Shape {
        case rectangle(centre: SIMD3<Float>, normal: SIMD3<Float>, u: SIMD3<Float>, halfWidth: Float, halfHeight: Float)
        case sphere(centre: SIMD3<Float>, radius: Float)
        case cylinder(centre: SIMD3<Float>, axis: SIMD3<Float>, radius: Float, length: Float)
        case cone(apex: SIMD3<Float>, axis: SIMD3<Float>, halfAngle: Float, near: Float, far: Float)
        case torus(centre: SIMD3<Float>, axis: SIMD3<Float>, meanRadius: Float, tubeRadius: Float)

        /// A shape of `kind` of random size and orientation around `centre`.
        static func random(
            _ kind: SyntheticPrimitiveScene.Kind, at centre: SIMD3<Float>, facing: SIMD3<Float>,
            generator g: inout SeededGenerator
        ) -> Shape {
            func uniform(_ r: ClosedRange<Float>) -> Float { Float.random(in: r, using: &g) }
            let axis = g.nextUnitVector()
            switch kind {
            case .plane:
                // Tilted up to 50° from the viewing direction, so its visible side is seen.
                var n = (facing + g.nextUnitVector() * uniform(0...0.8)).normalized ?? facing
                if n.dot(facing) < 0.3 { n = facing }
                return .rectangle(centre: centre, normal: n, u: n.anyPerpendicular, halfWidth: uniform(0.4...0.7),
                                  halfHeight: uniform(0.3...0.5))
            case .sphere:
                return .sphere(centre: centre, radius: uniform(0.15...0.4))
            case .cylinder:
                return .cylinder(centre: centre, axis: axis, radius: uniform(0.1...0.3), length: uniform(0.5...1.0))
            case .cone:
                let near = uniform(0.15...0.3)
                return .cone(apex: centre - axis * (near + 0.2), axis: axis, halfAngle: uniform(15...35) * .pi / 180,
                             near: near, far: near + uniform(0.3...0.5))
            case .torus:
                return .torus(centre: centre, axis: axis, meanRadius: uniform(0.3...0.5), tubeRadius: uniform(0.1...0.15))
            }
        }

        /// The exact parameters.
        var truth: SyntheticPrimitive {
            switch self {
            case let .rectangle(c, n, _, _, _): .plane(point: c, normal: n)
            case let .sphere(c, r): .sphere(center: c, radius: r)
            case let .cylinder(c, a, r, _): .cylinder(point: c, axis: a, radius: r)
            case let .cone(apex, a, t, _, _): .cone(apex: apex, axis: a, halfAngle: t)
            case let .torus(c, a, big, small): .torus(center: c, axis: a, meanRadius: big, tubeRadius: small)
            }
        }

        /// A seed radius a user would choose: about the object's local radius of curvature.
        var seedRadius: Float {
            switch self {
            case let .rectangle(_, _, _, w, h): min(w, h) * 0.6
            case let .sphere(_, r): 0.5 * r
            case let .cylinder(_, _, r, _): 0.7 * r
            case let .cone(_, _, t, near, far): 0.7 * tan(t) * (near + far) / 2
            case let .torus(_, _, _, small): small
            }
        }

        /// A point of the shape (and its outward normal) facing `camera` near the middle of its visible side.
        func facingPoint(toward camera: SIMD3<Float>) -> (SIMD3<Float>, SIMD3<Float>) {
            switch self {
            case let .rectangle(c, n, _, _, _):
                return (c, n)
            case let .sphere(c, r):
                let n = (camera - c).normalized!
                return (c + n * r, n)
            case let .cylinder(c, a, r, _):
                let d = camera - c
                let n = (d - a * d.dot(a)).normalized ?? a.anyPerpendicular
                return (c + n * r, n)
            case let .cone(apex, a, t, near, far):
                let h = (near + far) / 2
                let d = camera - apex
                let radial = (d - a * d.dot(a)).normalized ?? a.anyPerpendicular
                return (apex + a * h + radial * (h * tan(t)), radial * cos(t) - a * sin(t))
            case let .torus(c, a, big, small):
                let d = camera - c
                let radial = (d - a * d.dot(a)).normalized ?? a.anyPerpendicular
                let tubeCentre = c + radial * big
                let n = (camera - tubeCentre).normalized!
                return (tubeCentre + n * small, n)
            }
        }

        /// A point uniformly distributed by area over the shape, with its outward normal.
        func sample(_ g: inout SeededGenerator) -> (SIMD3<Float>, SIMD3<Float>) {
            func uniform(_ r: ClosedRange<Float>) -> Float { Float.random(in: r, using: &g) }
            switch self {
            case let .rectangle(c, n, u, w, h):
                let v = n.cross(u)
                return (c + u * uniform(-w...w) + v * uniform(-h...h), n)
            case let .sphere(c, r):
                let n = g.nextUnitVector()
                return (c + n * r, n)
            case let .cylinder(c, a, r, length):
                let u = a.anyPerpendicular, v = a.cross(u)
                let phi = uniform(0...(2 * .pi))
                let n = u * cos(phi) + v * sin(phi)
                return (c + a * uniform(-length / 2...length / 2) + n * r, n)
            case let .cone(apex, a, t, near, far):
                let u = a.anyPerpendicular, v = a.cross(u)
                let h = (uniform(0...1) * (far * far - near * near) + near * near).squareRoot()
                let phi = uniform(0...(2 * .pi))
                let radial = u * cos(phi) + v * sin(phi)
                return (apex + a * h + radial * (h * tan(t)), radial * cos(t) - a * sin(t))
            case let .torus(c, a, big, small):
                let u = a.anyPerpendicular, v = a.cross(u)
                while true {
                    let phi = uniform(0...(2 * .pi)), psi = uniform(0...(2 * .pi))
                    // Area weight (R + r cos ψ) by rejection.
                    guard uniform(0...(big + small)) <= big + small * cos(psi) else { continue }
                    let radial = u * cos(phi) + v * sin(phi)
                    let n = radial * cos(psi) + a * sin(psi)
                    return (c + radial * big + n * small, n)
                }
            }
        }
    }
}
