/// Found objects (furniture boxes) measured against the true ones.
///
/// Each true object is matched to the unmatched found object of largest footprint IoU (at least
/// `matchIoU`); found objects matched by none are spurious.
public struct FloorPlanObjectComparison: Sendable, Equatable {
    /// Smallest footprint IoU of a match.
    public static let matchIoU = 0.3

    /// One true object and its match.
    public struct Match: Sendable, Equatable {
        /// The true object's id.
        public var trueObjectId: String
        /// Its category.
        public var category: FloorPlanObject.Category
        /// The matched found object's id, or nil when missed.
        public var foundObjectId: String?
        /// Distance between the footprint centres, metres.
        public var centerError: Double?
        /// Footprint intersection over union.
        public var iou: Double?
        /// |found top − true top|, metres.
        public var topError: Double?
        /// Whether the found category is the true one.
        public var categoryMatches: Bool?

        /// Whether the object was found within the given limits (defaults: the targets, centre
        /// within 5 cm, footprint IoU ≥ 0.7, top within 5 cm).
        public func isWithin(center: Double = 0.05, iou minimumIoU: Double = 0.7, top: Double = 0.05) -> Bool {
            guard let centerError, let iou, let topError else { return false }
            return centerError <= center && iou >= minimumIoU && topError <= top
        }
    }

    /// Per true object.
    public var matches: [Match]
    /// Found objects that match no true object.
    public var spuriousObjectIds: [String]

    /// Compares the objects of `found` with those of `truth`.
    /// - Parameter iouCellSize: sampling step of the footprint IoU, metres (default 0.01).
    public init(found: [FloorPlanObject], truth: [FloorPlanObject], iouCellSize: Double = 0.01) {
        var used = Set<String>()
        matches = truth.map { t in
            var best: (FloorPlanObject, Double)? = nil
            for f in found where !used.contains(f.id) {
                guard FloorPlanGeometry.distance(f.center, t.center) < 3 else { continue }
                let iou = FloorPlanComparison.intersectionOverUnion(t.corners, f.corners, cellSize: iouCellSize)
                if iou >= Self.matchIoU && iou > (best?.1 ?? 0) { best = (f, iou) }
            }
            guard let (f, iou) = best else { return Match(trueObjectId: t.id, category: t.category) }
            used.insert(f.id)
            return Match(
                trueObjectId: t.id, category: t.category, foundObjectId: f.id,
                centerError: FloorPlanGeometry.distance(f.center, t.center), iou: iou, topError: abs(f.top - t.top),
                categoryMatches: f.category == t.category)
        }
        spuriousObjectIds = found.map(\.id).filter { !used.contains($0) }
    }

    /// Fraction of true objects found within the targets (1 when there are none).
    public var recallWithinTargets: Double {
        guard !matches.isEmpty else { return 1 }
        return Double(matches.filter { $0.isWithin() }.count) / Double(matches.count)
    }

    /// Fraction of true objects matched at all (1 when there are none).
    public var recall: Double {
        guard !matches.isEmpty else { return 1 }
        return Double(matches.filter { $0.foundObjectId != nil }.count) / Double(matches.count)
    }
}
