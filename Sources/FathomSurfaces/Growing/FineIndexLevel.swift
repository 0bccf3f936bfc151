import FathomCore
import Foundation

/// The finder's finer index level (`SubdividedSpatialIndex`), built on the first search that grows a
/// region and then shared by every later search of the same finder (and its copies).
///
/// Built lazily so that finders that never grow (seed picking, a preview that only continues) and
/// the finder's own build time do not pay for it; the build is serialised by a lock, so concurrent
/// searches build it once.
final class FineIndexLevel: @unchecked Sendable {
    /// Points per subcell aimed at in a typical crowded cell (a few: fewer subcells per query are
    /// cheaper to walk, fewer points per subcell waste less of the scan).
    static let pointsPerSubcell: Float = 8

    private let lock = NSLock()
    private var built: SubdividedSpatialIndex?

    /// The finer level over `index`, built on the first call.
    func index(over index: SpatialIndex) -> SubdividedSpatialIndex {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let fine = SubdividedSpatialIndex(
            index, subdivisions: SubdividedSpatialIndex.subdivisions(for: index, pointsPerSubcell: Self.pointsPerSubcell))
        built = fine
        return fine
    }
}
