@testable import FathomPlan

extension WallFace {
    /// A hand-made face for tests: from `origin` along the unit `direction` for `length` metres, seen from
    /// `side` (the sign of the seen side, as `WallFace.side`).
    static func handMade(
        from origin: SIMD2<Double>, along direction: SIMD2<Double>, length: Double, side: Double
    ) -> WallFace {
        var face = WallFace(line: PlanLine(origin: origin, direction: direction), t0: 0, t1: length)
        face.side = side
        return face
    }

    /// The four hand-made faces of a `width` × `depth` metre rectangular room with a corner at the
    /// origin (x along the width, z along the depth), each seen from inside: back (z = depth), front
    /// (z = 0), left (x = 0) and right (x = width).
    static func handMadeRoom(width: Double, depth: Double) -> [WallFace] {
        [
            .handMade(from: SIMD2(0, depth), along: SIMD2(1, 0), length: width, side: -1),
            .handMade(from: SIMD2(0, 0), along: SIMD2(1, 0), length: width, side: 1),
            .handMade(from: SIMD2(0, 0), along: SIMD2(0, 1), length: depth, side: -1),
            .handMade(from: SIMD2(width, 0), along: SIMD2(0, 1), length: depth, side: 1),
        ]
    }
}
