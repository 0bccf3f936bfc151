import FathomCore
import Foundation

extension FloorPlanExtractor {
    /// Nearest ring of plan cells (`mergeCheckCell`) around a wall point where the floor beside it is
    /// looked for, in cells: the cells beyond the wall's own cell and its neighbour, where the floors of
    /// the wall's two sides meet within a cell's width (depth noise crosses the line), so that the floor
    /// found there lies on one side of the wall only.
    static let sharedViewInnerRing: Int32 = 2
    /// Farthest ring of plan cells around a wall point where the floor beside it is looked for, in cells
    /// (40 cm at 10 cm cells: a doorway's width apart from the wall still counts as beside it).
    static let sharedViewOuterRing: Int32 = 4

    /// Why a registration's agreement is only walls lined up and not an overlap, or nil when it is one.
    ///
    /// Two scans of one home placed right agree where *both* looked: a wall both scans saw stands beside
    /// floor both scans saw, on the side their cameras were. A wrong placement that lays one room's
    /// wall on another's, back to back, has support of walls too (every point on a wall, a high
    /// fitness, no wall in the other's open floor), but each scan saw that wall from its own side: the
    /// floor beside it on one side was seen only by one scan, on the other side only by the other. A
    /// wall seen from its two faces is two rooms, not an overlap. So the source's wall and furniture
    /// points (`mergeObstacleBand`) standing on the target's wall cells (the registration's support as
    /// seen from above) are counted, and among them those with floor seen by both scans beside them
    /// (between `sharedViewInnerRing` and `sharedViewOuterRing` cells away). Most of the support must be
    /// seen from a common side: fewer than half co-viewed (a majority rule, no fitted figure) means the
    /// placement rests on walls the two scans saw from opposite sides.
    /// - Parameters:
    ///   - target: points of the scans merged so far, in the plan frame.
    ///   - source: points of the new scan, already mapped into the plan frame.
    ///   - floorY: the floor's height in the plan frame, metres.
    func sharedViewConflict(target: [SIMD3<Float>], source: [SIMD3<Float>], floorY: Float) -> String? {
        let figures = sharedViewFigures(target: target, source: source, floorY: floorY)
        guard figures.matched > 0 else { return nil }
        guard 2 * figures.coViewed >= figures.matched else {
            return String(
                format:
                    "the scans agree only on walls each saw from its own side: %d of %d matching wall points stand beside floor both scans saw (a wall seen from its two faces is two rooms, not an overlap)",
                figures.coViewed, figures.matched)
        }
        return nil
    }

    /// The figures of `sharedViewConflict`: the source's wall points standing on the target's wall
    /// cells (`matched`), and those of them with floor seen by both scans beside them (`coViewed`).
    func sharedViewFigures(target: [SIMD3<Float>], source: [SIMD3<Float>], floorY: Float) -> (matched: Int, coViewed: Int) {
        let cell = Self.mergeCheckCell
        @inline(__always) func key(_ p: SIMD3<Float>) -> SIMD2<Int32> {
            SIMD2(Int32((p.x / cell).rounded(.down)), Int32((p.z / cell).rounded(.down)))
        }
        func floorCells(_ cloud: [SIMD3<Float>]) -> Set<SIMD2<Int32>> {
            var cells: Set<SIMD2<Int32>> = []
            for p in cloud where p.isFinite && abs(p.y - floorY) <= Self.floorPointTolerance { cells.insert(key(p)) }
            return cells
        }
        let bothFloor = floorCells(target).intersection(floorCells(source))
        var targetWalls: Set<SIMD2<Int32>> = []
        for p in target where p.isFinite && Self.mergeObstacleBand.contains(p.y - floorY) { targetWalls.insert(key(p)) }
        // Per wall cell of the source on the target's walls: whether floor both saw lies beside it.
        var coViewedCell: [SIMD2<Int32>: Bool] = [:]
        let inner = Self.sharedViewInnerRing
        let outer = Self.sharedViewOuterRing
        var matched = 0
        var coViewed = 0
        for p in source where p.isFinite && Self.mergeObstacleBand.contains(p.y - floorY) {
            let k = key(p)
            guard targetWalls.contains(k) else { continue }
            matched += 1
            if let known = coViewedCell[k] {
                if known { coViewed += 1 }
                continue
            }
            var found = false
            search: for dz in -outer...outer {
                for dx in -outer...outer where max(abs(dx), abs(dz)) >= inner {
                    if bothFloor.contains(k &+ SIMD2(dx, dz)) {
                        found = true
                        break search
                    }
                }
            }
            coViewedCell[k] = found
            if found { coViewed += 1 }
        }
        return (matched, coViewed)
    }
}
