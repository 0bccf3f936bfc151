import FathomCore
import Foundation

extension FloorPlanExtractor {
    /// Plan cell of the object search, metres.
    static let objectCellSize = 0.03
    /// Points within this distance of a wall face belong to the wall, metres.
    static let objectWallClearance = 0.05
    /// Points this close to the floor are floor, metres.
    static let objectFloorClearance: Float = 0.05
    /// Points this close to the ceiling are ceiling, metres.
    static let objectCeilingClearance: Float = 0.12
    /// Objects whose cells reach this height are tall (wardrobes, refrigerators, shelves) and are
    /// separated from low ones (counters, tables) standing against them, metres.
    static let tallObjectHeight: Float = 1.2
    /// Fewest cells of an object, and its shortest footprint side, metres.
    static let minimumObjectCells = 20
    static let minimumObjectExtent = 0.25
    /// Lowest object top, metres (lower clusters are clutter on the floor).
    static let minimumObjectTop = 0.2
    /// The footprint runs on to a wall this close behind it when the floor between was never seen
    /// (the back of something only seen from the front), metres.
    static let objectBackFillDistance = 1.2
    /// Fraction of the cells between an object and a wall where floor was seen above which the gap is
    /// real floor (the object does not reach the wall).
    static let seenFloorFraction = 0.3
    /// A cell holding as many points as an occupied cell needs in this band just under the ceiling
    /// clearance (`objectCeilingClearance`), metres, is the column of a wall that no face took, not
    /// furniture: a wall runs from the floor to the ceiling, while wardrobes, refrigerators and
    /// shelves stop 0.2–0.6 m below it (the band lies 12–17 cm under the ceiling). Only where the
    /// ceiling was seen: otherwise its height is the top of the walls seen, which a wardrobe seen
    /// from nearer than its wall may pass.
    static let objectFullHeightBand: Float = 0.05
    /// The top is the height reached by at least this many cells.
    static let objectTopCells = 3

    /// Furniture as oriented boxes on the floor: the points inside rooms (or, where a room does not
    /// close, in the open space the `cameras` stood in near seen floor: `objectSearchRegion`) that are
    /// neither floor, ceiling nor wall, seen from above on 3 cm cells (each needing the points that the measured
    /// floor density gives a horizontal top, `occupiedCellPoints`), without the columns of walls no face
    /// took (where the ceiling was seen: a cluster whose cells reach the band under the ceiling
    /// clearance as a wall's do, `fullHeightClusterFraction`, and then every cell with a point in that
    /// band), grouped into connected clusters (tall and low
    /// cells apart), each boxed by the smallest rectangle at any angle (wall directions preferred),
    /// run on to the wall behind where the floor between was never seen, each side that ends in the
    /// blind strip before a wall moved on to it (`wallStripClosed`), its top the height at least
    /// three cells reach; the category from the box's size and shape (`category(…)`).
    ///
    /// When the ceiling was not seen (`ceilingSeen` false, `ceilingHeight` then the top of the walls
    /// seen), no point is taken for ceiling: a wardrobe seen from nearer than its wall may reach
    /// higher than the walls were seen.
    func findObjects(
        grid: PlanPointGrid, faces: [WallFace], rooms: [[SIMD2<Double>]], ceilingHeight: Double,
        ceilingSeen: Bool = true, cameras: [SIMD2<Double>] = []
    ) -> [FloorPlanObject] {
        guard !rooms.isEmpty || (!cameras.isEmpty && !faces.isEmpty) else { return [] }
        let cell = Self.objectCellSize
        var lo = SIMD2<Double>(repeating: .infinity)
        var hi = SIMD2<Double>(repeating: -.infinity)
        for p in rooms.joined() {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        // Where a room does not close, its furniture is sought in the open space between the faces:
        // the raster spans the faces too (whole cells beyond the rooms', so that the rooms' cells
        // stay where they were).
        if !cameras.isEmpty {
            var facesLo = SIMD2<Double>(repeating: .infinity)
            var facesHi = SIMD2<Double>(repeating: -.infinity)
            for f in faces {
                facesLo = pointwiseMin(facesLo, pointwiseMin(f.start, f.end))
                facesHi = pointwiseMax(facesHi, pointwiseMax(f.start, f.end))
            }
            if rooms.isEmpty {
                lo = facesLo
                hi = facesHi
            } else {
                let below = ((lo - facesLo) / cell).rounded(.up)
                lo -= pointwiseMax(below, .zero) * cell
                hi = pointwiseMax(hi, facesHi)
            }
        }
        let w = Int(((hi.x - lo.x) / cell).rounded(.up)) + 1
        let d = Int(((hi.y - lo.y) / cell).rounded(.up)) + 1
        guard w > 0, d > 0, w * d < 50_000_000 else { return [] }
        func centre(_ k: Int) -> SIMD2<Double> { lo + SIMD2(Double(k % w) + 0.5, Double(k / w) + 0.5) * cell }
        /// The cell holding a plan position, or nil outside the grid.
        func cellIndex(_ p: SIMD2<Double>) -> Int? {
            let x = Int((p.x - lo.x) / cell)
            let z = Int((p.y - lo.y) / cell)
            guard x >= 0, x < w, z >= 0, z < d else { return nil }
            return z * w + x
        }
        // Where the floor was seen (any cell).
        var floorSeen = [Bool](repeating: false, count: w * d)
        for i in grid.positions.indices where abs(grid.heights[i]) <= Self.floorPointTolerance {
            guard let k = cellIndex(grid.positions[i]) else { continue }
            floorSeen[k] = true
        }
        // Cells inside a room or the open space the cameras stood in, away from the walls.
        let inside = objectSearchRegion(
            rooms: rooms, faces: faces, cameras: cameras, floorSeen: floorSeen, origin: lo, width: w, depth: d,
            cell: cell)
        // Per cell: points above the floor, the highest of them, floor points, points under the ceiling.
        var counts = [Int32](repeating: 0, count: w * d)
        var tops = [Float](repeating: 0, count: w * d)
        // Each cell's second-highest point above the floor (0 with fewer than two).
        var secondTops = [Float](repeating: 0, count: w * d)
        var floorCounts = [Int32](repeating: 0, count: w * d)
        var ceilingBandCounts = [Int32](repeating: 0, count: w * d)
        var columns = [ObjectColumn](repeating: ObjectColumn(), count: w * d)
        var runBits = [UInt64](repeating: 0, count: w * d)
        let ceilingLimit = ceilingSeen ? Float(ceilingHeight) - Self.objectCeilingClearance : .infinity
        for i in grid.positions.indices {
            guard let k = cellIndex(grid.positions[i]) else { continue }
            let h = grid.heights[i]
            if abs(h) <= Self.floorPointTolerance, inside[k] { floorCounts[k] += 1 }
            guard inside[k], h > Self.objectFloorClearance, h < ceilingLimit else { continue }
            counts[k] += 1
            secondTops[k] = max(secondTops[k], min(tops[k], h))
            tops[k] = max(tops[k], h)
            columns[k].add(h)
            runBits[k] |= 1 << UInt64(Self.runBin(h))
            if h >= ceilingLimit - Self.objectFullHeightBand { ceilingBandCounts[k] += 1 }
        }
        let needed = Self.occupiedCellPoints(floorCounts: floorCounts)
        // Each column's first run up from its lowest point (`columnRun`): where it starts, and its
        // highest point (a face seen from below ends at the piece's top; the wall's noise above it,
        // behind, is not on the run).
        var runStarts = [Float](repeating: .infinity, count: w * d)
        var runEnds = [Int](repeating: -1, count: w * d)
        for k in runBits.indices {
            guard let run = Self.columnRun(runBits[k]) else { continue }
            runStarts[k] = Float(run.start) * Self.objectRunBin
            runEnds[k] = run.end
        }
        var runTops = [Float](repeating: 0, count: w * d)
        for i in grid.positions.indices {
            guard let k = cellIndex(grid.positions[i]) else { continue }
            let h = grid.heights[i]
            guard inside[k], h > Self.objectFloorClearance, h < ceilingLimit, Self.runBin(h) <= runEnds[k] else { continue }
            runTops[k] = max(runTops[k], h)
        }
        // A column reaching up under the ceiling is a wall that no face took (furniture stops below).
        for k in counts.indices where ceilingBandCounts[k] >= needed { counts[k] = 0 }
        var label = [Int32](repeating: -1, count: w * d)
        var clusters = Self.occupiedClusters(counts: counts, tops: tops, needed: needed, width: w, depth: d, label: &label)
        // A cluster of which a share (`fullHeightClusterFraction`) of cells holds a point in the band is
        // a wall seen up to the ceiling, fringe and all (a chimney breast, a pilaster no face took).
        for members in clusters where members.count >= Self.minimumObjectCells {
            let reaching = members.filter { ceilingBandCounts[$0] > 0 }.count
            guard Double(reaching) >= Self.fullHeightClusterFraction * Double(members.count) else { continue }
            for k in members { counts[k] = 0 }
        }
        // Then any point in the band marks a wall's column: a vertical surface's points spread over
        // the cells of its fringe, so a wall leaves a point or two per cell there where a top leaves
        // `needed`. Without those columns a piece stands apart from the wall behind it (the two
        // pieces a wall no face took had joined) and its top is its own.
        for k in counts.indices where ceilingBandCounts[k] > 0 { counts[k] = 0 }
        // A low piece with something hanging over it (a worktop under wall cabinets) is the low piece
        // in those cells, at its own top; the hanging part is boxed apart, off the floor
        // (`hangingObjects`). A refrigerator beside them, seen from the floor up, stands apart.
        let hanging = Self.hangingCells(counts: counts, tops: tops, columns: columns, needed: needed, width: w, depth: d)
        var highCounts = [Int32](repeating: 0, count: w * d)
        var highTops = [Float](repeating: 0, count: w * d)
        for k in counts.indices {
            guard let split = hanging[k] else { continue }
            highCounts[k] = counts[k] - columns[k].lowCount
            highTops[k] = tops[k]
            counts[k] = split.lowCount
            tops[k] = split.lowTop
        }
        for k in label.indices { label[k] = -1 }
        clusters = Self.occupiedClusters(counts: counts, tops: tops, needed: needed, width: w, depth: d, label: &label)
        let wallDirections = faces.map(\.line.direction)
        var objects: [FloorPlanObject] = []
        var found: [(members: [Int], box: PlanBox, top: Double)] = []
        for (index, members) in clusters.enumerated() where members.count >= Self.minimumObjectCells {
            let heights = members.map { tops[$0] }.sorted(by: >)
            var top = Double(heights[min(heights.count - 1, Self.objectTopCells - 1)])
            // A low piece's top is a surface seen, which leaves more than one point in a cell: each
            // cell's second-highest point, the height three cells reach. A lone point above it (the
            // noise of the wall behind a sofa's back, a flying pixel) is not the piece's top.
            if top < Double(Self.tallObjectHeight) {
                let surfaceHeights = members.map { secondTops[$0] }.sorted(by: >)
                let surfaceTop = Double(surfaceHeights[min(surfaceHeights.count - 1, Self.objectTopCells - 1)])
                if surfaceTop > 0 { top = min(top, surfaceTop) }
            }
            // Under a hanging part the worktop's own level was seen (`hangingCells`): that is the
            // piece's top, not the noise of the wall seen between it and the cabinets, unless more
            // of its cells stand higher than lie under the hanging part (a headboard, a sofa's back:
            // a part of the piece's own, where a wall's noise strikes a few scattered cells).
            let worktop = members.compactMap { k in hanging[k].flatMap { $0.lowCount > 0 ? $0.lowTop : nil } }.sorted()
            if worktop.count >= Self.objectTopCells {
                let level = Double(worktop[worktop.count / 2])
                let higher = members.filter { Double(tops[$0]) > level + Self.objectSameTopTolerance }.count
                if higher < worktop.count { top = level }
            }
            // A tall piece ends where its faces seen from below end (the height that
            // `objectFrontFraction` of the runs starting below `tallObjectHeight` and reaching it
            // reach, `columnRun`), not at the wall's noise seen above and behind it: a top higher
            // than that by more than `objectSameTopTolerance` is lowered.
            let fronts = members.compactMap { k in
                runStarts[k] < Self.tallObjectHeight && runTops[k] >= Self.tallObjectHeight ? runTops[k] : nil
            }.sorted(by: >)
            // Runs going on above the level where most of them end are left out (`frontTop`).
            if top >= Double(Self.tallObjectHeight), fronts.count >= Self.objectTopCells,
                let front = Self.frontTop(fronts)
            {
                if top > front + Self.objectSameTopTolerance { top = front }
            }
            guard top >= Self.minimumObjectTop else { continue }
            // The box of a set of cells: the smallest rectangle, its sides at the edges the points
            // show, run on to the wall behind; nil when it is too small to be a piece.
            func fitted(_ cells: [Int]) -> (box: PlanBox, before: Double)? {
                guard var box = Self.smallestRectangle(cells.map(centre), preferring: wallDirections, cell: cell),
                    box.size.x >= Self.minimumObjectExtent || box.size.y >= Self.minimumObjectExtent
                else { return nil }
                box = surfaceEdges(
                    box, cluster: Int32(index), label: label, grid: grid, origin: lo, width: w, depth: d, cell: cell,
                    heightRange: Self.objectFloorClearance...ceilingLimit)
                let before = box.size.x * box.size.y
                box = backFilled(
                    box, top: top, faces: faces, grid: grid, floorSeen: floorSeen, origin: lo, width: w, depth: d,
                    cell: cell)
                // A side ending in the blind strip before a wall stands at the wall (`wallStripClosed`).
                func isPiece(_ box: PlanBox) -> Bool {
                    min(box.size.x, box.size.y) >= Self.minimumObjectExtent / 2
                        && max(box.size.x, box.size.y) >= Self.minimumObjectExtent
                }
                let closed = Self.wallStripClosed(box, faces: faces, grid: grid, top: top)
                guard isPiece(closed) else { return nil }
                // A tall piece against a wall has its back at the wall and its front at its front face,
                // in the wall's axes (`backAtWall`); it does not make a piece of what was none.
                if top >= Double(Self.tallObjectHeight) {
                    let rebuilt = Self.wallStripClosed(
                        backAtWall(
                            box, cells: cells, cluster: Int32(index), label: label, grid: grid, faces: faces, origin: lo,
                            width: w, depth: d, cell: cell, heightRange: Self.objectFloorClearance...ceilingLimit,
                            top: top, wallTop: Float(ceilingHeight) - Self.objectCeilingClearance),
                        faces: faces, grid: grid, top: top)
                    if isPiece(rebuilt) { return (rebuilt, before) }
                }
                return (closed, before)
            }
            // A tall piece is the cells up to its top: a column going on above it is a wall seen
            // beside or behind it (`cellsUpToTop`), whose strip would turn and widen the box. The
            // whole cluster is boxed when those cells alone make no piece.
            var members = members
            var fit: (box: PlanBox, before: Double)? = nil
            if top >= Double(Self.tallObjectHeight) {
                let own = Self.cellsUpToTop(members, top: top, runTops: runTops, width: w, depth: d)
                if own.count < members.count, let ownFit = fitted(own) {
                    members = own
                    fit = ownFit
                }
            }
            guard let chosen = fit ?? fitted(members) else { continue }
            let box = chosen.box
            let before = chosen.before
            let filled = box.size.x * box.size.y > before * 1.5
            let lowCells = members.filter { Double(tops[$0]) < top * 0.7 }.count
            let category = Self.category(
                length: max(box.size.x, box.size.y), width: min(box.size.x, box.size.y), top: top,
                lowFraction: Double(lowCells) / Double(members.count),
                againstWall: Self.standsAgainstWall(box, faces: faces))
            found.append((members, box, top))
            objects.append(
                FloorPlanObject(
                    id: "f\(objects.count + 1)", category: category, corners: box.corners, bottom: 0, top: top,
                    confidence: filled ? 0.6 : 0.9))
        }
        // A cluster lying mostly inside a larger box at its own top is a part of that piece seen
        // apart (a counter's top seen between wall cabinets, its front strip before them), not a
        // second piece: one surface at one height is one piece.
        var kept: [FloorPlanObject] = []
        for (i, object) in objects.enumerated() {
            let mine = found[i]
            let area = mine.box.size.x * mine.box.size.y
            let part = found.indices.contains { j in
                j != i && found[j].box.size.x * found[j].box.size.y > area
                    && Self.isPart(mine.members, top: mine.top, of: found[j].box, top: found[j].top, centre: centre)
            }
            guard !part else { continue }
            var renamed = object
            renamed.id = "f\(kept.count + 1)"
            kept.append(renamed)
        }
        return kept
            + Self.hangingObjects(
                highCounts: highCounts, highTops: highTops, hanging: hanging, wallDirections: wallDirections, width: w,
                depth: d, cell: cell, centre: centre, firstNumber: kept.count + 1)
    }

    /// Clusters of occupied cells (at least `needed` points), tall and low apart (`tallObjectHeight`),
    /// 8-connected; `label` (−1 where unlabelled on entry) gets each cell's cluster index.
    static func occupiedClusters(
        counts: [Int32], tops: [Float], needed: Int32, width w: Int, depth d: Int, label: inout [Int32]
    ) -> [[Int]] {
        var clusters: [[Int]] = []
        var stack: [Int] = []
        for start in label.indices where counts[start] >= needed && label[start] < 0 {
            let tall = tops[start] >= tallObjectHeight
            var members: [Int] = []
            stack.append(start)
            label[start] = Int32(clusters.count)
            while let k = stack.popLast() {
                members.append(k)
                forEachNeighbour(of: k, width: w, depth: d) { n, _, _ in
                    guard label[n] < 0, counts[n] >= needed, (tops[n] >= tallObjectHeight) == tall else { return }
                    label[n] = Int32(clusters.count)
                    stack.append(n)
                }
            }
            clusters.append(members)
        }
        return clusters
    }

    /// A cluster at least this share of whose cells hold a point in the band under the ceiling
    /// clearance (`objectFullHeightBand`) is a wall no face took. Furniture stops 0.2–0.6 m below the
    /// ceiling, so only the noise of a wall behind or beside a piece puts points there, in a few of
    /// its cells (3–7 % on the independent cases' wardrobes and bookcases); a wall seen up to the
    /// ceiling reaches the band along its length, and its cells are those of its face and its
    /// fringe (14–19 % on their chimney breasts).
    static let fullHeightClusterFraction = 0.1

    /// Two tops within this of each other are one surface, metres (the tolerance on a top:
    /// a seen top's noise is 1–2 cm, two pieces at one height within it are told apart by their
    /// footprints, not their tops).
    static let objectSameTopTolerance = 0.05
    /// A cluster at least this share of whose cells lie inside a larger box at its own top is a
    /// part of that piece (more of it inside than outside).
    static let objectPartFraction = 0.5

    /// Whether the cluster `members` (top `top`, metres; cell centres from `centre`) is a part of
    /// the box `box` whose top is `boxTop` (metres): the tops within `objectSameTopTolerance` and at
    /// least `objectPartFraction` of the cells inside the box.
    static func isPart(
        _ members: [Int], top: Double, of box: PlanBox, top boxTop: Double, centre: (Int) -> SIMD2<Double>
    ) -> Bool {
        guard abs(top - boxTop) <= objectSameTopTolerance else { return false }
        var inside = 0
        for k in members {
            let r = centre(k) - box.centre
            if abs((r * box.u).sum()) <= box.size.x / 2, abs((r * box.v).sum()) <= box.size.y / 2 { inside += 1 }
        }
        return Double(inside) >= objectPartFraction * Double(members.count)
    }

    /// Points an object cell needs: half the median number of floor points in the room cells where
    /// the floor was seen (at least one). The floor is a horizontal surface seen like a table or
    /// counter top, so its density says how many points such a top leaves in a cell; a sparse scan
    /// (coarse depth maps, few frames) needs fewer than a dense one. (At the LiDAR's 256 × 192 this
    /// measures two, the count that was fixed before.)
    static func occupiedCellPoints(floorCounts: [Int32]) -> Int32 {
        let seen = floorCounts.filter { $0 > 0 }.sorted()
        guard !seen.isEmpty else { return 1 }
        return max(1, seen[seen.count / 2] / 2)
    }

    /// An oriented rectangle in the plan: centre, unit axis `u` (the other axis is its normal) and
    /// side lengths along `u` and its normal, metres.
    struct PlanBox {
        var centre: SIMD2<Double>
        var u: SIMD2<Double>
        var size: SIMD2<Double>
        var v: SIMD2<Double> { SIMD2(-u.y, u.x) }
        /// The four corners in order around the box.
        var corners: [SIMD2<Double>] {
            let a = u * (size.x / 2)
            let b = v * (size.y / 2)
            return [centre - a - b, centre + a - b, centre + a + b, centre - a + b]
        }
        /// The axis-aligned bounds of the corners (plan metres).
        var bounds: (lo: SIMD2<Double>, hi: SIMD2<Double>) { FloorPlanExtractor.axisBounds(of: corners) }
    }

    /// The axis-aligned bounds (lowest and highest x and z, plan metres) of a non-empty list of points.
    static func axisBounds(of points: [SIMD2<Double>]) -> (lo: SIMD2<Double>, hi: SIMD2<Double>) {
        var lo = points[0]
        var hi = points[0]
        for p in points {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        return (lo, hi)
    }

    /// Preferred (wall) directions win when their rectangle is at most this much larger than the
    /// smallest.
    static let wallDirectionPreference = 1.1

    /// The smallest rectangle holding the cell centres (grown by half a cell), over directions every
    /// 2° and the wall directions; a wall direction wins when its rectangle is within 10% of the
    /// smallest.
    static func smallestRectangle(_ points: [SIMD2<Double>], preferring directions: [SIMD2<Double>], cell: Double)
        -> PlanBox?
    {
        guard points.count >= 3 else { return nil }
        func box(_ u: SIMD2<Double>) -> PlanBox {
            let v = SIMD2(-u.y, u.x)
            var a0 = Double.infinity, a1 = -Double.infinity, b0 = Double.infinity, b1 = -Double.infinity
            for p in points {
                let a = (p * u).sum()
                let b = (p * v).sum()
                a0 = min(a0, a)
                a1 = max(a1, a)
                b0 = min(b0, b)
                b1 = max(b1, b)
            }
            a0 -= cell / 2
            a1 += cell / 2
            b0 -= cell / 2
            b1 += cell / 2
            return PlanBox(centre: u * ((a0 + a1) / 2) + v * ((b0 + b1) / 2), u: u, size: SIMD2(a1 - a0, b1 - b0))
        }
        func area(_ b: PlanBox) -> Double { b.size.x * b.size.y }
        var best = box(SIMD2(1, 0))
        for step in 1..<45 {
            let angle = Double(step) * 2 * .pi / 180
            let b = box(SIMD2(cos(angle), sin(angle)))
            if area(b) < area(best) { best = b }
        }
        var preferred: PlanBox? = nil
        for u in directions {
            let b = box(u)
            if area(b) <= area(best) * wallDirectionPreference && area(b) < (preferred.map(area) ?? .infinity) {
                preferred = b
            }
        }
        return preferred ?? best
    }

    /// The box run on to a parallel wall facing it behind one of its sides when that wall lies
    /// within `objectBackFillDistance`, the floor between was mostly never seen and the wall behind
    /// was not seen below the box's top (`wallSeenBelow`): a counter's top or a wardrobe's back seen
    /// only from the front. (Over a low piece standing apart from a wall the camera sees the wall
    /// below the piece's top, past its far edge, although the floor there is hidden.) Furniture
    /// stands with its long side against a wall, so among such walls the one behind the longest
    /// side wins (the nearest among equals); a box is run on across one side only.
    func backFilled(
        _ box: PlanBox, top: Double, faces: [WallFace], grid: PlanPointGrid, floorSeen: [Bool], origin: SIMD2<Double>,
        width w: Int, depth d: Int, cell: Double
    ) -> PlanBox {
        var best: (span: Double, gap: Double, axis: Int, sign: Double)? = nil
        for face in faces {
            let n = face.line.normal
            // The box must stand on the side the wall was seen from.
            guard (face.line.signedDistance(to: box.centre) * face.side) > 0 else { continue }
            for axis in 0..<2 {
                let a = axis == 0 ? box.u : box.v
                guard abs((a * n).sum()) >= cos(Self.furnitureParallelSine) else { continue }
                for sign in [-1.0, 1.0] {
                    let half = (axis == 0 ? box.size.x : box.size.y) / 2
                    let side = box.centre + a * (sign * half)
                    // The wall must lie ahead of this side, within reach, and span the box.
                    let ahead = a * sign
                    let distance = face.line.signedDistance(to: side) / (ahead * n).sum() * -1
                    guard distance > cell / 2, distance <= Self.objectBackFillDistance else { continue }
                    let other = axis == 0 ? box.v : box.u
                    let span = (axis == 0 ? box.size.y : box.size.x) / 2
                    let t0 = face.line.coordinate(of: side - other * span)
                    let t1 = face.line.coordinate(of: side + other * span)
                    guard min(t0, t1) >= face.t0 - 0.1, max(t0, t1) <= face.t1 + 0.1 else { continue }
                    // Floor seen in the strip between?
                    var seen = 0
                    var total = 0
                    var s = cell
                    while s < distance - cell / 2 {
                        var r = -span + cell / 2
                        while r < span {
                            let p = side + ahead * s + other * r
                            let x = Int((p.x - origin.x) / cell)
                            let z = Int((p.y - origin.y) / cell)
                            if x >= 0, x < w, z >= 0, z < d {
                                total += 1
                                if floorSeen[z * w + x] { seen += 1 }
                            }
                            r += cell
                        }
                        s += cell
                    }
                    guard total == 0 || Double(seen) <= Self.seenFloorFraction * Double(total),
                        wallSeenBelow(top, along: face, from: min(t0, t1), to: max(t0, t1), grid: grid)
                            < Self.minimumWallAboveFraction
                    else { continue }
                    let longer = span > (best?.span ?? 0) + cell
                    let asLong = span >= (best?.span ?? 0) - cell
                    if longer || (asLong && distance < (best?.gap ?? .infinity)) { best = (span, distance, axis, sign) }
                }
            }
        }
        guard let best else { return box }
        var out = box
        out.centre += (best.axis == 0 ? box.u : box.v) * (best.sign * best.gap / 2)
        if best.axis == 0 { out.size.x += best.gap } else { out.size.y += best.gap }
        return out
    }

    /// Fraction of the stretch `t0…t1` of a wall face (5 cm stations, without the box's sides: a
    /// wall's clearance and a cell at either end) along which the wall was seen above the floor but
    /// lower than `top` by more than `aboveTopMargin` (metres above the floor).
    func wallSeenBelow(_ top: Double, along face: WallFace, from t0: Double, to t1: Double, grid: PlanPointGrid)
        -> Double
    {
        let margin = min((t1 - t0) / 4, Self.objectWallClearance + Self.objectCellSize)
        let t0 = t0 + margin
        let t1 = t1 - margin
        let count = max(1, Int(((t1 - t0) / Self.supportStation).rounded(.up)))
        var hit = [Bool](repeating: false, count: count)
        let limit = Float(top - Self.aboveTopMargin)
        grid.forEachPoint(near: face.line, from: t0, to: t1, within: configuration.wallInlierDistance * 0.67) { i, t in
            let h = grid.heights[i]
            guard h > Self.objectFloorClearance, h < limit else { return }
            hit[min(count - 1, max(0, Int((t - t0) / Self.supportStation)))] = true
        }
        return Double(hit.filter { $0 }.count) / Double(count)
    }

    /// Whether a long side of the box lies within 10 cm of a wall face.
    static func standsAgainstWall(_ box: PlanBox, faces: [WallFace]) -> Bool {
        let corners = box.corners
        for face in faces {
            for k in 0..<4 {
                let a = corners[k]
                let b = corners[(k + 1) % 4]
                guard abs(face.line.signedDistance(to: a)) <= 0.1, abs(face.line.signedDistance(to: b)) <= 0.1 else {
                    continue
                }
                return true
            }
        }
        return false
    }

    /// The category geometry can tell: tall (≥ 1.5 m) boxes are storage; a long (≥ 1.2 m) box
    /// 0.8–1.0 m high against a wall is storage (a counter run); a large low box (≤ 0.7 m high, at
    /// least 1.8 × 0.8 m) is a bed; a box 0.7–1.0 m high whose cells are mostly (≥ 40%) much lower
    /// than its top, at least 1.2 m long, is a sofa (seat and back); a free-standing box with a top
    /// 0.6–0.85 m high is a table; anything else is unknown. Refrigerators, stoves, ovens,
    /// dishwashers, sinks, washers, toilets, bathtubs, fireplaces, televisions, chairs and stairs
    /// need appearance and are never told from geometry alone.
    static func category(length: Double, width: Double, top: Double, lowFraction: Double, againstWall: Bool)
        -> FloorPlanObject.Category
    {
        if top >= 1.5 { return .storage }
        if top >= 0.7 && top <= 1.0 && lowFraction >= 0.4 && length >= 1.2 && width >= 0.6 { return .sofa }
        if top >= 0.8 && top <= 1.0 && length >= 1.2 && againstWall { return .storage }
        if top <= 0.7 && length >= 1.8 && width >= 0.8 { return .bed }
        if top >= 0.6 && top <= 0.85 && !againstWall { return .table }
        return .unknown
    }
}
