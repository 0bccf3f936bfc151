extension FloorPlanExtractor {
    /// Faces this close to parallel (|sin|) may be the two sides of one wall.
    static let pairingSine = 0.05
    /// Two faces nearer than this are one face seen twice, not a wall's two sides, metres.
    static let minimumPairGap = 0.02
    /// Stretches of a face left over beside its paired part are kept when at least this long, metres.
    static let minimumRemainderLength = 0.25
    /// Two openings on one wall overlapping by this fraction of the narrower are the same opening.
    static let sameOpeningOverlap = 0.5

    /// An output wall being built: its line, extent and thickness.
    private struct PlanWallPiece {
        var line: PlanLine
        var t0: Double
        var t1: Double
        var thickness: Double?
        var openings: [FaceOpening] = []
    }

    /// Pairs faces seen from both sides into walls with a thickness (on the centre line), keeps the rest
    /// as face walls, places the openings on them and adds the rooms.
    func assemble(faces: [WallFace], rooms: [FoundRoom], floorY: Double, ceilingHeight: Double) -> FloorPlan {
        // Candidate pairs, longest overlap first.
        var candidates: [(a: Int, b: Int, o0: Double, o1: Double, gap: Double)] = []
        for a in faces.indices {
            for b in faces.indices where b > a {
                let fa = faces[a]
                let fb = faces[b]
                guard fa.line.sine(with: fb.line) <= Self.pairingSine else { continue }
                let midB = (fb.start + fb.end) / 2
                let midA = (fa.start + fa.end) / 2
                let gap = abs(fa.line.signedDistance(to: midB))
                guard gap >= Self.minimumPairGap, gap <= configuration.maximumWallThickness else { continue }
                // Each was seen from the side away from the other.
                guard ((midB - fa.start) * fa.observedNormal).sum() < 0, ((midA - fb.start) * fb.observedNormal).sum() < 0
                else { continue }
                let u0 = fa.line.coordinate(of: fb.start)
                let u1 = fa.line.coordinate(of: fb.end)
                let o0 = max(fa.t0, min(u0, u1))
                let o1 = min(fa.t1, max(u0, u1))
                guard o1 - o0 >= configuration.minimumWallLength else { continue }
                candidates.append((a, b, o0, o1, gap))
            }
        }
        candidates.sort { $0.o1 - $0.o0 > $1.o1 - $1.o0 }
        // Per face: the coordinate intervals given to thick walls, with the wall's index.
        var taken = [[(t0: Double, t1: Double, piece: Int)]](repeating: [], count: faces.count)
        var pieces: [PlanWallPiece] = []
        func overlaps(_ list: [(t0: Double, t1: Double, piece: Int)], _ t0: Double, _ t1: Double) -> Bool {
            list.contains { min($0.t1, t1) - max($0.t0, t0) > Self.junctionDistance }
        }
        for c in candidates {
            let fa = faces[c.a]
            let fb = faces[c.b]
            let b0 = fb.line.coordinate(of: fa.line.point(at: c.o0))
            let b1 = fb.line.coordinate(of: fa.line.point(at: c.o1))
            guard !overlaps(taken[c.a], c.o0, c.o1), !overlaps(taken[c.b], min(b0, b1), max(b0, b1)) else { continue }
            let centre = PlanLine(origin: fa.line.origin - fa.observedNormal * (c.gap / 2), direction: fa.line.direction)
            taken[c.a].append((c.o0, c.o1, pieces.count))
            taken[c.b].append((min(b0, b1), max(b0, b1), pieces.count))
            pieces.append(PlanWallPiece(line: centre, t0: c.o0, t1: c.o1, thickness: c.gap))
        }
        // Face remainders, and each face's openings on the piece holding their middle.
        for (k, face) in faces.enumerated() {
            var intervals: [(t0: Double, t1: Double, piece: Int)] = taken[k]
            var start = face.t0
            let cuts = taken[k].sorted(by: { $0.t0 < $1.t0 })
            for (n, cut) in (cuts + [(face.t1, face.t1, -1)]).enumerated() {
                // A face running on past its paired part by less than a wall's thickness at its end runs
                // into the wall it meets (the wall's other face ends at that wall's nearer face): no wall.
                let endStub =
                    !cuts.isEmpty && (n == 0 || n == cuts.count)
                    && cut.t0 - start < configuration.maximumWallThickness
                if cut.t0 - start >= Self.minimumRemainderLength && !endStub {
                    intervals.append((start, cut.t0, pieces.count))
                    pieces.append(PlanWallPiece(line: face.line, t0: start, t1: cut.t0, thickness: nil))
                }
                start = max(start, cut.t1)
            }
            for op in face.openings {
                let mid = (op.t0 + op.t1) / 2
                guard let holder = intervals.first(where: { $0.t0 <= mid && mid <= $0.t1 }) else { continue }
                let line = pieces[holder.piece].line
                let u0 = line.coordinate(of: face.line.point(at: op.t0))
                let u1 = line.coordinate(of: face.line.point(at: op.t1))
                let placed = FaceOpening(t0: min(u0, u1), t1: max(u0, u1), bottom: op.bottom, top: op.top)
                if let same = pieces[holder.piece].openings.firstIndex(where: {
                    min($0.t1, placed.t1) - max($0.t0, placed.t0)
                        >= Self.sameOpeningOverlap * min($0.t1 - $0.t0, placed.t1 - placed.t0)
                }) {
                    // Seen from both sides: average the two.
                    let other = pieces[holder.piece].openings[same]
                    pieces[holder.piece].openings[same] = FaceOpening(
                        t0: (other.t0 + placed.t0) / 2, t1: (other.t1 + placed.t1) / 2,
                        bottom: min(other.bottom, placed.bottom), top: max(other.top, placed.top))
                } else {
                    pieces[holder.piece].openings.append(placed)
                }
            }
        }
        var walls: [FloorPlanWall] = []
        var openings: [FloorPlanOpening] = []
        for piece in pieces {
            let id = "w\(walls.count + 1)"
            walls.append(
                FloorPlanWall(
                    id: id, start: piece.line.point(at: piece.t0), end: piece.line.point(at: piece.t1),
                    height: ceilingHeight, thickness: piece.thickness))
            for op in piece.openings.sorted(by: { $0.t0 < $1.t0 }) {
                let bottom = op.bottom <= FloorPlanOpening.floorContactTolerance ? 0 : op.bottom
                openings.append(
                    FloorPlanOpening(
                        id: "o\(openings.count + 1)", wallId: id,
                        kind: FloorPlanOpening.kind(width: op.t1 - op.t0, bottom: bottom),
                        start: piece.line.point(at: op.t0), end: piece.line.point(at: op.t1), bottom: bottom,
                        top: op.top))
            }
        }
        let planRooms = rooms.enumerated().map { FloorPlanRoom(id: "r\($0.offset + 1)", polygon: $0.element.polygon) }
        return FloorPlan(
            floorY: floorY, ceilingHeight: ceilingHeight, walls: walls, openings: openings, rooms: planRooms)
    }
}
