extension FloorPlanExtractor {
    /// Calls `body` with each of the up to eight cells around cell `k` of a row-major plan grid
    /// `w` cells wide and `d` deep (`n = z · w + x`), with the step that led there (`dx`, `dz`, each
    /// −1, 0 or 1, not both 0). Cells off the grid are skipped. The object search's floods
    /// (`occupiedClusters`, `floorReachable`, `hangingCells`) walk the grid through it.
    @inline(__always)
    static func forEachNeighbour(of k: Int, width w: Int, depth d: Int, _ body: (_ n: Int, _ dx: Int, _ dz: Int) -> Void) {
        let x = k % w
        let z = k / w
        for dz in -1...1 {
            for dx in -1...1 where dx != 0 || dz != 0 {
                let nx = x + dx
                let nz = z + dz
                guard nx >= 0, nx < w, nz >= 0, nz < d else { continue }
                body(nz * w + nx, dx, dz)
            }
        }
    }
}
