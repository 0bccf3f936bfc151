/// A wall face found in the cloud: a stretch `t0…t1` of a line, with the side it was seen from.
struct WallFace: Sendable {
    /// The fitted line.
    var line: PlanLine
    /// Start and end coordinates along the line, metres (`t0 < t1`).
    var t0: Double
    var t1: Double
    /// The stretch where the face's points were seen (corners may extend the face beyond it); openings
    /// are sought only inside it.
    var observedT0: Double
    var observedT1: Double
    /// +1 when the face was seen from the side of `line.normal`, −1 otherwise.
    var side: Double = 1
    /// Points fitted and their RMS distance to the line, metres.
    var pointCount = 0
    var rms = 0.0
    /// Openings found in the face, as coordinate ranges with heights above the floor (metres).
    var openings: [FaceOpening] = []
    /// Whether the face was never seen but inferred: the side wall of a recess closing the corner
    /// between its front and the wall behind (`recessSide`). It holds no points and is kept without.
    var isInferred = false
    /// Whether the face is known to be wall from the floor to the ceiling: a chimney breast's front
    /// (`breastFront`), standing before the gap it leaves in the wall line behind it. Never furniture.
    var isFullHeight = false
    /// Whether the face is a piece of furniture's front cut out of a wall line (`splittingAtFurniturePieces`:
    /// the cameras saw past it above its top, lower than the rest of the line). Standing where the
    /// wall behind it was never found, it bounds the room as the nearest known limit (`findRooms`)
    /// and is not drawn as a wall.
    var isFurnitureFront = false
    /// Whether the face is a wall hidden behind a piece of furniture (`closingBehindFurnitureFronts`:
    /// seen above the piece's top, or where the side walls were seen running on past its front), or
    /// the hidden side closing it (also `isInferred`). It bounds the room; the wall is drawn, the
    /// inferred side is not (its end is only as good as the cut at the piece's edge).
    var isHiddenWall = false

    /// Creates a face seen over `t0…t1`.
    init(line: PlanLine, t0: Double, t1: Double, pointCount: Int = 0, rms: Double = 0) {
        self.line = line
        self.t0 = t0
        self.t1 = t1
        observedT0 = t0
        observedT1 = t1
        self.pointCount = pointCount
        self.rms = rms
    }

    /// The start point, `[x, z]` metres.
    var start: SIMD2<Double> { line.point(at: t0) }
    /// The end point, `[x, z]` metres.
    var end: SIMD2<Double> { line.point(at: t1) }
    /// Length, metres.
    var length: Double { t1 - t0 }
    /// The unit normal pointing to the side the face was seen from.
    var observedNormal: SIMD2<Double> { line.normal * side }
}

/// A gap in a wall face: coordinates along the face's line and heights above the floor, metres.
struct FaceOpening: Sendable {
    var t0: Double
    var t1: Double
    var bottom: Double
    var top: Double
}
