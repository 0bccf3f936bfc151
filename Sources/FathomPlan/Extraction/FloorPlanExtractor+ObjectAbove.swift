extension FloorPlanExtractor {
    /// The cells of a tall piece's cluster that are the piece: without the cells whose column's
    /// first run (`columnRun`, its highest point `runTops`, metres above the floor) goes on above
    /// the piece's `top` (metres) by more than `objectSameTopTolerance`, then the largest 8-connected
    /// group of what remains.
    ///
    /// A piece ends at its top. A column whose run carries on above it is something taller seen
    /// there: a wall beside or behind the piece, seen from the floor up past the piece's side, or
    /// seen only above the piece's top (its run then starts up there). No face need have been found
    /// for that wall: where the plan did not find it, its fringe of cells joins the piece's cluster
    /// and turns and widens the piece's box (a strip along the wall beyond the piece's side). A face
    /// of the piece ends at the top (`columnRun` stops at the gap above it), so the piece's own cells
    /// stay. Removing the strip can leave a few of its cells apart; the piece is the largest group.
    /// The members are returned unchanged when what would remain has fewer than
    /// `minimumObjectCells` cells (a piece whose top was taken too low keeps its cells).
    static func cellsUpToTop(
        _ members: [Int], top: Double, runTops: [Float], width w: Int, depth d: Int
    ) -> [Int] {
        let limit = Float(top + objectSameTopTolerance)
        let below = members.filter { runTops[$0] <= limit }
        guard below.count < members.count, below.count >= minimumObjectCells else { return members }
        var remaining = Set(below)
        var best: [Int] = []
        var stack: [Int] = []
        while let start = remaining.first {
            remaining.remove(start)
            stack.append(start)
            var group: [Int] = []
            while let k = stack.popLast() {
                group.append(k)
                forEachNeighbour(of: k, width: w, depth: d) { n, _, _ in
                    guard remaining.remove(n) != nil else { return }
                    stack.append(n)
                }
            }
            if group.count > best.count { best = group }
        }
        return best.count >= minimumObjectCells ? best.sorted() : members
    }
}
