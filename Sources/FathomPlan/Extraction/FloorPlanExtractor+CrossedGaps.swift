import Foundation

extension FloorPlanExtractor {
    /// Whether a wall crosses the gap `g0…g1` in face `f` (coordinates on its line): another face
    /// across the line (at least `cornerSine`), not left out (`leftOut`: furniture), crossing it inside
    /// the gap (or within the thickest wall, `maximumWallThickness`, of its ends: the crossing wall's
    /// own points lie on the line there) and running on past it by more than the thickest wall on both
    /// sides. A wall never runs on through another wall: a line fitted on across such a gap joins
    /// surfaces of two rooms (a chimney breast's front in one, the back wall of the next beyond the
    /// partition, a few centimetres out of line), and is two faces. At a T junction or a corner the
    /// wall across ends at the line (within a wall's thickness) and does not cross it.
    func wallCrossesGap(of f: Int, from g0: Double, to g1: Double, faces: [WallFace], leftOut: [Bool]) -> Bool {
        let face = faces[f]
        let thickness = configuration.maximumWallThickness
        return faces.indices.contains { k in
            guard k != f, !leftOut[k], !faces[k].isInferred else { return false }
            let other = faces[k]
            guard other.line.sine(with: face.line) >= Self.cornerSine,
                let crossing = other.line.intersection(with: face.line)
            else { return false }
            let t = face.line.coordinate(of: crossing)
            let u = other.line.coordinate(of: crossing)
            // The wall's own points lie on the line where it crosses: the crossing may be at the gap's end.
            return t > g0 - thickness && t < g1 + thickness && u - other.t0 > thickness && other.t1 - u > thickness
        }
    }
}
