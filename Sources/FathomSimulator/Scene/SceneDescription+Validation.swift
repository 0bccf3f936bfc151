extension SceneDescription {
    /// Smallest accepted length (sizes, radii, widths), metres.
    public static let minimumLength: Float = 1e-4

    /// Checks the description.
    /// - Throws: the first `SceneValidationError` found.
    public func validate() throws {
        guard !rooms.isEmpty else { throw SceneValidationError.noRooms }
        for (r, room) in rooms.enumerated() { try Self.validate(room, index: r) }
        for (i, object) in objects.enumerated() { try Self.validate(object, index: i) }
        if let path { try path.validate() }
        for (i, fault) in faults.enumerated() { try fault.validate(index: i) }
    }

    static func validate(_ room: RoomDescription, index r: Int) throws {
        let n = room.polygon.count
        guard n >= 3 else { throw SceneValidationError.tooFewVertices(room: r, count: n) }
        guard room.polygon.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            throw SceneValidationError.invalidRoomDimension(room: r, name: "vertex", value: .nan)
        }
        guard PolygonMath.isSimple(room.polygon) else { throw SceneValidationError.nonSimplePolygon(room: r) }
        guard room.signedArea > 0 else { throw SceneValidationError.clockwisePolygon(room: r) }
        guard room.height.isFinite, room.height > minimumLength else {
            throw SceneValidationError.invalidRoomDimension(room: r, name: "height", value: room.height)
        }
        guard room.floorY.isFinite else {
            throw SceneValidationError.invalidRoomDimension(room: r, name: "floorY", value: room.floorY)
        }
        guard room.wallThickness.isFinite, room.wallThickness >= 0 else {
            throw SceneValidationError.invalidRoomDimension(room: r, name: "wallThickness", value: room.wallThickness)
        }
        for name in [room.wallColor, room.floorColor, room.ceilingColor]
        where SurfaceMaterial.namedColors[name.lowercased()] == nil {
            throw SceneValidationError.unknownColor(name)
        }
        for (o, op) in room.openings.enumerated() {
            guard op.wall >= 0, op.wall < n else {
                throw SceneValidationError.openingWallOutOfRange(room: r, opening: o, wall: op.wall, wallCount: n)
            }
            let length = room.wallLength(op.wall)
            let values = [op.offset, op.width, op.bottom, op.top]
            guard values.allSatisfy(\.isFinite) else {
                throw SceneValidationError.openingOutsideWall(room: r, opening: o, detail: "a value is not finite")
            }
            guard op.width > minimumLength else {
                throw SceneValidationError.openingOutsideWall(
                    room: r, opening: o, detail: "width \(op.width) is not positive")
            }
            guard op.offset >= 0, op.offset + op.width <= length + minimumLength else {
                throw SceneValidationError.openingOutsideWall(
                    room: r, opening: o,
                    detail: "spans \(op.offset)…\(op.offset + op.width) m along a wall \(length) m long")
            }
            guard op.bottom >= 0, op.top > op.bottom + minimumLength, op.top <= room.height + minimumLength else {
                throw SceneValidationError.openingOutsideWall(
                    room: r, opening: o,
                    detail: "spans \(op.bottom)…\(op.top) m above the floor in a room \(room.height) m high")
            }
        }
        for w in 0..<n {
            let ops = room.openings.filter { $0.wall == w }
            for i in 0..<ops.count {
                for j in (i + 1)..<ops.count {
                    let a = ops[i]
                    let b = ops[j]
                    let alongOverlap = a.offset < b.offset + b.width && b.offset < a.offset + a.width
                    let heightOverlap = a.bottom < b.top && b.bottom < a.top
                    if alongOverlap && heightOverlap {
                        throw SceneValidationError.overlappingOpenings(room: r, wall: w)
                    }
                }
            }
        }
    }

    static func validate(_ object: ObjectDescription, index i: Int) throws {
        func fail(_ detail: String) -> SceneValidationError {
            .invalidPrimitive(object: i, name: object.name, detail: detail)
        }
        guard object.position.isFinite else { throw fail("position is not finite") }
        let angles = [object.rotation.yaw, object.rotation.pitch, object.rotation.roll]
        guard angles.allSatisfy(\.isFinite) else { throw fail("rotation is not finite") }
        guard SurfaceMaterial.namedColors[object.color.lowercased()] != nil else {
            throw SceneValidationError.unknownColor(object.color)
        }
        func positive(_ v: Float, _ name: String) throws {
            guard v.isFinite, v >= minimumLength else {
                throw fail(v < 0 ? "negative \(name) \(v)" : "\(name) \(v) must be positive")
            }
        }
        switch object.shape {
        case .box(let size):
            try positive(size.x, "size.x")
            try positive(size.y, "size.y")
            try positive(size.z, "size.z")
        case .sphere(let r):
            try positive(r, "radius")
        case .cylinder(let r, let h, _):
            try positive(r, "radius")
            try positive(h, "height")
        case .cone(let r0, let r1, let h, _):
            guard r0.isFinite, r0 >= 0 else { throw fail("negative bottom radius \(r0)") }
            guard r1.isFinite, r1 >= 0 else { throw fail("negative top radius \(r1)") }
            guard max(r0, r1) >= minimumLength else { throw fail("both radii are zero") }
            try positive(h, "height")
        case .torus(let big, let small):
            try positive(big, "major radius")
            try positive(small, "minor radius")
            guard small < big else { throw fail("minor radius \(small) must be smaller than major radius \(big)") }
        }
    }
}
