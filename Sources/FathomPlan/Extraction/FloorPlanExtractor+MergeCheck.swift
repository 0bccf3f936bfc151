import FathomCore
import Foundation

extension FloorPlanExtractor {
    /// Plan cell of the free-space check of a merge, metres.
    static let mergeCheckCell: Float = 0.1
    /// Heights above the floor where a point counts as an obstacle (wall or furniture), metres.
    static let mergeObstacleBand: ClosedRange<Float> = 0.3...1.8
    /// Largest fraction of a cloud's obstacle points (among those landing where the other scan saw
    /// anything) that may fall where the other scan saw only floor.
    static let maximumFreeSpaceConflict = 0.05
    /// Fewest obstacle points of one scan landing on the other's observed cells for the check to
    /// speak; fewer means the scans do not overlap.
    static let minimumSharedObstacles = 200
    /// Largest difference of the two scans' floor heights after registration, metres.
    static let maximumFloorMismatch: Float = 0.05

    /// Why a registration that the registrar trusts still cannot be right, or nil when it can: the
    /// two floors must agree, the scans must share space, neither scan's walls and furniture may
    /// stand where the other saw nothing but floor (a wrong alignment of two rooms puts walls in the
    /// middle of the other's floor), and the walls they agree on must be seen by both from a common
    /// side (`sharedViewConflict`: walls laid back to back are not an overlap).
    /// - Parameters:
    ///   - target: points and camera heights of the scans merged so far, in the plan frame.
    ///   - source: points and camera heights of the new scan, already mapped into the plan frame.
    func freeSpaceConflict(
        target: [SIMD3<Float>], targetCameraHeights: [Float], source: [SIMD3<Float>], sourceCameraHeights: [Float]
    ) -> String? {
        let floorT = Float(findHeights(target, cameraHeights: targetCameraHeights).floorY)
        let floorS = Float(findHeights(source, cameraHeights: sourceCameraHeights).floorY)
        guard abs(floorT - floorS) <= Self.maximumFloorMismatch else {
            return String(format: "the floors disagree by %.0f cm after registration", abs(floorT - floorS) * 100)
        }
        let (a, sharedA) = conflicts(of: source, against: target, floorY: floorT)
        let (b, sharedB) = conflicts(of: target, against: source, floorY: floorT)
        if Self.debugging {
            let v = sharedViewFigures(target: target, source: source, floorY: floorT)
            print("merge check: shared obstacles \(sharedA) / \(sharedB), free-space conflicts \(a) / \(b), matched walls \(v.matched), co-viewed \(v.coViewed)")
        }
        guard sharedA >= Self.minimumSharedObstacles || sharedB >= Self.minimumSharedObstacles else {
            return "the scans share too little space"
        }
        let fa = sharedA > 0 ? Double(a) / Double(sharedA) : 0
        let fb = sharedB > 0 ? Double(b) / Double(sharedB) : 0
        guard max(fa, fb) <= Self.maximumFreeSpaceConflict else {
            return String(
                format: "%.0f%% of the walls and furniture would stand where the other scan saw open floor",
                max(fa, fb) * 100)
        }
        // Walls lined up are not an overlap: the support must be seen from a common side.
        return sharedViewConflict(target: target, source: source, floorY: floorT)
    }

    /// Obstacle points of `cloud` landing on cells where `other` saw only floor, and those landing on
    /// cells `other` saw at all.
    private func conflicts(of cloud: [SIMD3<Float>], against other: [SIMD3<Float>], floorY: Float) -> (Int, Int) {
        let cell = Self.mergeCheckCell
        @inline(__always) func key(_ p: SIMD3<Float>) -> SIMD2<Int32> {
            SIMD2(Int32((p.x / cell).rounded(.down)), Int32((p.z / cell).rounded(.down)))
        }
        // Per cell of `other`: 1 = floor seen, 2 = an obstacle seen.
        var seen: [SIMD2<Int32>: UInt8] = [:]
        for p in other where p.isFinite {
            let h = p.y - floorY
            if abs(h) <= Self.floorPointTolerance {
                seen[key(p), default: 0] |= 1
            } else if h > Self.floorPointTolerance {
                seen[key(p), default: 0] |= 2
            }
        }
        var conflicting = 0
        var shared = 0
        for p in cloud where p.isFinite && Self.mergeObstacleBand.contains(p.y - floorY) {
            // A cell next to an obstacle cell is not open floor (registration is good to a few cm).
            let k = key(p)
            guard let mark = seen[k] else { continue }
            shared += 1
            guard mark == 1 else { continue }
            var nearObstacle = false
            for dz in Int32(-1)...1 {
                for dx in Int32(-1)...1 where (seen[k &+ SIMD2(dx, dz)] ?? 0) & 2 != 0 { nearObstacle = true }
            }
            if !nearObstacle { conflicting += 1 }
        }
        return (conflicting, shared)
    }
}
