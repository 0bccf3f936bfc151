import Foundation

extension FloorPlanExtractor {
    /// Least empty height between a cell's low part (below `tallObjectHeight`) and its high part
    /// for the high part to hang over the low one, metres: wall cabinets hang 0.45–0.6 m above the
    /// worktop under them (room to work), more than the 0.25–0.4 m between a bookcase's shelves,
    /// while a refrigerator's, a wardrobe's or a bookcase's front is seen from the floor to its top
    /// without such a gap.
    static let hangingGap: Float = 0.4
    /// Least share of a group of hanging cells whose low parts end within `objectSameTopTolerance`
    /// of the group's median: the low part is a level surface (a worktop under wall cabinets), not
    /// the scattered noise of a wall seen behind a tall piece's back.
    static let hangingLevelFraction = 0.8

    /// The cells whose column is a low piece with something hanging over it, split
    /// (`ObjectColumn.split`): at least `needed` points below `tallObjectHeight`, one at or above
    /// it, an empty `hangingGap` between, in 8-connected groups of at least `objectTopCells` (a
    /// surface, not a stray point over one cell) whose low parts end at one level
    /// (`hangingLevelFraction` of the cells within `objectSameTopTolerance` of the group's median).
    /// A worktop under wall cabinets: the worktop's top seen below, the cabinets' underside and
    /// front above, nothing between. A refrigerator beside it is a column seen from the floor to its
    /// top: one piece from the floor, where the counter's cells under the cabinets are the
    /// counter's. Then, when the group's hanging part has a height of its own (its `objectTopCells`-th
    /// highest top, `tops`, more than `objectSameTopTolerance` above its underside, the median of
    /// its lowest high points), the cells beside it where no low part was seen but the high part
    /// starts at that underside (within `objectSameTopTolerance`) hang too, over nothing seen (their
    /// low part empty): the cabinets' underside seen where the worktop under it was not. `counts`
    /// are the cells' points (0 where a cell is not looked at); nil where a cell does not hang.
    ///
    /// - Complexity: O(cells) time and memory.
    static func hangingCells(
        counts: [Int32], tops: [Float], columns: [ObjectColumn], needed: Int32, width w: Int, depth d: Int
    ) -> [ObjectColumnSplit?] {
        var candidate = [ObjectColumnSplit?](repeating: nil, count: w * d)
        for k in counts.indices where counts[k] >= needed {
            candidate[k] = columns[k].split(gap: hangingGap, needed: needed, count: counts[k])
        }
        var hanging = [ObjectColumnSplit?](repeating: nil, count: w * d)
        var seen = [Bool](repeating: false, count: w * d)
        var stack: [Int] = []
        var members: [Int] = []
        var levels: [Float] = []
        for start in candidate.indices where candidate[start] != nil && !seen[start] {
            members.removeAll(keepingCapacity: true)
            seen[start] = true
            stack.append(start)
            while let k = stack.popLast() {
                members.append(k)
                forEachNeighbour(of: k, width: w, depth: d) { n, _, _ in
                    guard candidate[n] != nil, !seen[n] else { return }
                    seen[n] = true
                    stack.append(n)
                }
            }
            guard members.count >= objectTopCells else { continue }
            levels.removeAll(keepingCapacity: true)
            for k in members { levels.append(candidate[k]?.lowTop ?? 0) }
            levels.sort()
            let median = Double(levels[levels.count / 2])
            let level = levels.filter { abs(Double($0) - median) <= objectSameTopTolerance }.count
            guard Double(level) >= hangingLevelFraction * Double(members.count) else { continue }
            levels.removeAll(keepingCapacity: true)
            for k in members { levels.append(candidate[k]?.highBottom ?? 0) }
            levels.sort()
            let underside = Double(levels[levels.count / 2])
            for k in members { hanging[k] = candidate[k] }
            // Only a hanging part with a height of its own (a front seen above its underside) is
            // sought further: a single level surface over the group may as well be the top of a
            // tall piece beside the low one, seen from above.
            levels.removeAll(keepingCapacity: true)
            for k in members { levels.append(tops[k]) }
            levels.sort(by: >)
            let reach = Double(levels[min(levels.count - 1, objectTopCells - 1)])
            guard reach - underside > objectSameTopTolerance else { continue }
            // The underside seen beside the group where the low part under it was not.
            stack.append(contentsOf: members)
            while let k = stack.popLast() {
                forEachNeighbour(of: k, width: w, depth: d) { n, _, _ in
                    let c = columns[n]
                    guard hanging[n] == nil, counts[n] > c.lowCount, c.lowCount < needed,
                        abs(Double(c.highBottom) - underside) <= objectSameTopTolerance
                    else { return }
                    hanging[n] = ObjectColumnSplit(lowCount: 0, lowTop: 0, highBottom: c.highBottom)
                    stack.append(n)
                }
            }
        }
        return hanging
    }

    /// The parts hanging over low pieces (`hangingCells`) as boxes off the floor: the high parts'
    /// cells (`highCounts` points, highest `highTops`, lowest `hanging[k].highBottom`) in 8-connected
    /// clusters of at least `minimumObjectCells`, each boxed by the smallest rectangle (wall
    /// directions preferred; no thinner than half `minimumObjectExtent`, as a standing piece), its bottom the median of its cells' lowest high points (the underside
    /// seen from below), its top the height at least `objectTopCells` cells reach. Storage (wall
    /// cabinets), ids from `firstNumber`.
    static func hangingObjects(
        highCounts: [Int32], highTops: [Float], hanging: [ObjectColumnSplit?], wallDirections: [SIMD2<Double>],
        width w: Int, depth d: Int, cell: Double, centre: (Int) -> SIMD2<Double>, firstNumber: Int
    ) -> [FloorPlanObject] {
        var label = [Int32](repeating: -1, count: w * d)
        let clusters = occupiedClusters(counts: highCounts, tops: highTops, needed: 1, width: w, depth: d, label: &label)
        var objects: [FloorPlanObject] = []
        for members in clusters where members.count >= minimumObjectCells {
            let heights = members.map { highTops[$0] }.sorted(by: >)
            let top = Double(heights[min(heights.count - 1, objectTopCells - 1)])
            let bottoms = members.map { hanging[$0]?.highBottom ?? 0 }.sorted()
            let bottom = Double(bottoms[bottoms.count / 2])
            guard top > bottom,
                let box = smallestRectangle(members.map(centre), preferring: wallDirections, cell: cell),
                min(box.size.x, box.size.y) >= minimumObjectExtent / 2, max(box.size.x, box.size.y) >= minimumObjectExtent
            else { continue }
            objects.append(
                FloorPlanObject(
                    id: "f\(firstNumber + objects.count)", category: .storage, corners: box.corners, bottom: bottom,
                    top: top, confidence: 0.9))
        }
        return objects
    }
}
