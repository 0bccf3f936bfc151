/// How one wall is drawn: its frame on the plan, the extent of its body across the line, the side
/// its rooms lie on, its extensions into corners and the openings cut out of it.
///
/// Positions along the wall are `t`, metres from `start` towards `end`; across the wall, offsets are
/// metres along `normal`, the wall direction turned a quarter turn (`(-d.z, d.x)` in `[x, z]`).
struct FloorPlanWallLayout: Sendable {
    /// An opening placed on its wall.
    struct Placement: Sendable {
        /// The opening.
        var opening: FloorPlanOpening
        /// Start of the opening along the wall, metres (≤ `t1`).
        var t0: Double
        /// End of the opening along the wall, metres.
        var t1: Double
    }

    /// The wall.
    var wall: FloorPlanWall
    /// Unit direction from `start` to `end`, `[x, z]`.
    var direction: SIMD2<Double>
    /// Unit normal (direction turned a quarter), `[x, z]`.
    var normal: SIMD2<Double>
    /// Length of the wall line, metres.
    var length: Double
    /// Offset of the body's face on the −normal side, metres (≤ 0 ≤ `upperOffset`).
    var lowerOffset: Double
    /// Offset of the body's face on the +normal side, metres.
    var upperOffset: Double
    /// +1 when the rooms lie on the +normal side, −1 on the −normal side, 0 when unknown or both.
    var roomSide: Double
    /// Whether rooms lie on both sides (a partition wall).
    var roomsOnBothSides: Bool
    /// How far the body reaches back beyond `start` into a corner, metres.
    var extensionAtStart: Double = 0
    /// How far the body reaches beyond `end` into a corner, metres.
    var extensionAtEnd: Double = 0
    /// Openings on this wall, sorted by `t0`.
    var placements: [Placement] = []

    /// The plan point at `t` along the wall and `offset` across it.
    func point(_ t: Double, _ offset: Double) -> SIMD2<Double> {
        wall.start + t * direction + offset * normal
    }

    /// Thickness drawn for the body, metres.
    var drawnThickness: Double { upperOffset - lowerOffset }

    /// The side openings' door leaves swing into and dimensions stay away from: `roomSide`, or +1.
    var insideSign: Double { roomSide == 0 ? 1 : roomSide }

    /// Offset of the face on the room side, metres.
    var insideFaceOffset: Double { insideSign > 0 ? upperOffset : lowerOffset }

    /// Offset of the face away from the rooms, metres.
    var outsideFaceOffset: Double { insideSign > 0 ? lowerOffset : upperOffset }

    /// The intervals of `t` where the body is solid over its full height: the wall with its corner
    /// extensions, minus the openings.
    var solidIntervals: [ClosedRange<Double>] {
        var result: [ClosedRange<Double>] = []
        var cursor = -extensionAtStart
        let stop = length + extensionAtEnd
        for p in placements {
            if p.t0 > cursor + FloorPlanLayout.minimumPieceLength { result.append(cursor...p.t0) }
            cursor = max(cursor, p.t1)
        }
        if stop > cursor + FloorPlanLayout.minimumPieceLength { result.append(cursor...stop) }
        return result
    }

    /// The four corners of the body between `t0` and `t1`, counter-clockwise seen from above when
    /// the normal is the quarter turn used here.
    func outline(_ t0: Double, _ t1: Double) -> [SIMD2<Double>] {
        [point(t0, lowerOffset), point(t1, lowerOffset), point(t1, upperOffset), point(t0, upperOffset)]
    }
}
