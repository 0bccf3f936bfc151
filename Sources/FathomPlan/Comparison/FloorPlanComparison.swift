/// A found floor plan measured against the true one: per true wall, room and opening, what was found
/// and how far off it is. Used by tests and benchmarks.
///
/// - A true wall is matched to the found wall within `wallMatchAngleSine` of its direction, whose line
///   lies nearest (mean distance of the true segment's points to the found line, at most
///   `wallMatchDistance`) among those covering at least half of it.
/// - A true room is matched to the found room of largest polygon IoU (at least `roomMatchIoU`); found
///   rooms matched by none are spurious.
/// - A true opening is matched to the nearest unmatched found opening whose middle lies within
///   `openingMatchDistance` (or half the true width, if larger); found openings matched by none are
///   invented.
public struct FloorPlanComparison: Sendable, Equatable {
    /// Largest |sin| of the angle between matched walls.
    public static let wallMatchAngleSine = 0.17
    /// Largest mean distance between matched walls, metres.
    public static let wallMatchDistance = 0.25
    /// Smallest IoU of matched rooms.
    public static let roomMatchIoU = 0.5
    /// Largest distance between the middles of matched openings, metres.
    public static let openingMatchDistance = 0.3

    /// One true wall and its match.
    public struct WallMatch: Sendable, Equatable {
        /// The true wall's id.
        public var trueWallId: String
        /// The matched found wall's id, or nil when missed.
        public var foundWallId: String?
        /// Mean distance of the true wall's points to the found wall's line, metres.
        public var positionError: Double?
        /// |found length − true length| / true length.
        public var lengthError: Double?
    }

    /// One true room and its match.
    public struct RoomMatch: Sendable, Equatable {
        /// The true room's id.
        public var trueRoomId: String
        /// The matched found room's id, or nil when missed.
        public var foundRoomId: String?
        /// Intersection over union of the two polygons.
        public var iou: Double?
        /// |found area − true area| / true area.
        public var areaError: Double?
        /// Whether the labels agree (both nil counts as agreeing).
        public var labelMatches: Bool?
    }

    /// One true opening and its match.
    public struct OpeningMatch: Sendable, Equatable {
        /// The true opening's id.
        public var trueOpeningId: String
        /// Its kind.
        public var kind: FloorPlanOpening.Kind
        /// The matched found opening's id, or nil when missed.
        public var foundOpeningId: String?
        /// |found width − true width|, metres.
        public var widthError: Double?
        /// Whether the found kind is the true kind.
        public var kindMatches: Bool?
    }

    /// Per true wall.
    public var walls: [WallMatch]
    /// Found walls that match no true wall.
    public var spuriousWallIds: [String]
    /// Per true room.
    public var rooms: [RoomMatch]
    /// Found rooms that match no true room.
    public var spuriousRoomIds: [String]
    /// Per true opening.
    public var openings: [OpeningMatch]
    /// Found openings that match no true opening.
    public var inventedOpeningIds: [String]

    /// Compares `found` with `truth`.
    /// - Parameter iouCellSize: sampling step of the polygon IoU, metres (default 0.01).
    public init(found: FloorPlan, truth: FloorPlan, iouCellSize: Double = 0.01) {
        walls = truth.walls.map { Self.match($0, in: found.walls) }
        let matchedWalls = Set(walls.compactMap(\.foundWallId))
        // A found wall lying along a true one (a piece of it, or its other face) is not spurious either.
        spuriousWallIds = found.walls.filter { f in
            !matchedWalls.contains(f.id) && Self.match(f, in: truth.walls).foundWallId == nil
        }.map(\.id)
        var usedRooms = Set<String>()
        rooms = truth.rooms.map { t in
            var best: (FloorPlanRoom, Double)? = nil
            for f in found.rooms {
                let iou = Self.intersectionOverUnion(t.polygon, f.polygon, cellSize: iouCellSize)
                if iou >= Self.roomMatchIoU && iou > (best?.1 ?? 0) { best = (f, iou) }
            }
            guard let (f, iou) = best else { return RoomMatch(trueRoomId: t.id) }
            usedRooms.insert(f.id)
            return RoomMatch(
                trueRoomId: t.id, foundRoomId: f.id, iou: iou, areaError: abs(f.area - t.area) / t.area,
                labelMatches: f.label == t.label)
        }
        spuriousRoomIds = found.rooms.map(\.id).filter { !usedRooms.contains($0) }
        var usedOpenings = Set<String>()
        openings = truth.openings.map { t in
            let mid = (t.start + t.end) / 2
            let reach = max(Self.openingMatchDistance, t.width / 2)
            let best = found.openings.filter { !usedOpenings.contains($0.id) }
                .map { ($0, FloorPlanGeometry.distance(($0.start + $0.end) / 2, mid)) }
                .filter { $0.1 <= reach }
                .min { $0.1 < $1.1 }
            guard let (f, _) = best else { return OpeningMatch(trueOpeningId: t.id, kind: t.kind) }
            usedOpenings.insert(f.id)
            return OpeningMatch(
                trueOpeningId: t.id, kind: t.kind, foundOpeningId: f.id, widthError: abs(f.width - t.width),
                kindMatches: f.kind == t.kind)
        }
        inventedOpeningIds = found.openings.map(\.id).filter { !usedOpenings.contains($0) }
    }

    // MARK: Summary figures

    /// Mean wall position error over matched walls, metres (0 when none matched).
    public var meanWallPositionError: Double { Self.mean(walls.compactMap(\.positionError)) }
    /// Mean relative wall length error over matched walls.
    public var meanWallLengthError: Double { Self.mean(walls.compactMap(\.lengthError)) }
    /// True walls without a match.
    public var missedWallCount: Int { walls.filter { $0.foundWallId == nil }.count }
    /// Largest relative room area error over matched rooms.
    public var maximumRoomAreaError: Double { rooms.compactMap(\.areaError).max() ?? 0 }
    /// Smallest IoU over all true rooms (0 when one was missed).
    public var minimumRoomIoU: Double { rooms.map { $0.iou ?? 0 }.min() ?? 1 }
    /// True rooms matched.
    public var matchedRoomCount: Int { rooms.filter { $0.foundRoomId != nil }.count }
    /// True rooms missed.
    public var missedRoomCount: Int { rooms.count - matchedRoomCount }
    /// Fraction of true doors and windows found (1 when there are none).
    public var doorAndWindowRecall: Double {
        let relevant = openings.filter { $0.kind != .opening }
        guard !relevant.isEmpty else { return 1 }
        return Double(relevant.filter { $0.foundOpeningId != nil }.count) / Double(relevant.count)
    }
    /// Largest width error over matched openings, metres.
    public var maximumOpeningWidthError: Double { openings.compactMap(\.widthError).max() ?? 0 }
    /// Mean width error over matched openings, metres.
    public var meanOpeningWidthError: Double { Self.mean(openings.compactMap(\.widthError)) }

    // MARK: Helpers

    static func mean(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }

    /// Points sampled along a true wall to measure its distance to a found line.
    static let wallSamples = 11

    static func match(_ t: FloorPlanWall, in found: [FloorPlanWall]) -> WallMatch {
        let length = t.length
        guard length > 0 else { return WallMatch(trueWallId: t.id) }
        let u = (t.end - t.start) / length
        var best: (FloorPlanWall, Double)? = nil
        for f in found where f.length > 0 {
            let v = (f.end - f.start) / f.length
            guard abs(u.x * v.y - u.y * v.x) <= wallMatchAngleSine else { continue }
            let n = SIMD2(-v.y, v.x)
            var sum = 0.0
            for k in 0..<wallSamples {
                let p = t.start + (t.end - t.start) * (Double(k) / Double(wallSamples - 1))
                sum += abs(((p - f.start) * n).sum())
            }
            let distance = sum / Double(wallSamples)
            // Coverage of the true wall by the found one.
            let a = ((f.start - t.start) * u).sum()
            let b = ((f.end - t.start) * u).sum()
            let cover = min(length, max(a, b)) - max(0, min(a, b))
            guard distance <= wallMatchDistance, cover >= 0.5 * length else { continue }
            if distance < (best?.1 ?? .infinity) { best = (f, distance) }
        }
        guard let (f, distance) = best else { return WallMatch(trueWallId: t.id) }
        return WallMatch(
            trueWallId: t.id, foundWallId: f.id, positionError: distance, lengthError: abs(f.length - length) / length)
    }

    /// Intersection over union of two polygons, sampled on a grid of `cellSize` metres.
    public static func intersectionOverUnion(
        _ a: [SIMD2<Double>], _ b: [SIMD2<Double>], cellSize: Double = 0.01
    ) -> Double {
        guard a.count >= 3, b.count >= 3 else { return 0 }
        var lo = SIMD2<Double>(repeating: .infinity)
        var hi = SIMD2<Double>(repeating: -.infinity)
        for p in a + b {
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        var both = 0
        var either = 0
        var z = lo.y + cellSize / 2
        while z < hi.y {
            // Crossings of this row with each polygon's edges give its inside spans.
            let sa = spans(a, z)
            let sb = spans(b, z)
            var x = lo.x + cellSize / 2
            while x < hi.x {
                let ia = inside(sa, x)
                let ib = inside(sb, x)
                if ia && ib { both += 1 }
                if ia || ib { either += 1 }
                x += cellSize
            }
            z += cellSize
        }
        return either > 0 ? Double(both) / Double(either) : 0
    }

    private static func spans(_ polygon: [SIMD2<Double>], _ z: Double) -> [Double] {
        var xs: [Double] = []
        var j = polygon.count - 1
        for i in polygon.indices {
            let p = polygon[i]
            let q = polygon[j]
            if (p.y > z) != (q.y > z) { xs.append(p.x + (z - p.y) / (q.y - p.y) * (q.x - p.x)) }
            j = i
        }
        return xs.sorted()
    }

    private static func inside(_ crossings: [Double], _ x: Double) -> Bool {
        var count = 0
        for c in crossings where c < x { count += 1 }
        return count % 2 == 1
    }
}
