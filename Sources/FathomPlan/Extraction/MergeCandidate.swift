import FathomCore
import FathomRegistration

/// A placement of one scan on the scans merged so far, from the structure search, with what both
/// scans saw there (`FloorPlanExtractor.mergeCandidates`).
struct MergeCandidate: Sendable {
    /// The structure search's refined answer.
    var answer: StructureAnswer
    /// Why the free-space check (`FloorPlanExtractor.freeSpaceConflict`: floors, shared space, walls
    /// on the other's open floor, walls seen from opposite sides) refuses the placement; nil when it passes.
    var freeSpaceRefusal: String?
    /// What each scan's cameras saw through against the other's walls and cameras.
    var visibility: FloorPlanExtractor.VisibilityFigures
    /// How the matched wall points were seen by the two scans: from the same side, or back to back.
    var faces: FloorPlanExtractor.FaceFigures
}
