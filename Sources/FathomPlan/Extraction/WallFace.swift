/// A wall face found in the cloud: a stretch `t0…t1` of a line, with the side it was seen from.
struct WallFace: Sendable {
    /// The fitted line.
    var line: PlanLine
    /// Start and end coordinates along the line, metres (`t0 < t1`).
    var t0: Double
    var t1: Double
    /// +1 when the face was seen from the side of `line.normal`, −1 otherwise.
    var side: Double = 1
    /// Points fitted and their RMS distance to the line, metres.
    var pointCount = 0
    var rms = 0.0
    /// Openings found in the face, as coordinate ranges with heights above the floor (metres).
    var openings: [FaceOpening] = []

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
