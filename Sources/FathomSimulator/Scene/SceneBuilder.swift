/// Turns a validated description into surfaces: walls split around openings into rectangles,
/// opening reveals, floor and ceiling polygons, and the primitive objects.
struct SceneBuilder {
    var geometry: [SurfaceGeometry] = []
    var truths: [SurfaceTruth] = []

    /// Walls farther apart than the thickness plus this are not treated as one wall, metres.
    static let facingWallTolerance: Float = 0.01
    /// Pieces thinner than this are dropped, metres.
    static let minimumPiece: Float = 1e-5

    /// A hole in a wall: along-wall range and world-height range.
    struct Hole { var s0, s1, y0, y1: Float }

    mutating func add(
        _ g: SurfaceGeometry, kind: SurfaceKind, name: String, room: Int?, object: Int?,
        truth: PrimitiveTruth, material: SurfaceMaterial
    ) {
        truths.append(
            SurfaceTruth(
                id: geometry.count, kind: kind, name: name, objectIndex: object, roomIndex: room,
                primitive: truth, material: material, area: g.area))
        geometry.append(g)
    }

    mutating func build(_ d: SceneDescription) {
        for (r, room) in d.rooms.enumerated() { buildRoom(r, room, all: d.rooms) }
        for (i, o) in d.objects.enumerated() {
            let g = PrimitiveGeometry(shape: o.shape, worldFromLocal: o.worldFromLocal)
            let material =
                SurfaceMaterial(named: o.color, texture: o.texture)
                ?? SurfaceMaterial(color: SIMD3(repeating: 0.5), texture: o.texture)
            let kind: SurfaceKind =
                switch o.shape {
                case .box: .box
                case .sphere: .sphere
                case .cylinder: .cylinder
                case .cone: .cone
                case .torus: .torus
                }
            add(
                .primitive(g), kind: kind, name: o.name.isEmpty ? "object \(i)" : o.name, room: nil, object: i,
                truth: g.truth, material: material)
        }
    }

    /// Unit along-wall direction (world), inward normal and length of wall `i`.
    static func wallFrame(_ room: RoomDescription, _ i: Int) -> (
        a: SIMD3<Float>, e: SIMD3<Float>, n: SIMD3<Float>, length: Float
    ) {
        let p = room.polygon[i]
        let q = room.polygon[(i + 1) % room.polygon.count]
        let len = (q - p).lengthXZ
        let e = SIMD3((q.x - p.x) / len, 0, (q.y - p.y) / len)
        return (SIMD3(p.x, room.floorY, p.y), e, SIMD3(e.z, 0, -e.x), len)
    }

    mutating func buildRoom(_ r: Int, _ room: RoomDescription, all rooms: [RoomDescription]) {
        let wallMaterial = SurfaceMaterial(named: room.wallColor, texture: .speckle)!
        let floorMaterial = SurfaceMaterial(named: room.floorColor, texture: .planks)!
        let ceilingMaterial = SurfaceMaterial(named: room.ceilingColor, texture: .speckle)!
        let y0 = room.floorY
        let y1 = room.floorY + room.height
        add(
            .polygon(HorizontalPolygon(y: y0, vertices: room.polygon, normalSign: 1)), kind: .floor,
            name: "room \(r) floor", room: r, object: nil,
            truth: .plane(Plane(point: SIMD3(0, y0, 0), normal: SIMD3(0, 1, 0))!), material: floorMaterial)
        add(
            .polygon(HorizontalPolygon(y: y1, vertices: room.polygon, normalSign: -1)), kind: .ceiling,
            name: "room \(r) ceiling", room: r, object: nil,
            truth: .plane(Plane(point: SIMD3(0, y1, 0), normal: SIMD3(0, -1, 0))!), material: ceilingMaterial)

        for i in 0..<room.polygon.count {
            let (a, e, n, length) = Self.wallFrame(room, i)
            var holes: [Hole] = room.openings.filter { $0.wall == i }.map {
                Hole(s0: $0.offset, s1: $0.offset + $0.width, y0: y0 + $0.bottom, y1: y0 + $0.top)
            }
            // Openings of facing walls of other rooms cut through this wall too.
            for (r2, other) in rooms.enumerated() where r2 != r {
                for op in other.openings {
                    let (a2, e2, _, _) = Self.wallFrame(other, op.wall)
                    guard e.dot(e2) < -0.999 else { continue }
                    let gap = abs((a2 - a).dot(n))
                    guard gap <= max(room.wallThickness, other.wallThickness) + Self.facingWallTolerance else {
                        continue
                    }
                    let s0 = (a2 + e2 * op.offset - a).dot(e)
                    let s1 = (a2 + e2 * (op.offset + op.width) - a).dot(e)
                    let lo = max(0, min(s0, s1))
                    let hi = min(length, max(s0, s1))
                    let h0 = max(y0, other.floorY + op.bottom)
                    let h1 = min(y1, other.floorY + op.top)
                    if hi - lo > Self.minimumPiece && h1 - h0 > Self.minimumPiece {
                        holes.append(Hole(s0: lo, s1: hi, y0: h0, y1: h1))
                    }
                }
            }
            let wallTruth = PrimitiveTruth.plane(Plane(point: a, normal: n)!)
            for piece in Self.wallPieces(length: length, y0: y0, y1: y1, holes: holes) {
                let rect = Rectangle3D(
                    origin: a + e * piece.s0 + SIMD3(0, piece.y0 - y0, 0), u: e, v: SIMD3(0, 1, 0),
                    width: piece.s1 - piece.s0, height: piece.y1 - piece.y0)
                add(
                    .rectangle(rect), kind: .wall, name: "room \(r) wall \(i)", room: r, object: nil, truth: wallTruth,
                    material: wallMaterial)
            }
            // Reveals of this room's own openings, spanning the wall thickness outwards.
            let t = room.wallThickness
            guard t > Self.minimumPiece else { continue }
            let out = -n
            for op in room.openings where op.wall == i {
                let base = a + e * op.offset
                let hb = op.bottom
                let ht = op.top
                let w = op.width
                let up = SIMD3<Float>(0, 1, 0)
                // Jambs: planes across the wall at both sides of the opening.
                let left = Rectangle3D(origin: base + up * hb, u: out, v: up, width: t, height: ht - hb)
                add(
                    .rectangle(left), kind: .wall, name: "room \(r) wall \(i) reveal", room: r, object: nil,
                    truth: .plane(Plane(point: left.origin, normal: e)!), material: wallMaterial)
                let right = Rectangle3D(origin: base + e * w + up * hb, u: out, v: up, width: t, height: ht - hb)
                add(
                    .rectangle(right), kind: .wall, name: "room \(r) wall \(i) reveal", room: r, object: nil,
                    truth: .plane(Plane(point: right.origin, normal: -e)!), material: wallMaterial)
                if ht < room.height - Self.minimumPiece {
                    let head = Rectangle3D(origin: base + up * ht, u: e, v: out, width: w, height: t)
                    add(
                        .rectangle(head), kind: .wall, name: "room \(r) wall \(i) reveal", room: r, object: nil,
                        truth: .plane(Plane(point: head.origin, normal: -up)!), material: wallMaterial)
                }
                let sill = Rectangle3D(origin: base + up * hb, u: e, v: out, width: w, height: t)
                add(
                    .rectangle(sill), kind: hb < Self.minimumPiece ? .floor : .wall, name: "room \(r) wall \(i) sill",
                    room: r, object: nil, truth: .plane(Plane(point: sill.origin, normal: up)!),
                    material: hb < Self.minimumPiece ? floorMaterial : wallMaterial)
            }
        }
    }

    /// The solid parts of a wall `[0, length] × [y0, y1]` minus `holes`, as disjoint rectangles.
    static func wallPieces(length: Float, y0: Float, y1: Float, holes: [Hole]) -> [Hole] {
        var xs = [Float(0), length]
        for h in holes { xs += [max(0, min(length, h.s0)), max(0, min(length, h.s1))] }
        xs.sort()
        var pieces: [Hole] = []
        for k in 0..<(xs.count - 1) {
            let a = xs[k]
            let b = xs[k + 1]
            guard b - a > minimumPiece else { continue }
            let mid = (a + b) / 2
            var cuts = holes.filter { $0.s0 <= mid && $0.s1 >= mid }.map { ($0.y0, $0.y1) }
            cuts.sort { $0.0 < $1.0 }
            var y = y0
            for (c0, c1) in cuts {
                if c0 - y > minimumPiece { pieces.append(Hole(s0: a, s1: b, y0: y, y1: min(c0, y1))) }
                y = max(y, c1)
            }
            if y1 - y > minimumPiece { pieces.append(Hole(s0: a, s1: b, y0: y, y1: y1)) }
        }
        return pieces
    }
}
