import FathomCore
import FathomPlan
import Foundation

/// Random furnished apartments for floor-plan evaluation: the rooms, doors, windows, labels and walk of
/// `RandomFloorPlanLayout.scene(seed:roomCount:shapes:)`, furnished from the same seed the way homes
/// are: tall storage (wardrobes, bookcases) and refrigerators standing against walls, their tops
/// 0.2–0.6 m below the ceiling, often in a corner; kitchen counter runs (0.86–0.94 m) along a wall, sometimes with a
/// refrigerator at their end; sofas (seat and back) and beds against walls; tables (a top on four legs)
/// in the middle at any angle. Every piece is built from boxes; its truth is its oriented bounding box.
///
/// Furniture stands against walls without doors or windows, 2 cm from the wall, at least 1 m of each
/// such wall left free (so that a wall is never hidden along its whole length), pieces at least
/// 0.25 m apart. The walk passes 0.9 m from side walls, so wardrobes and refrigerators stand against
/// back walls (1.3 m from the walk) and side walls get shallow bookcases and low pieces.
public enum FurnishedFloorPlanLayout {
    /// Gap between furniture and the wall it stands against, metres.
    public static let wallGap: Float = 0.02
    /// Wall length left free beside tall furniture, metres.
    static let freeWallLength: Float = 1.0
    /// Shortest wall that gets furniture, metres.
    static let shortestFurnishedWall: Float = 2.0
    /// Least distance between two pieces, metres.
    static let pieceSpacing: Float = 0.25

    /// A random furnished layout.
    /// - Parameters:
    ///   - seed: the seed of every choice (the bare layout is `RandomFloorPlanLayout.scene(seed:)`'s).
    ///   - roomCount: 1…5 rooms; nil draws it from the seed.
    ///   - shapes: the room shapes to draw from.
    public static func scene(
        seed: UInt64, roomCount: Int? = nil, shapes: [RandomFloorPlanLayout.RoomShape] = RandomFloorPlanLayout.RoomShape.allCases
    ) -> FurnishedScene {
        var scene = RandomFloorPlanLayout.scene(seed: seed, roomCount: roomCount, shapes: shapes)
        scene.objects = []
        var g = SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x5EED)
        var pieces: [Piece] = []
        let count = scene.rooms.count
        for (k, room) in scene.rooms.enumerated() {
            let n = room.polygon.count
            let isKitchen = RandomFloorPlanLayout.roomNames[k % RandomFloorPlanLayout.roomNames.count] == "Kitchen"
            var kitchenDone = false
            // Walls without doors or windows (the left wall of a room after the first and the right wall
            // of a room before the last hold the doors between neighbours; the front wall the window).
            var edges: [Int] = []
            for i in 0..<n {
                if i == n - 1 || (i == 0 && k > 0) || (i == n - 2 && k < count - 1) { continue }
                if room.openings.contains(where: { $0.wall == i }) { continue }
                if room.wallLength(i) >= shortestFurnishedWall { edges.append(i) }
            }
            edges.shuffle(using: &g)
            let ceiling = room.height
            let backZ = room.polygon.map(\.y).max() ?? 0
            for i in edges {
                let a = room.polygon[i]
                let b = room.polygon[(i + 1) % n]
                let length = (b - a).lengthXZ
                let e = (b - a) / length
                let inward = SIMD2(e.y, -e.x)
                // The walk keeps 1.3 m from the back wall but only 0.9 m from the side walls: deep tall
                // pieces stand against the back wall, side walls get shelves and low pieces.
                let isBack = min(a.y, b.y) >= backZ - 0.01
                var kind = Int.random(in: 0..<5, using: &g)
                if isKitchen && !kitchenDone { kind = 1 }
                var placed: [Piece] = []
                switch kind {
                case 0:  // tall storage or a refrigerator
                    let which = isBack ? Int.random(in: 0..<3, using: &g) : 1
                    let width: Float, depth: Float, height: Float
                    let category: FloorPlanObject.Category
                    let below = Float.random(in: 0.2...0.6, using: &g)
                    switch which {
                    case 0:
                        width = Float.random(in: 0.8...min(2.0, length - freeWallLength), using: &g)
                        depth = Float.random(in: 0.5...0.65, using: &g)
                        height = ceiling - below
                        category = .storage
                    case 1:
                        width = Float.random(in: 0.6...1.2, using: &g)
                        depth = Float.random(in: 0.28...0.4, using: &g)
                        height = ceiling - below
                        category = .storage
                    default:
                        width = Float.random(in: 0.6...0.9, using: &g)
                        depth = Float.random(in: 0.6...0.75, using: &g)
                        height = ceiling - below
                        category = .refrigerator
                    }
                    let s = along(length: length, width: width, corner: Bool.random(using: &g), g: &g)
                    placed.append(
                        Piece.box(
                            category: category, a: a, e: e, inward: inward, s: s, width: width, depth: depth,
                            height: height))
                case 1:  // kitchen counter run, sometimes with a refrigerator at its end
                    kitchenDone = true
                    let withFridge = Bool.random(using: &g) && length >= 3.4 && isBack
                    let fridgeWidth: Float = withFridge ? Float.random(in: 0.6...0.8, using: &g) : 0
                    let maxRun = length - 0.3 - (withFridge ? fridgeWidth + 0.3 : 0)
                    let run = Float.random(in: min(1.6, maxRun)...min(3.0, maxRun), using: &g)
                    let height = Float.random(in: 0.86...0.94, using: &g)
                    let depth = Float.random(in: 0.58...0.65, using: &g)
                    let s = along(length: length, width: run + (withFridge ? fridgeWidth + 0.3 : 0), corner: true, g: &g)
                    placed.append(
                        Piece.box(
                            category: .storage, a: a, e: e, inward: inward, s: s, width: run, depth: depth,
                            height: height))
                    if withFridge {
                        let fridgeHeight = ceiling - Float.random(in: 0.2...0.6, using: &g)
                        placed.append(
                            Piece.box(
                                category: .refrigerator, a: a, e: e, inward: inward, s: s + run + 0.3,
                                width: fridgeWidth, depth: Float.random(in: 0.6...0.75, using: &g),
                                height: fridgeHeight))
                    }
                case 2:  // sofa: a seat and a back against the wall
                    let width = Float.random(in: 1.6...min(2.2, length - 0.4), using: &g)
                    let depth = Float.random(in: 0.85...0.95, using: &g)
                    let s = along(length: length, width: width, corner: false, g: &g)
                    placed.append(
                        Piece.sofa(
                            a: a, e: e, inward: inward, s: s, width: width, depth: depth,
                            seat: Float.random(in: 0.42...0.48, using: &g), back: Float.random(in: 0.8...0.92, using: &g)))
                case 3:  // bed, head against the wall
                    let width = Float.random(in: 1.4...min(1.8, length - 0.4), using: &g)
                    let bedLength = Float.random(in: 1.9...2.1, using: &g)
                    let s = along(length: length, width: width, corner: Bool.random(using: &g), g: &g)
                    placed.append(
                        Piece.box(
                            category: .bed, a: a, e: e, inward: inward, s: s, width: width, depth: bedLength,
                            height: Float.random(in: 0.45...0.6, using: &g)))
                default:
                    break
                }
                // Keep the pieces that stay inside the room and clear of the others.
                for piece in placed where piece.fits(in: room, among: pieces) { pieces.append(piece) }
            }
            // A table in the middle, at any angle, when it fits.
            if Bool.random(using: &g) {
                let mean = room.polygon.reduce(SIMD2<Float>.zero, +) / Float(n)
                let width = Float.random(in: 0.8...1.6, using: &g)
                let depth = Float.random(in: 0.7...0.9, using: &g)
                let yaw = Float.random(in: 0..<Float.pi, using: &g)
                let e = SIMD2(cos(yaw), sin(yaw))
                let centre = mean + SIMD2(Float.random(in: -0.3...0.3, using: &g), Float.random(in: -0.3...0.3, using: &g))
                let table = Piece.table(
                    centre: centre, e: e, width: width, depth: depth, top: Float.random(in: 0.72...0.78, using: &g))
                if table.fits(in: room, among: pieces, wallClearance: 0.5) { pieces.append(table) }
            }
        }
        scene.objects = pieces.enumerated().flatMap { k, piece in
            piece.parts.enumerated().map { j, part in
                var part = part
                part.name = "\(piece.category.rawValue) \(k + 1)" + (piece.parts.count > 1 ? " part \(j + 1)" : "")
                return part
            }
        }
        let objects = pieces.enumerated().map { k, piece in
            FloorPlanObject(
                id: "f\(k + 1)", category: piece.category, corners: piece.corners.map { SIMD2(Double($0.x), Double($0.y)) },
                bottom: 0, top: Double(piece.top), confidence: 1)
        }
        return FurnishedScene(scene: scene, objects: objects)
    }

    /// A slow drift of the recorded poses over a whole walk, drawn from `seed`: a shift of
    /// `metresPerMinute · duration` (1.5–3 cm per minute by default, in a random horizontal direction,
    /// 0.3 of it vertical) and a turn of 0.3–0.8° per minute.
    public static func drift(seed: UInt64, duration: Double, metresPerMinute: ClosedRange<Float> = 0.015...0.03)
        -> ScanFault
    {
        var g = SeededGenerator(seed: seed &+ 0xD41F7)
        let minutes = Float(duration / 60)
        let angle = Float.random(in: 0..<(2 * .pi), using: &g)
        let size = Float.random(in: metresPerMinute, using: &g) * minutes
        let offset = SIMD3(cos(angle), Float.random(in: -0.3...0.3, using: &g), sin(angle)) * size
        let yaw = Float.random(in: 0.3...0.8, using: &g) * minutes * (Bool.random(using: &g) ? 1 : -1)
        return .drift(start: 0, duration: max(1e-3, duration), offset: offset, yawDegrees: yaw)
    }

    /// Where along a wall of `length` a piece of `width` starts: in a corner (3 cm from one end) or
    /// anywhere with 5 cm to spare.
    static func along(length: Float, width: Float, corner: Bool, g: inout SeededGenerator) -> Float {
        let room = max(0, length - width)
        if corner { return Bool.random(using: &g) ? min(0.03, room / 2) : max(room / 2, room - 0.03) }
        let lo = min(0.05, room / 2)
        return Float.random(in: lo...max(lo, room - 0.05), using: &g)
    }

    /// One piece of furniture: its category, boxes and true oriented bounding box.
    struct Piece {
        var category: FloorPlanObject.Category
        var parts: [ObjectDescription]
        /// Footprint corners in order, `[x, z]` metres.
        var corners: [SIMD2<Float>]
        var top: Float

        /// A footprint rectangle `centre ± e·width/2 ± n·depth/2`.
        static func rectangle(centre: SIMD2<Float>, e: SIMD2<Float>, width: Float, depth: Float) -> [SIMD2<Float>] {
            let n = SIMD2(e.y, -e.x)
            let u = e * (width / 2)
            let v = n * (depth / 2)
            return [centre - u - v, centre + u - v, centre + u + v, centre - u + v]
        }

        /// A box of the given height on the floor, footprint centred at `centre`, local x along `e`.
        static func part(centre: SIMD2<Float>, e: SIMD2<Float>, width: Float, depth: Float, bottom: Float, top: Float)
            -> ObjectDescription
        {
            ObjectDescription(
                name: "", shape: .box(size: SIMD3(width, top - bottom, depth)),
                position: SIMD3(centre.x, (bottom + top) / 2, centre.y),
                rotation: YawPitchRoll(yaw: atan2(-e.y, e.x) * 180 / .pi), color: "grey")
        }

        /// A box against the wall from `a` along `e`, starting `s` along it.
        static func box(
            category: FloorPlanObject.Category, a: SIMD2<Float>, e: SIMD2<Float>, inward: SIMD2<Float>, s: Float,
            width: Float, depth: Float, height: Float
        ) -> Piece {
            let centre = a + e * (s + width / 2) + inward * (wallGap + depth / 2)
            return Piece(
                category: category,
                parts: [part(centre: centre, e: e, width: width, depth: depth, bottom: 0, top: height)],
                corners: rectangle(centre: centre, e: e, width: width, depth: depth), top: height)
        }

        /// A sofa against the wall: a seat and a 0.2 m back.
        static func sofa(
            a: SIMD2<Float>, e: SIMD2<Float>, inward: SIMD2<Float>, s: Float, width: Float, depth: Float, seat: Float,
            back: Float
        ) -> Piece {
            let backDepth: Float = 0.2
            let centre = a + e * (s + width / 2) + inward * (wallGap + depth / 2)
            let backCentre = a + e * (s + width / 2) + inward * (wallGap + backDepth / 2)
            let seatCentre = a + e * (s + width / 2) + inward * (wallGap + backDepth + (depth - backDepth) / 2)
            return Piece(
                category: .sofa,
                parts: [
                    part(centre: backCentre, e: e, width: width, depth: backDepth, bottom: 0, top: back),
                    part(centre: seatCentre, e: e, width: width, depth: depth - backDepth, bottom: 0, top: seat),
                ],
                corners: rectangle(centre: centre, e: e, width: width, depth: depth), top: back)
        }

        /// A table: a 4 cm top on four 5 cm legs.
        static func table(centre: SIMD2<Float>, e: SIMD2<Float>, width: Float, depth: Float, top: Float) -> Piece {
            let slab: Float = 0.04
            let leg: Float = 0.05
            var parts = [part(centre: centre, e: e, width: width, depth: depth, bottom: top - slab, top: top)]
            let n = SIMD2(e.y, -e.x)
            for (su, sv) in [(-1, -1), (1, -1), (1, 1), (-1, 1)] as [(Float, Float)] {
                let c = centre + e * (su * (width / 2 - leg)) + n * (sv * (depth / 2 - leg))
                parts.append(part(centre: c, e: e, width: leg, depth: leg, bottom: 0, top: top - slab))
            }
            return Piece(
                category: .table, parts: parts, corners: rectangle(centre: centre, e: e, width: width, depth: depth),
                top: top)
        }

        /// Whether the footprint lies inside the room (at least `wallClearance` from its walls when
        /// given) and at least `pieceSpacing` from every other piece.
        func fits(in room: RoomDescription, among others: [Piece], wallClearance: Float = 0) -> Bool {
            // Sample the footprint's outline.
            var samples: [SIMD2<Float>] = []
            for k in 0..<4 {
                let p = corners[k]
                let q = corners[(k + 1) % 4]
                for j in 0..<8 { samples.append(p + (q - p) * (Float(j) / 8)) }
            }
            let inset: Float = 0.005
            let mean = corners.reduce(SIMD2<Float>.zero, +) / 4
            for p in samples {
                let pulled = p + (mean - p) * (inset / max(inset, (mean - p).lengthXZ))
                guard room.contains(pulled) else { return false }
                if wallClearance > 0 {
                    let n = room.polygon.count
                    for i in 0..<n
                    where Self.distance(p, room.polygon[i], room.polygon[(i + 1) % n]) < wallClearance {
                        return false
                    }
                }
            }
            for other in others {
                if Self.rectanglesOverlap(Self.grown(corners, by: pieceSpacing / 2), Self.grown(other.corners, by: pieceSpacing / 2)) {
                    return false
                }
            }
            return true
        }

        /// A rectangle's corners moved out by `margin` along both of its axes.
        static func grown(_ c: [SIMD2<Float>], by margin: Float) -> [SIMD2<Float>] {
            let mean = c.reduce(SIMD2<Float>.zero, +) / 4
            let u = (c[1] - c[0]) / max(1e-6, (c[1] - c[0]).lengthXZ)
            let v = (c[3] - c[0]) / max(1e-6, (c[3] - c[0]).lengthXZ)
            return c.map { p in
                let d = p - mean
                let su: Float = (d * u).sum() >= 0 ? 1 : -1
                let sv: Float = (d * v).sum() >= 0 ? 1 : -1
                return p + u * (su * margin) + v * (sv * margin)
            }
        }

        /// Separating-axis test of two convex quadrilaterals.
        static func rectanglesOverlap(_ a: [SIMD2<Float>], _ b: [SIMD2<Float>]) -> Bool {
            for poly in [a, b] {
                for k in 0..<4 {
                    let edge = poly[(k + 1) % 4] - poly[k]
                    let axis = SIMD2(-edge.y, edge.x)
                    let pa = a.map { ($0 * axis).sum() }
                    let pb = b.map { ($0 * axis).sum() }
                    if pa.max()! < pb.min()! || pb.max()! < pa.min()! { return false }
                }
            }
            return true
        }

        /// Distance from `p` to the segment `a`–`b`, metres.
        static func distance(_ p: SIMD2<Float>, _ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float {
            let d = b - a
            let t = max(0, min(1, ((p - a) * d).sum() / max(1e-9, (d * d).sum())))
            return (p - (a + d * t)).lengthXZ
        }
    }
}
