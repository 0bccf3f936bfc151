extension SearchContinuation: Hashable {
    /// Two continuations are equal when they continue the same search from the same surface, model
    /// and band over the same number of points.
    public static func == (a: SearchContinuation, b: SearchContinuation) -> Bool {
        a.search == b.search && a.surface == b.surface && a.pointCount == b.pointCount && a.seedIndex == b.seedIndex
            && a.seedPosition == b.seedPosition
            && a.band == b.band && a.modelParameters == b.modelParameters
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(search)
        hasher.combine(surface)
        hasher.combine(pointCount)
        hasher.combine(seedIndex)
        hasher.combine(band)
        hasher.combine(modelParameters)
    }

    /// The model's type and parameters in a fixed order (positions and lengths in metres, the cone's
    /// half angle in radians).
    private var modelParameters: [Double] {
        switch model {
        case let .plane(p, n): [0, p.x, p.y, p.z, n.x, n.y, n.z]
        case let .sphere(c, r): [1, c.x, c.y, c.z, r]
        case let .cylinder(p, a, r): [2, p.x, p.y, p.z, a.x, a.y, a.z, r]
        case let .cone(q, a, t): [3, q.x, q.y, q.z, a.x, a.y, a.z, t]
        case let .torus(c, a, big, small): [4, c.x, c.y, c.z, a.x, a.y, a.z, big, small]
        }
    }
}
