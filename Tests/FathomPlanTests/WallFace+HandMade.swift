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
}
