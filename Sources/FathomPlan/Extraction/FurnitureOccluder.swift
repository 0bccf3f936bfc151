/// The front of a tall piece of furniture standing before a wall, found among the wall faces and
/// taken out of them: the stretch of wall behind it is hidden, not missing.
struct FurnitureOccluder: Sendable {
    /// The furniture's front face (its line, extent and seen side).
    var face: WallFace
    /// Distance from the front face back to the wall it stands against, metres.
    var depth: Double
    /// Height of the front face's top above the floor, metres.
    var top: Double

    /// Margin around the front face's extent and behind the wall within which points count as hidden,
    /// metres.
    static let margin = 0.08

    /// Whether the plan point `p` (`[x, z]`, metres) lies behind the furniture: between its front face
    /// and the wall it stands against (a margin beyond), within the front's extent.
    func hides(_ p: SIMD2<Double>) -> Bool {
        let t = face.line.coordinate(of: p)
        guard t >= face.t0 - Self.margin, t <= face.t1 + Self.margin else { return false }
        let behind = -face.line.signedDistance(to: p) * face.side
        return behind >= -Self.margin / 2 && behind <= depth + Self.margin
    }

    /// The length of the segment `a`–`b` hidden behind any of `occluders`, metres (sampled every 2 cm).
    static func hiddenLength(_ a: SIMD2<Double>, _ b: SIMD2<Double>, behind occluders: [FurnitureOccluder]) -> Double {
        guard !occluders.isEmpty else { return 0 }
        let length = FloorPlanGeometry.distance(a, b)
        let steps = max(1, Int((length / 0.02).rounded(.up)))
        var hidden = 0
        for k in 0..<steps {
            let p = a + (b - a) * ((Double(k) + 0.5) / Double(steps))
            if occluders.contains(where: { $0.hides(p) }) { hidden += 1 }
        }
        return length * Double(hidden) / Double(steps)
    }
}
