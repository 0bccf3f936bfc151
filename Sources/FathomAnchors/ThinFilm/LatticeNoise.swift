import FathomCore

/// Smooth seeded noise on the unit square: random values in −1…1 on a square lattice, blended with the
/// C¹ smoothstep so the field and its slope are continuous.
struct LatticeNoise: Sendable, Equatable {
    /// Lattice cells along each side.
    let cells: Int
    /// (cells + 1)² lattice values, row by row.
    let values: [Double]

    /// Draws the lattice values from `generator`.
    init(cells: Int, generator: inout SeededGenerator) {
        precondition(cells >= 1, "a lattice needs at least one cell")
        self.cells = cells
        values = (0..<((cells + 1) * (cells + 1))).map { _ in Double.random(in: -1...1, using: &generator) }
    }

    /// The noise at (u, v); coordinates outside 0…1 are clamped to the square.
    func value(_ u: Double, _ v: Double) -> Double {
        let x = min(1, max(0, u)) * Double(cells)
        let y = min(1, max(0, v)) * Double(cells)
        let i = min(cells - 1, Int(x))
        let j = min(cells - 1, Int(y))
        let fx = Self.smoothstep(x - Double(i))
        let fy = Self.smoothstep(y - Double(j))
        let row = cells + 1
        let a = values[j * row + i]
        let b = values[j * row + i + 1]
        let c = values[(j + 1) * row + i]
        let d = values[(j + 1) * row + i + 1]
        return (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy
    }

    /// 3t² − 2t³.
    @inline(__always)
    static func smoothstep(_ t: Double) -> Double { t * t * (3 - 2 * t) }
}
