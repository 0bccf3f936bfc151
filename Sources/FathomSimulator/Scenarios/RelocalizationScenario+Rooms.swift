import FathomCore
import Foundation

extension RelocalizationScenario {
    /// Smallest distance kept between furniture footprints and walls, metres.
    static let furnitureClearance: Float = 0.15

    /// A random furnished room (a rectangle or an L), built from `seed`: 3.5–6.5 m by 3.5–6 m,
    /// 2.4–2.9 m high, a door, and 3–6 pieces of furniture (tables, cabinets, sofas, chairs, lamps,
    /// bins, balls, plant pots) at random places and yaws.
    public static func randomRoom(seed: UInt64) -> SceneDescription {
        var g = SeededGenerator(seed: seed ^ 0x5EED_400A)
        let w = Float.random(in: 3.5...6.5, using: &g), d = Float.random(in: 3.5...6, using: &g)
        var polygon: [SIMD2<Float>] = [SIMD2(0, 0), SIMD2(0, d), SIMD2(w, d), SIMD2(w, 0)]
        if Float.random(in: 0..<1, using: &g) < 0.4 {
            // An L: cut a corner rectangle out at (w, 0).
            let cw = w * Float.random(in: 0.3...0.45, using: &g), cd = d * Float.random(in: 0.3...0.45, using: &g)
            polygon = [SIMD2(0, 0), SIMD2(0, d), SIMD2(w, d), SIMD2(w, cd), SIMD2(w - cw, cd), SIMD2(w - cw, 0)]
        }
        let doorOffset = Float.random(in: 0.3...(w - 1.3), using: &g)
        let colors = ["white", "beige", "grey"]
        let room = RoomDescription(
            polygon: polygon, height: Float.random(in: 2.4...2.9, using: &g),
            openings: [OpeningDescription(kind: .door, wall: 1, offset: doorOffset, width: 0.9, bottom: 0, top: 2.05)],
            wallColor: colors[Int.random(in: 0..<colors.count, using: &g)])
        var objects: [ObjectDescription] = []
        var footprints: [(center: SIMD2<Float>, radius: Float)] = []
        let wanted = Int.random(in: 3...6, using: &g)
        var tries = 0
        while objects.count < wanted && tries < 200 {
            tries += 1
            let (name, shape, color) = randomFurniture(using: &g)
            let (footprintRadius, baseHeight) = footprint(of: shape)
            let c = SIMD2(Float.random(in: 0...w, using: &g), Float.random(in: 0...d, using: &g))
            guard room.contains(c),
                distanceToWalls(c, polygon: polygon) >= footprintRadius + furnitureClearance,
                footprints.allSatisfy({ ($0.center - c).lengthXZ >= $0.radius + footprintRadius + furnitureClearance })
            else { continue }
            footprints.append((c, footprintRadius))
            objects.append(
                ObjectDescription(
                    name: name, shape: shape, position: SIMD3(c.x, baseHeight, c.y),
                    rotation: YawPitchRoll(yaw: Float.random(in: 0..<360, using: &g)), color: color))
        }
        return SceneDescription(rooms: [room], objects: objects)
    }

    /// The footprint centres and radii of a room's furniture, `[x, z]` metres.
    static func footprints(of scene: SceneDescription) -> [(center: SIMD2<Float>, radius: Float)] {
        scene.objects.map { (SIMD2($0.position.x, $0.position.z), footprint(of: $0.shape).radius) }
    }

    /// A random piece of furniture: name, shape and colour.
    static func randomFurniture<G: RandomNumberGenerator>(using g: inout G) -> (String, PrimitiveShape, String) {
        func r(_ range: ClosedRange<Float>) -> Float { Float.random(in: range, using: &g) }
        switch Int.random(in: 0..<8, using: &g) {
        case 0: return ("table", .box(size: SIMD3(r(1.0...1.6), r(0.7...0.8), r(0.6...0.9))), "wood")
        case 1: return ("cabinet", .box(size: SIMD3(r(0.8...1.2), r(1.4...2.0), r(0.4...0.6))), "brown")
        case 2: return ("sofa", .box(size: SIMD3(r(1.6...2.2), r(0.75...0.9), r(0.8...0.95))), "blue")
        case 3: return ("chair", .box(size: SIMD3(r(0.4...0.5), r(0.85...1.0), r(0.4...0.5))), "red")
        case 4: return ("lamp", .cylinder(radius: r(0.1...0.18), height: r(1.3...1.7), capped: true), "yellow")
        case 5: return ("bin", .cylinder(radius: r(0.15...0.25), height: r(0.4...0.6), capped: true), "grey")
        case 6: return ("ball", .sphere(radius: r(0.15...0.3)), "orange")
        default:
            return ("plant pot", .cone(bottomRadius: r(0.15...0.25), topRadius: r(0.25...0.35), height: r(0.4...0.7),
                                       capped: true), "green")
        }
    }

    /// Footprint radius (horizontal) and the height of the local origin above the floor, metres.
    static func footprint(of shape: PrimitiveShape) -> (radius: Float, baseHeight: Float) {
        switch shape {
        case .box(let size): ((size.x * size.x + size.z * size.z).squareRoot() / 2, size.y / 2)
        case .sphere(let radius): (radius, radius)
        case .cylinder(let radius, _, _): (radius, 0)
        case .cone(let r0, let r1, _, _): (max(r0, r1), 0)
        case .torus(let major, let minor): (major + minor, minor)
        }
    }

    /// Distance from a floor point to the nearest wall, metres.
    static func distanceToWalls(_ p: SIMD2<Float>, polygon: [SIMD2<Float>]) -> Float {
        var best = Float.infinity
        for i in 0..<polygon.count {
            best = min(best, PolygonMath.distanceToSegment(p, polygon[i], polygon[(i + 1) % polygon.count]))
        }
        return best
    }
}
