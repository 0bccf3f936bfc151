@testable import FathomPlan
import FathomCore
import Testing

/// A wall runs from the floor to the ceiling and hides everything behind it; furniture stops below
/// the ceiling. Hand-built depth frames, ray-cast exactly: a room 2.5 m high whose back wall stands
/// at z = −3, a wardrobe front 0.6 m before it (z = −2.4, x −0.6…0.6, 1.9 m high) and a refrigerator
/// side standing out from the left wall (x = −1.2, z −3…−2.3, 1.8 m high), and beside the wardrobe a
/// chimney breast whose front, in line with the wardrobe's, runs up to the ceiling (x 0.6…2.4).
/// Cameras at 1.4 m look along −z, level; the wardrobe's and the refrigerator's tops are below the eye's upper view, so the rays
/// passing over them reach the back wall or the ceiling.
@Suite struct SeenPastTests {
    /// Ceiling height, metres.
    static let ceiling: Float = 2.5
    /// Back wall's plane, metres.
    static let wallZ: Float = -3
    /// The wardrobe front's plane, its half width and its top, metres.
    static let frontZ: Float = -2.4
    static let frontHalfWidth: Float = 0.6
    static let frontTop: Float = 1.9
    /// The refrigerator side's plane and extent (z), and its top, metres.
    static let sideX: Float = -1.2
    static let sideZ: ClosedRange<Float> = -3 ... -2.3
    static let sideTop: Float = 1.8
    /// The chimney breast front's far end (it starts where the wardrobe ends), metres.
    static let chimneyEnd: Float = 2.4
    /// Camera height, metres.
    static let eyeHeight: Float = 1.4
    /// The depth map's intrinsics (the image is the depth map's size).
    static let intrinsics = CameraIntrinsics(unchecked: 200, fy: 200, cx: 128, cy: 96, width: 256, height: 192)

    /// The z-depth along a camera ray from `eye` in direction `d` (world, d.z = −1 per unit depth).
    static func rayDepth(from eye: SIMD3<Float>, along d: SIMD3<Float>) -> Float {
        var nearest = Float.infinity
        // The wardrobe front.
        let tf = (frontZ - eye.z) / d.z
        let pf = eye + d * tf
        if tf > 0, abs(pf.x) <= frontHalfWidth, pf.y >= 0, pf.y <= frontTop { nearest = min(nearest, tf) }
        // The chimney breast, in line with it.
        if tf > 0, pf.x > frontHalfWidth, pf.x <= chimneyEnd, pf.y >= 0 { nearest = min(nearest, tf) }
        // The refrigerator's side (a plane x = sideX, seen from x > sideX).
        if d.x < 0 {
            let ts = (sideX - eye.x) / d.x
            let ps = eye + d * ts
            if ts > 0, sideZ.contains(ps.z), ps.y >= 0, ps.y <= sideTop { nearest = min(nearest, ts) }
        }
        // Back wall, ceiling and floor.
        let tw = (wallZ - eye.z) / d.z
        if tw > 0 { nearest = min(nearest, tw) }
        if d.y > 0 { nearest = min(nearest, (ceiling - eye.y) / d.y) }
        if d.y < 0 { nearest = min(nearest, -eye.y / d.y) }
        return nearest
    }

    /// A level camera at `x` (z = 0) looking along −z, its depth frame ray-cast exactly.
    static func view(x: Float) throws -> CoarseDepthView {
        let eye = SIMD3<Float>(x, eyeHeight, 0)
        let k = intrinsics
        var depth = DepthMap(width: k.width, height: k.height, repeating: 0)
        for v in 0..<k.height {
            for u in 0..<k.width {
                let d = SIMD3((Float(u) - k.cx) / k.fx, -(Float(v) - k.cy) / k.fy, -1)
                depth[u, v] = min(Self.rayDepth(from: eye, along: d), 5)
            }
        }
        let confidence = ConfidenceMap(width: k.width, height: k.height, repeating: 2)
        let pose = RigidTransform(translation: eye)
        let camera = CameraFrame(frameNumber: 0, timestamp: 0, cameraTransform: pose.matrix, intrinsics: k)
        let frame = DepthFrame(frameNumber: 0, timestamp: 0, depth: depth, confidence: confidence)
        return try #require(CoarseDepthView(depth: frame, camera: camera, minimumConfidence: .medium))
    }

    static func views() throws -> [CoarseDepthView] { try [-0.3, 0, 0.3].map { try view(x: $0) } }

    /// The wardrobe's front: every station between its ends was seen past above its top (the rays
    /// go on to the back wall 0.6 m behind, or to the ceiling). The back wall, given the same top
    /// (its band seen only up to 1.9 m), is seen stopped there everywhere: 0.
    @Test func theRoomGoesOnAboveFurnitureNotAboveAWall() throws {
        let extractor = FloorPlanExtractor()
        let views = try Self.views()
        let front = FurnitureFrontTests.face(x0: -0.6, x1: 0.6, z: Double(Self.frontZ))
        let wall = FurnitureFrontTests.face(x0: -1.2, x1: 1.2, z: Double(Self.wallZ))
        let ceiling = Double(Self.ceiling)
        let top = Double(Self.frontTop)
        let past = extractor.seenPastAbove(front, top: top, floorY: 0, ceilingHeight: ceiling, views: views)
        #expect(past == 1, "\(past)")
        let wallPast = extractor.seenPastAbove(wall, top: top, floorY: 0, ceilingHeight: ceiling, views: views)
        #expect(wallPast == 0, "\(wallPast)")
        // A front whose top reaches within the probe margin of the ceiling has nothing probed: 0.
        let full = extractor.seenPastAbove(
            front, top: ceiling - FloorPlanExtractor.seenPastProbeMargin / 2, floorY: 0, ceilingHeight: ceiling,
            views: views)
        #expect(full == 0)
        // Without views nothing is known.
        #expect(extractor.seenPastAbove(front, top: top, floorY: 0, ceilingHeight: ceiling, views: []) == 0)
    }

    /// The refrigerator's side stands out from the wall at right angles to it, with no parallel
    /// wall behind it: seen past above its top (the rays reach the left part of the back wall), so
    /// `separatingFurniture` takes it out of the walls without making it an occluder; the back wall
    /// and the left wall stay.
    @Test func aSideSeenPastAboveItsTopIsNotAWall() throws {
        let extractor = FloorPlanExtractor()
        let views = try Self.views()
        let side = FurnitureFrontTests.side(
            x: Double(Self.sideX), z0: Double(Self.sideZ.lowerBound) + 0.02, z1: Double(Self.sideZ.upperBound))
        let top = Double(Self.sideTop)
        let ceiling = Double(Self.ceiling)
        let past = extractor.seenPastAbove(side, top: top, floorY: 0, ceilingHeight: ceiling, views: views)
        #expect(past >= FloorPlanExtractor.seenPastFraction, "\(past)")

        // The faces' points: the back wall up to 2.45 m, the side up to its top; the floor.
        let wall = FurnitureFrontTests.face(x0: -2, x1: 2, z: Double(Self.wallZ))
        let parts = [
            ObjectBackFillTests.wall(z: Double(Self.wallZ), from: -2, to: 2) { _ in 0.05...2.45 },
            ObjectBackFillTests.wall(
                x: Double(Self.sideX), from: Double(Self.sideZ.lowerBound) + 0.02, to: Double(Self.sideZ.upperBound)
            ) { _ in 0.05...top },
        ]
        let grid = PlanPointGrid(
            positions: parts.flatMap(\.positions), heights: parts.flatMap(\.heights),
            cellSize: FloorPlanExtractor.pointGridCellSize)
        let cameras = try [-0.3, 0, 0.3].map { x in
            try #require(
                FloorPlanExtractor.CameraSample(
                    CameraFrame(
                        frameNumber: 0, timestamp: 0,
                        cameraTransform: RigidTransform(translation: SIMD3(Float(x), Self.eyeHeight, 0)).matrix,
                        intrinsics: Self.intrinsics)))
        }
        let endsBelowCeiling = extractor.endingBelowCeiling(
            [wall, side], grid: grid, floorY: 0, ceilingHeight: ceiling, views: views)
        #expect(endsBelowCeiling == [false, true])
        let (walls, _, furniture) = extractor.separatingFurniture(
            [wall, side], grid: grid, cameras: cameras, endsBelowCeiling: endsBelowCeiling)
        #expect(walls.count == 1)
        #expect(abs((walls.first?.line.origin.y ?? 0) - Double(Self.wallZ)) < 1e-9)
        #expect(furniture.isEmpty)
        // Without the views (nothing seen past), the side stays a wall, as before.
        let (before, _, _) = extractor.separatingFurniture([wall, side], grid: grid, cameras: cameras)
        #expect(before.count == 2)
    }

    /// One line found along the wardrobe's front and the chimney breast's beside it (x −0.6…2.4),
    /// each station judged against its own top: the wardrobe's stations (top 1.9 m) are open above,
    /// the chimney breast's (points up to 2.45 m) are not, and the line as a whole is not one ending
    /// below the ceiling (less than half of it, the wardrobe's 1.1 m of 2.8, is open). A station
    /// open in the wall band (points only up to a window's sill, 0.95 m) has no top and is never
    /// probed, though the rays pass above it.
    @Test func eachStationIsJudgedAgainstItsOwnTop() throws {
        let extractor = FloorPlanExtractor()
        let views = try Self.views()
        let z = Double(Self.frontZ)
        let ceiling = Double(Self.ceiling)
        let line = FurnitureFrontTests.face(x0: -0.6, x1: Double(Self.chimneyEnd), z: z)
        let edge = Double(Self.frontHalfWidth)
        let parts = [
            ObjectBackFillTests.wall(z: z, from: -0.6, to: edge) { _ in 0.05...Double(Self.frontTop) },
            ObjectBackFillTests.wall(z: z, from: edge + 0.02, to: Double(Self.chimneyEnd)) { _ in 0.05...2.45 },
        ]
        let grid = PlanPointGrid(
            positions: parts.flatMap(\.positions), heights: parts.flatMap(\.heights),
            cellSize: FloorPlanExtractor.pointGridCellSize)
        let stations = FloorPlanExtractor.stations(of: line)
        let open = extractor.seenPastStations(
            line, tops: extractor.localTops(line, grid: grid), floorY: 0, ceilingHeight: ceiling, views: views)
        // Stations whose top window (a station either side) reaches the other piece are left out.
        let reach = FloorPlanExtractor.supportStation * Double(FloorPlanExtractor.localTopStations + 1)
        for (t, isOpen) in zip(stations, open) where abs(t - edge) > reach {
            #expect(isOpen == (t < edge), "station at x = \(t)")
        }
        #expect(open.contains(true) && open.contains(false))
        #expect(
            extractor.endingBelowCeiling([line], grid: grid, floorY: 0, ceilingHeight: ceiling, views: views)
                == [false])

        // The wardrobe's line seen only up to a window's sill (0.95 m): its stations are open in the
        // wall band, so they have no top and are not probed; probed from 0.95 m, they would be open.
        let front = FurnitureFrontTests.face(x0: -0.6, x1: 0.6, z: z)
        let below = ObjectBackFillTests.wall(z: z, from: -0.6, to: 0.6) { _ in 0.05...0.95 }
        let sillGrid = PlanPointGrid(
            positions: below.positions, heights: below.heights, cellSize: FloorPlanExtractor.pointGridCellSize)
        let tops = extractor.localTops(front, grid: sillGrid)
        #expect(!tops.isEmpty && tops.allSatisfy { $0 == nil })
        let sill = extractor.seenPastStations(front, tops: tops, floorY: 0, ceilingHeight: ceiling, views: views)
        #expect(!sill.contains(true))
        let probed = extractor.seenPastStations(
            front, tops: tops.map { _ in 0.95 }, floorY: 0, ceilingHeight: ceiling, views: views)
        #expect(probed.contains(true))
    }
}

extension FloorPlanExtractor {
    /// Fraction of a face's extent (5 cm stations, `fitEndMargin` at each end left out) over which
    /// the depth frames saw past its plane above `top` (`seenPastStations` with one top for all).
    /// - Parameters:
    ///   - top: the face's top, metres above the floor.
    ///   - floorY: the floor's world height, metres.
    ///   - ceilingHeight: metres above the floor; nil when the ceiling was not seen.
    func seenPastAbove(
        _ face: WallFace, top: Double, floorY: Double, ceilingHeight: Double?, views: [CoarseDepthView]
    ) -> Double {
        let stations = seenPastStations(
            face, tops: Self.stations(of: face).map { _ in top }, floorY: floorY, ceilingHeight: ceilingHeight,
            views: views)
        guard !stations.isEmpty else { return 0 }
        return Double(stations.filter { $0 }.count) / Double(stations.count)
    }
}
