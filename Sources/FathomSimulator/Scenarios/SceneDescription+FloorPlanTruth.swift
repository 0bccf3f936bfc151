import FathomPlan

extension SceneDescription {
    /// Facing walls of neighbouring rooms farther apart than their thickness plus this are not one
    /// wall, metres (the simulator's own rule for openings cutting through both walls).
    public static let truthFacingWallTolerance: Float = 0.01
    /// Wall pieces shorter than this are left out of the truth (the end of a wall beside a neighbour's
    /// thinner stretch), metres.
    public static let truthMinimumWallLength: Double = 0.25

    /// The true floor plan of the scene, in the `fathom-floorplan` conventions.
    ///
    /// - Rooms: each room's interior polygon, labelled with the first scene label inside it.
    /// - Walls: each room edge is a wall face (`thickness` nil); where a neighbouring room's edge faces
    ///   it (antiparallel, at most the wall thickness plus `truthFacingWallTolerance` apart), the
    ///   overlapping stretch is one wall on the centre line with `thickness` the gap (metres), and the
    ///   rest of each edge stays a face wall.
    /// - Openings: every opening on the wall piece that holds its middle, projected on that wall's line,
    ///   its kind given by the format's rule (`FloorPlanOpening.kind(width:bottom:)`).
    /// - `floorY` and `ceilingHeight` are the first room's; wall heights are their rooms'.
    public var floorPlanTruth: FloorPlan {
        var walls: [FloorPlanWall] = []
        // Per room edge: the wall pieces it produced, with their along-edge interval (metres).
        var piecesByEdge: [[Int]: [(s0: Double, s1: Double, wall: Int)]] = [:]
        func point(_ v: SIMD2<Float>) -> SIMD2<Double> { SIMD2(Double(v.x), Double(v.y)) }

        for (r, room) in rooms.enumerated() {
            let n = room.polygon.count
            for i in 0..<n {
                let a = point(room.polygon[i])
                let b = point(room.polygon[(i + 1) % n])
                let length = FloorPlanGeometry.distance(a, b)
                guard length > Self.truthMinimumWallLength else { continue }
                let e = (b - a) / length
                let inward = SIMD2(e.y, -e.x)  // towards the room (the simulator's inward wall normal)
                var covered: [(s0: Double, s1: Double)] = []
                for (r2, other) in rooms.enumerated() where r2 != r {
                    let m = other.polygon.count
                    for j in 0..<m {
                        let c = point(other.polygon[j])
                        let d = point(other.polygon[(j + 1) % m])
                        let l2 = FloorPlanGeometry.distance(c, d)
                        guard l2 > Self.truthMinimumWallLength else { continue }
                        let e2 = (d - c) / l2
                        guard (e * e2).sum() < -0.999 else { continue }
                        let gap = -((c - a) * inward).sum()  // the other face lies behind this one
                        let limit = Double(max(room.wallThickness, other.wallThickness) + Self.truthFacingWallTolerance)
                        guard gap >= -Double(Self.truthFacingWallTolerance), gap <= limit else { continue }
                        let t0 = ((c - a) * e).sum()
                        let t1 = ((d - a) * e).sum()
                        let lo = max(0, min(t0, t1))
                        let hi = min(length, max(t0, t1))
                        guard hi - lo > Self.truthMinimumWallLength else { continue }
                        covered.append((lo, hi))
                        // The shared stretch is written once, by the room with the lower index.
                        guard r < r2 else { continue }
                        let offset = max(0, gap) / 2
                        let start = a + e * lo - inward * offset
                        let end = a + e * hi - inward * offset
                        walls.append(
                            FloorPlanWall(
                                id: "", start: start, end: end, height: Double(room.height),
                                thickness: gap > 0.005 ? gap : nil))
                        piecesByEdge[[r, i], default: []].append((lo, hi, walls.count - 1))
                        // The other room's edge runs the other way: its along-edge coordinate is
                        // measured from its own start vertex.
                        let o0 = ((a + e * lo - c) * e2).sum()
                        let o1 = ((a + e * hi - c) * e2).sum()
                        piecesByEdge[[r2, j], default: []].append((min(o0, o1), max(o0, o1), walls.count - 1))
                    }
                }
                // The rest of the edge: face walls.
                covered.sort { $0.s0 < $1.s0 }
                var s = 0.0
                var rest: [(Double, Double)] = []
                for c in covered {
                    if c.s0 - s > Self.truthMinimumWallLength { rest.append((s, c.s0)) }
                    s = max(s, c.s1)
                }
                if length - s > Self.truthMinimumWallLength { rest.append((s, length)) }
                for (lo, hi) in rest {
                    walls.append(
                        FloorPlanWall(id: "", start: a + e * lo, end: a + e * hi, height: Double(room.height)))
                    piecesByEdge[[r, i], default: []].append((lo, hi, walls.count - 1))
                }
            }
        }
        for k in walls.indices { walls[k].id = "w\(k + 1)" }

        var openings: [FloorPlanOpening] = []
        for (r, room) in rooms.enumerated() {
            let n = room.polygon.count
            for op in room.openings {
                let a = point(room.polygon[op.wall])
                let b = point(room.polygon[(op.wall + 1) % n])
                let e = (b - a) / FloorPlanGeometry.distance(a, b)
                let s0 = Double(op.offset)
                let s1 = Double(op.offset + op.width)
                let mid = (s0 + s1) / 2
                guard let piece = piecesByEdge[[r, op.wall]]?.first(where: { $0.s0 <= mid && mid <= $0.s1 }) else {
                    continue
                }
                let wall = walls[piece.wall]
                let line = wall.end - wall.start
                let unit = line / wall.length
                func project(_ p: SIMD2<Double>) -> SIMD2<Double> { wall.start + unit * ((p - wall.start) * unit).sum() }
                let width = Double(op.width)
                let bottom = Double(op.bottom)
                openings.append(
                    FloorPlanOpening(
                        id: "o\(openings.count + 1)", wallId: wall.id,
                        kind: FloorPlanOpening.kind(width: width, bottom: bottom),
                        start: project(a + e * s0), end: project(a + e * s1), bottom: bottom, top: Double(op.top)))
            }
        }

        let planRooms = rooms.enumerated().map { r, room in
            FloorPlanRoom(
                id: "r\(r + 1)", label: labels.first { room.contains($0.position) }?.text,
                polygon: room.polygon.map(point))
        }
        return FloorPlan(
            floorY: Double(rooms[0].floorY), ceilingHeight: Double(rooms[0].height), walls: walls,
            openings: openings, rooms: planRooms)
    }
}
