extension FloorPlanExtractor {
    /// Open stations (`seenPastStations`) separated by at most this many closed ones are one run: a
    /// single station where a view or two stopped on a piece's top edge does not end the piece.
    static let openRunBridgeStations = 1
    /// Fewest stations a piece's run needs before a face is cut at it: it must be a face of its own
    /// (`minimumWallLength`) and hold this many 5 cm stations at least (a wardrobe or a bookcase is
    /// 0.4–2 m wide; one or two open stations are noise or a misplaced top).
    static let minimumOpenRunStations = 4

    /// Faces found on one line with pieces of furniture cut out: where the cameras saw past a face
    /// above its top (`seenPastStations`) over a run at least `minimumWallLength` long, and the
    /// run's median top (`localTops`) lies more than `aboveTopMargin` below the median top of the
    /// face's closed stations, the run is a piece's front (a wardrobe ending at 2.0 m on the line of
    /// a chimney breast running to the ceiling), not one wall with the rest. A wall runs from the
    /// floor to the ceiling over its whole length and hides what stands behind it; a piece stops
    /// below the ceiling and the room goes on above it, so a line whose stretches have different
    /// tops and end in seen space above is several things. Each stretch is refitted on its own
    /// points (`fitFace`); the pieces come back with `endsBelowCeiling` true and marked
    /// `isFurnitureFront`, the rest with the share of their own stations open (as
    /// `endingBelowCeiling`). A piece found on one line is cut out of every other face that doubles
    /// it too (parallel within `furnitureParallelSine`, its ends within `minimumFurnitureDepth` of
    /// the face's line, over `doubledOverlap` of it: the same fronts fitted twice at slightly
    /// different angles), when the face's rest is still a wall (`minimumWallLength`). Faces ending
    /// below the ceiling over most of their extent come back whole, as before.
    /// - Parameters:
    ///   - floorY: the floor's world height, metres.
    ///   - ceilingHeight: metres above the floor; nil when the ceiling was not seen.
    ///   - fitHeight: the height the faces are refitted under (the ceiling's, seen or not), metres.
    func splittingAtFurniturePieces(
        _ faces: [WallFace], grid: PlanPointGrid, floorY: Double, ceilingHeight: Double?, fitHeight: Double,
        views: [CoarseDepthView]
    ) -> (faces: [WallFace], endsBelowCeiling: [Bool]) {
        guard !views.isEmpty else { return (faces, faces.map { _ in false }) }
        // Each face's stations, open flags and pieces.
        var opens: [[Bool]] = []
        var endsBelow: [Bool] = []
        var runs: [[Range<Int>]] = []
        for face in faces {
            let tops = localTops(face, grid: grid)
            let open = seenPastStations(face, tops: tops, floorY: floorY, ceilingHeight: ceilingHeight, views: views)
            let openCount = open.filter { $0 }.count
            if Self.debugging && openCount > 0 {
                print("face \(face.start)–\(face.end): seen past above at \(openCount) of \(open.count) stations")
            }
            let below = !open.isEmpty && Double(openCount) >= Self.seenPastFraction * Double(open.count)
            opens.append(open)
            endsBelow.append(below)
            runs.append(below || face.isInferred ? [] : pieceRuns(open: open, tops: tops, face: face))
        }
        // A piece found on one line is a piece on every line that doubles it: the
        // same fronts fitted twice at slightly different angles.
        var pieces: [(face: Int, t0: Double, t1: Double)] = []
        for f in faces.indices {
            let stations = Self.stations(of: faces[f])
            for run in runs[f] {
                pieces.append(
                    (
                        f, Self.cutStart(of: run, in: faces[f], stations: stations),
                        Self.cutEnd(of: run, in: faces[f], stations: stations)
                    ))
            }
        }
        let minimumStations = max(
            Self.minimumOpenRunStations, Int((configuration.minimumWallLength / Self.supportStation).rounded(.up)))
        for f in faces.indices where !endsBelow[f] && !faces[f].isInferred {
            let face = faces[f]
            let stations = Self.stations(of: face)
            var extra: [Range<Int>] = []
            for piece in pieces where piece.face != f {
                let other = faces[piece.face]
                let a = other.line.point(at: piece.t0)
                let b = other.line.point(at: piece.t1)
                guard other.line.sine(with: face.line) <= Self.furnitureParallelSine,
                    abs(face.line.signedDistance(to: a)) < Self.minimumFurnitureDepth,
                    abs(face.line.signedDistance(to: b)) < Self.minimumFurnitureDepth
                else { continue }
                let u0 = face.line.coordinate(of: a)
                let u1 = face.line.coordinate(of: b)
                let lo = min(u0, u1)
                let hi = max(u0, u1)
                guard min(hi, face.t1) - max(lo, face.t0) >= Self.doubledOverlap * (hi - lo) else { continue }
                let inside = stations.indices.filter { stations[$0] >= lo && stations[$0] <= hi }
                guard let first = inside.first, let last = inside.last, inside.count >= Self.minimumOpenRunStations
                else { continue }
                extra.append(first..<(last + 1))
            }
            guard !extra.isEmpty else { continue }
            // Own and transferred pieces joined where they overlap; the rest must still be a wall.
            var joined: [Range<Int>] = []
            for run in (runs[f] + extra).sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = joined.last, run.lowerBound <= last.upperBound {
                    joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, run.upperBound)
                } else {
                    joined.append(run)
                }
            }
            let covered = joined.reduce(0) { $0 + $1.count }
            if stations.count - covered >= minimumStations { runs[f] = joined }
        }
        var out: [WallFace] = []
        var below: [Bool] = []
        for (f, face) in faces.enumerated() {
            guard !runs[f].isEmpty else {
                out.append(face)
                below.append(endsBelow[f])
                continue
            }
            // Cut the face at each run's first and last station edges (the face's own ends when a run
            // reaches them).
            let stations = Self.stations(of: face)
            var cuts: [(t0: Double, t1: Double, piece: Bool, stations: Range<Int>)] = []
            var t = face.t0
            var s = 0
            for run in runs[f] {
                let a = Self.cutStart(of: run, in: face, stations: stations)
                let b = Self.cutEnd(of: run, in: face, stations: stations)
                if a > t { cuts.append((t, a, false, s..<run.lowerBound)) }
                cuts.append((a, b, true, run))
                t = b
                s = run.upperBound
            }
            if face.t1 > t { cuts.append((t, face.t1, false, s..<stations.count)) }
            for cut in cuts {
                var piece =
                    fitFace(line: face.line, t0: cut.t0, t1: cut.t1, grid: grid, ceilingHeight: fitHeight)
                    ?? WallFace(line: face.line, t0: cut.t0, t1: cut.t1)
                piece.side = face.side
                piece.isFurnitureFront = cut.piece
                if Self.debugging {
                    print("  cut \(piece.start)–\(piece.end): " + (cut.piece ? "a piece's front" : "the rest"))
                }
                out.append(piece)
                let open = opens[f]
                let share =
                    cut.stations.isEmpty
                    ? 0 : Double(open[cut.stations].filter { $0 }.count) / Double(cut.stations.count)
                below.append(cut.piece || (!cut.stations.isEmpty && share >= Self.seenPastFraction))
            }
        }
        return (out, below)
    }

    /// Where a run of stations begins on its face's line: its first station's edge, or the face's
    /// start when the run begins at the first station.
    static func cutStart(of run: Range<Int>, in face: WallFace, stations: [Double]) -> Double {
        run.lowerBound == 0 ? face.t0 : stations[run.lowerBound] - supportStation / 2
    }

    /// Where a run of stations ends on its face's line: its last station's edge, or the face's end
    /// when the run ends at the last station.
    static func cutEnd(of run: Range<Int>, in face: WallFace, stations: [Double]) -> Double {
        run.upperBound == stations.count ? face.t1 : stations[run.upperBound - 1] + supportStation / 2
    }

    /// The runs of open stations (`open`, single closed stations bridged, `openRunBridgeStations`;
    /// at least `minimumOpenRunStations`), each grown on both sides over the stations whose top
    /// (`tops`) lies within `aboveTopMargin` of the run's median top (a piece's front is one level
    /// to its ends, and views see past only part of it), that are long enough to be a face
    /// (`minimumWallLength`) and whose median top lies more than `aboveTopMargin` below the median
    /// top of the face's other stations. Empty when those other stations are too few to be a wall
    /// (`minimumWallLength`).
    func pieceRuns(open: [Bool], tops: [Double?], face: WallFace) -> [Range<Int>] {
        func median(_ values: [Double]) -> Double? {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            return sorted[sorted.count / 2]
        }
        var runs: [Range<Int>] = []
        var s = 0
        while s < open.count {
            guard open[s] else {
                s += 1
                continue
            }
            var e = s + 1
            while e < open.count {
                if open[e] {
                    e += 1
                    continue
                }
                // Bridge a short closed stretch followed by more open stations.
                var k = e
                while k < open.count && !open[k] && k - e < Self.openRunBridgeStations { k += 1 }
                if k < open.count && open[k] { e = k + 1 } else { break }
            }
            if e - s >= Self.minimumOpenRunStations { runs.append(s..<e) }
            s = e
        }
        // Each run grown over the stations at its level, then overlapping runs joined.
        var grown: [Range<Int>] = []
        for run in runs {
            guard let level = median(run.compactMap { tops[$0] }) else { continue }
            func atLevel(_ k: Int) -> Bool { tops[k].map { abs($0 - level) <= Self.aboveTopMargin } ?? false }
            var lo = run.lowerBound
            var hi = run.upperBound
            while lo > 0 && atLevel(lo - 1) { lo -= 1 }
            while hi < open.count && atLevel(hi) { hi += 1 }
            if let last = grown.last, lo <= last.upperBound {
                grown[grown.count - 1] = last.lowerBound..<max(hi, last.upperBound)
            } else {
                grown.append(lo..<hi)
            }
        }
        let minimumStations = max(
            Self.minimumOpenRunStations, Int((configuration.minimumWallLength / Self.supportStation).rounded(.up)))
        grown = grown.filter { $0.count >= minimumStations }
        guard !grown.isEmpty else { return [] }
        var inRun = [Bool](repeating: false, count: open.count)
        for run in grown { for k in run { inRun[k] = true } }
        let otherTops = open.indices.compactMap { !inRun[$0] ? tops[$0] : nil }
        guard otherTops.count >= minimumStations, let wallTop = median(otherTops) else { return [] }
        return grown.filter { run in
            guard let pieceTop = median(run.compactMap { tops[$0] }) else { return false }
            return pieceTop < wallTop - Self.aboveTopMargin
        }
    }
}
