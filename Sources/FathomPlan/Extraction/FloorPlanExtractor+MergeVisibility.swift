import FathomCore
import Foundation

extension FloorPlanExtractor {
    /// Cameras of a scan whose sight lines are cast for the visibility check, at most (evenly strided).
    static let visibilityCameras = 60
    /// Cells of a sight line left uncast before the wall cell it ends at (the wall's own neighbour and
    /// the next: registration and depth noise reach a cell).
    static let sightLineEndMargin = 2

    /// The figures of the visibility check (`visibilityFigures`).
    struct VisibilityFigures: Equatable {
        /// Source wall and furniture points in cells the target's cameras saw through (not within a
        /// cell of a target wall), and of source wall points on cells the target observed or saw through.
        var sourceBlocking = 0, sourceShared = 0
        /// The same for the target's points against the source's view.
        var targetBlocking = 0, targetShared = 0
        /// Source cameras standing on a target wall cell (not within a cell of a source wall), and
        /// target cameras on a source wall cell.
        var sourceCamerasInWalls = 0, targetCamerasInWalls = 0
        /// Source cameras standing on floor the target saw (not on its walls), and target cameras on
        /// floor the source saw: how much of each walk went through the space both saw.
        var sourceCamerasOnSharedFloor = 0, targetCamerasOnSharedFloor = 0
        /// Source cameras standing in space the target saw (on its floor or on cells its cameras saw
        /// through at wall height, not on its walls), and target cameras in space the source saw. A
        /// walk looks ahead and round, seldom at the floor under its own feet, so the floor under a
        /// camera may go unseen by both scans of one room; the space a camera stands in is seen
        /// through by the other scan's sight lines wherever that scan looked across it.
        var sourceCamerasInSeenSpace = 0, targetCamerasInSeenSpace = 0

        /// The larger of the two directions' fractions of shared wall points standing where the other
        /// scan's cameras saw through (0 when none is shared).
        var blockingRate: Double {
            max(
                sourceShared > 0 ? Double(sourceBlocking) / Double(sourceShared) : 0,
                targetShared > 0 ? Double(targetBlocking) / Double(targetShared) : 0)
        }
    }

    /// The sight view (`MergeSightView`) of a scan's `points` and `cameras` in its own frame.
    func sightView(points: [SIMD3<Float>], cameras: [CameraFrame]) -> MergeSightView {
        let eyes = cameras.compactMap { $0.worldFromCamera?.translation }
        let floorY = Float(findHeights(points, cameraHeights: eyes.map(\.y)).floorY)
        return MergeSightView(
            points: points, cameras: eyes, floorY: floorY, cell: Self.mergeCheckCell, obstacleBand: Self.mergeObstacleBand,
            floorTolerance: Self.floorPointTolerance, reach: configuration.maximumDepthDistance,
            cameraLimit: Self.visibilityCameras, endMargin: Self.sightLineEndMargin)
    }

    /// What each scan's cameras saw through, against the other's walls and cameras, with the source
    /// placed on the target by `targetFromSource`: where one scan's cameras looked across a cell at a
    /// wall beyond it, the other may have no wall or furniture there, and no camera of one may stand
    /// inside the other's wall. Two scans placed right do not contradict each other so (up to a cell
    /// of noise); a room laid onto another of similar size does at the doors (one scan looked
    /// through a door where the other has a wall) and where a walk goes on through the other's walls.
    /// - Parameters:
    ///   - target, source: the two scans' points, each in its own frame, and their sight views.
    ///   - targetFromSource: the placement judged.
    func visibilityFigures(
        target: [SIMD3<Float>], targetView: MergeSightView, source: [SIMD3<Float>], sourceView: MergeSightView,
        targetFromSource: RigidTransform
    ) -> VisibilityFigures {
        let sourceFromTarget = targetFromSource.inverse
        var f = VisibilityFigures()
        (f.sourceShared, f.sourceBlocking) = Self.sharedAndBlocking(
            source, from: sourceView, on: targetView, placed: targetFromSource)
        (f.targetShared, f.targetBlocking) = Self.sharedAndBlocking(
            target, from: targetView, on: sourceView, placed: sourceFromTarget)
        for eye in sourceView.cameras {
            let kt = targetView.key(targetFromSource.apply(to: eye))
            if targetView.walls.contains(kt) && !sourceView.isNearWall(sourceView.key(eye)) { f.sourceCamerasInWalls += 1 }
            if targetView.floor.contains(kt) && !targetView.walls.contains(kt) { f.sourceCamerasOnSharedFloor += 1 }
            if targetView.isSeenSpace(kt) { f.sourceCamerasInSeenSpace += 1 }
        }
        for eye in targetView.cameras {
            let ks = sourceView.key(sourceFromTarget.apply(to: eye))
            if sourceView.walls.contains(ks) && !targetView.isNearWall(targetView.key(eye)) { f.targetCamerasInWalls += 1 }
            if sourceView.floor.contains(ks) && !sourceView.walls.contains(ks) { f.targetCamerasOnSharedFloor += 1 }
            if sourceView.isSeenSpace(ks) { f.targetCamerasInSeenSpace += 1 }
        }
        return f
    }

    /// Of `points` (one scan's, in its own frame with sight view `own`), placed on the other scan by
    /// `otherFromOwn`: how many in the obstacle band land on cells the other observed or saw through
    /// (shared), and how many of those stand where the other's cameras saw through, not within a cell
    /// of one of its walls (blocking).
    static func sharedAndBlocking(
        _ points: [SIMD3<Float>], from own: MergeSightView, on other: MergeSightView, placed otherFromOwn: RigidTransform
    ) -> (shared: Int, blocking: Int) {
        var shared = 0, blocking = 0
        for p in points where p.isFinite && mergeObstacleBand.contains(p.y - own.floorY) {
            let k = other.key(otherFromOwn.apply(to: p))
            let through = other.seenThrough.contains(k)
            guard through || other.observed.contains(k) else { continue }
            shared += 1
            if through && !other.isNearWall(k) { blocking += 1 }
        }
        return (shared, blocking)
    }
}
