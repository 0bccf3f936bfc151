import FathomCore
import FathomIO
import FathomSensing
import Foundation

/// Turns a scan package with LiDAR depth into a floor plan: walls, doors, windows and openings, rooms
/// with their names, areas and perimeters (see `docs/floorplans.md`).
///
/// Steps: fuse a world cloud from (an even subsample of) the depth frames; find the floor and ceiling
/// heights from the height histogram; find wall faces as vertical planes at any angle (RANSAC lines on
/// the plan cells whose points fill the wall band, refitted on the raw points); snap wall ends to
/// corners and split walls where other walls meet them; find openings as gaps in each wall's band;
/// pair faces seen from both sides into walls with a thickness; separate rooms on a raster of the wall
/// faces, keep the closed spaces the camera stood in, and outline each on the wall lines; name rooms
/// from the labels said inside them.
public struct FloorPlanExtractor: Sendable {
    /// The settings.
    public var configuration: FloorPlanExtractionConfiguration

    /// Creates an extractor.
    public init(configuration: FloorPlanExtractionConfiguration = FloorPlanExtractionConfiguration()) {
        self.configuration = configuration
    }

    /// A camera on the walk: frame number, world position (metres), the pose's inverse and the
    /// image intrinsics (to tell which parts of the walls it saw).
    struct CameraSample: Sendable {
        var frameNumber: Int
        var position: SIMD3<Float>
        var cameraFromWorld: RigidTransform
        var intrinsics: CameraIntrinsics

        init?(_ camera: CameraFrame) {
            guard let pose = camera.worldFromCamera, pose.translation.isFinite else { return nil }
            frameNumber = camera.frameNumber
            position = pose.translation
            cameraFromWorld = pose.inverse
            intrinsics = camera.intrinsics
        }
    }

    /// The plan of a scan package.
    /// - Parameter progress: called as frames are fused and at each later step.
    /// - Throws: `FloorPlanError` naming the package when it has no depth frames or none could be
    ///   fused; `ScanPackageError` when a record cannot be read.
    public func extract(
        package: ScanPackage, progress: ((FloorPlanExtractionProgress) -> Void)? = nil
    ) throws -> FloorPlanResult {
        let scan = try fuse(package: package, progress: progress)
        do {
            return try plan(from: scan, progress: progress)
        } catch var error as FloorPlanError {
            error.file = package.url.path
            throw error
        }
    }

    /// A scan package's depth fused into a world cloud (poses refined when configured), with its
    /// cameras, labels and heading.
    /// - Throws: `FloorPlanError` naming the package when it has no depth frames; `ScanPackageError`
    ///   when a record cannot be read.
    func fuse(package: ScanPackage, progress: ((FloorPlanExtractionProgress) -> Void)?) throws -> FusedScan {
        let name = package.url.path
        guard package.hasDepth, package.depthFrameCount > 0 else {
            throw FloorPlanError(
                file: name, problem: "the scan has no depth frames; a floor plan needs a LiDAR scan with depth")
        }
        var pipeline = makeFusionPipeline()
        var refiner = makePoseRefinement()
        var views: [CoarseDepthView] = []
        let wanted = min(package.depthFrameCount, configuration.maximumFusedFrames)
        // Keep every `step`-th depth frame.
        let step = max(1, Int((Double(package.depthFrameCount) / Double(configuration.maximumFusedFrames)).rounded(.up)))
        let frameStep = max(1, package.frameCount / max(1, wanted))
        var fused = 0
        if frameStep <= 3 {
            var seen = 0
            var it = package.frames()
            while let frame = try it.next() {
                guard frame.depth != nil else { continue }
                defer { seen += 1 }
                guard seen % step == 0 else { continue }
                keepView(of: frame, placedBy: fuseFrame(frame, into: &pipeline, refiner: &refiner), in: &views)
                fused += 1
                progress?(FloorPlanExtractionProgress(stage: .fusing, completed: fused, total: wanted))
            }
        } else {
            // Long scans: jump to each sampled frame and read forwards to the next depth frame.
            var index = 0
            while index < package.frameCount {
                var it = package.frames(from: index)
                var read = 0
                while read < frameStep, let frame = try it.next() {
                    read += 1
                    if frame.depth != nil {
                        keepView(of: frame, placedBy: fuseFrame(frame, into: &pipeline, refiner: &refiner), in: &views)
                        fused += 1
                        break
                    }
                }
                progress?(FloorPlanExtractionProgress(stage: .fusing, completed: fused, total: wanted))
                index += frameStep
            }
        }
        let (cameraFrames, refinedPoses) = Self.corrected(package.cameraFrames, by: refiner)
        return FusedScan(
            points: pipeline.fusion.pointCloud(minimumSampleCount: 2).positions,
            depthFrameCount: pipeline.report.depthFrameCount, fusedFrameCount: pipeline.report.fusedFrameCount,
            cameras: cameraFrames, labels: package.labels, trueNorthDegrees: package.azimuth?.trueNorthDegrees,
            refinedPoses: refinedPoses, messages: refiner.map(Self.refinementMessages) ?? [], views: views)
    }

    /// The plan of a sequence of frames (e.g. a simulation's), every depth frame fused.
    /// - Parameters:
    ///   - labels: room names with the frame at which each was said.
    ///   - trueNorthDegrees: heading of the world −Z axis clockwise from true north, when known.
    /// - Throws: `FloorPlanError` when no frame has usable depth.
    public func extract(
        frames: some Sequence<SensorFrame>, labels: [ScanLabel] = [], trueNorthDegrees: Double? = nil,
        progress: ((FloorPlanExtractionProgress) -> Void)? = nil
    ) throws -> FloorPlanResult {
        var pipeline = makeFusionPipeline()
        var refiner = makePoseRefinement()
        var cameraFrames: [CameraFrame] = []
        var views: [CoarseDepthView] = []
        for frame in frames {
            cameraFrames.append(frame.camera)
            guard frame.depth != nil else { continue }
            keepView(of: frame, placedBy: fuseFrame(frame, into: &pipeline, refiner: &refiner), in: &views)
            progress?(
                FloorPlanExtractionProgress(
                    stage: .fusing, completed: pipeline.report.depthFrameCount, total: pipeline.report.depthFrameCount))
        }
        guard pipeline.report.depthFrameCount > 0 else {
            throw FloorPlanError(problem: "the scan has no depth frames; a floor plan needs a LiDAR scan with depth")
        }
        let (corrected, refinedPoses) = Self.corrected(cameraFrames, by: refiner)
        return try plan(
            from: FusedScan(
                points: pipeline.fusion.pointCloud(minimumSampleCount: 2).positions,
                depthFrameCount: pipeline.report.depthFrameCount, fusedFrameCount: pipeline.report.fusedFrameCount,
                cameras: corrected, labels: labels, trueNorthDegrees: trueNorthDegrees, refinedPoses: refinedPoses,
                messages: refiner.map(Self.refinementMessages) ?? [], views: views),
            progress: progress)
    }

    /// A refiner when the configuration asks for one.
    func makePoseRefinement() -> PoseRefinement? {
        guard configuration.refinesPoses else { return nil }
        return PoseRefinement(
            refiner: DepthPoseRefiner(
                farthest: configuration.maximumDepthDistance, minimumConfidence: configuration.minimumConfidence))
    }

    /// Fuses a depth frame, its pose refined first when a refiner is given; returns the camera as placed.
    @discardableResult
    func fuseFrame(_ frame: SensorFrame, into pipeline: inout DepthFusionPipeline, refiner: inout PoseRefinement?)
        -> CameraFrame
    {
        var frame = frame
        if refiner != nil, let depth = frame.depth, let pose = refiner!.refiner.refine(depth: depth, camera: frame.camera) {
            frame.camera.cameraTransform = pose.matrix
            refiner!.corrections.append((frame.frameNumber, refiner!.refiner.correction))
        }
        pipeline.process(frame)
        return frame.camera
    }

    func makeFusionPipeline() -> DepthFusionPipeline {
        DepthFusionPipeline(
            builder: DepthCloudBuilder(
                configuration: DepthCloudConfiguration(
                    minimumConfidence: configuration.minimumConfidence,
                    maximumDistance: configuration.maximumDepthDistance)),
            fusion: VoxelFusionConfiguration(voxelSize: configuration.voxelSize, pointBudget: 8_000_000))
    }

    /// Fewest fused points a plan is sought in.
    static let minimumPointCount = 1000

    /// The plan of a fused scan (or of several registered into one frame).
    func plan(from scan: FusedScan, progress: ((FloorPlanExtractionProgress) -> Void)?) throws -> FloorPlanResult {
        let cameras = scan.cameras.compactMap(CameraSample.init)
        let labels = scan.labels
        let trueNorthDegrees = scan.trueNorthDegrees
        let cloud = (positions: scan.points, count: scan.points.count)
        guard cloud.count >= Self.minimumPointCount else {
            throw FloorPlanError(
                problem:
                    "only \(cloud.count) points could be fused from \(scan.depthFrameCount) depth frames "
                    + "(poses invalid or depth empty); no floor plan can be made")
        }
        var quality = FloorPlanQuality(fusedFrameCount: scan.fusedFrameCount, pointCount: cloud.count)
        var messages: [String] = scan.messages

        progress?(FloorPlanExtractionProgress(stage: .heights, completed: 0, total: 1))
        let cameraHeights = cameras.map(\.position.y)
        let heights = findHeights(cloud.positions, cameraHeights: cameraHeights)
        quality.ceilingSeen = heights.ceilingSeen
        if !heights.ceilingSeen {
            messages.append(
                String(
                    format: "the ceiling was not seen; the ceiling height (%.2f m) is the highest wall point seen",
                    heights.ceilingHeight))
        }
        let floorY = heights.floorY
        let kept = Self.withoutStrayPoints(cloud.positions)
        if cloud.count - kept.count > cloud.count / 100 {
            messages.append("\(cloud.count - kept.count) points far from the rest of the scan were left out")
        }
        let positions = kept.map { SIMD2(Double($0.x), Double($0.z)) }
        let pointHeights = kept.map { $0.y - Float(floorY) }
        let grid = PlanPointGrid(positions: positions, heights: pointHeights, cellSize: Self.pointGridCellSize)

        progress?(FloorPlanExtractionProgress(stage: .walls, completed: 0, total: 1))
        // Two pieces of a wall either side of a window are one face (`+WindowGaps`).
        let joined = joiningAcrossWindows(
            mergeDuplicates(findWallFaces(grid, ceilingHeight: heights.ceilingHeight)), grid: grid,
            ceilingHeight: heights.ceilingHeight)
        // Tall furniture against walls fills the wall band too: take it out, and remember what it hides.
        // A face the cameras saw past above its top stops below the ceiling: furniture (`+SeenPast`);
        // a piece's front on one line with a wall is cut out of it first (`+FurniturePieces`).
        let (found, foundBelowCeiling) = splittingAtFurniturePieces(
            joined, grid: grid, floorY: floorY, ceilingHeight: heights.ceilingSeen ? heights.ceilingHeight : nil,
            fitHeight: heights.ceilingHeight, views: scan.views)
        // A line drawn across a recess's mouth is cut there, and the recess's unseen sides are bridged
        // (`+RecessMouths`); the inferred sides come last, after every face that was seen.
        let recesses = cuttingRecessMouths(found, grid: grid, cameras: cameras, endsBelowCeiling: foundBelowCeiling)
        let candidates = recesses.faces + recesses.sides.map { $0.face }
        let endsBelowCeiling = recesses.endsBelowCeiling
        let separated = separatingFurniture(
            candidates, grid: grid, cameras: cameras, endsBelowCeiling: endsBelowCeiling)
        let furniture = separated.furniture
        // A face found twice is kept once (`+DoubledFaces`).
        let (wallFaces, sides) = mergingDoubledFaces(separated.walls, sides: separated.sides)
        // Corners (as `snapCorners`), then faces cut where a partition behind them ends, with their seen sides.
        let snapped = snappedFaces(wallFaces, sides: sides, occluders: furniture)
        let longEnough = snapped.indices.filter { isLongEnough(snapped[$0]) }
        var faces = cutAtPartitionEnds(longEnough.map { snapped[$0] }, sides: longEnough.map { sides[$0] })
        faces = droppingUnsupported(splitAtJunctions(faces), grid: grid, occluders: furniture)
        orientFaces(&faces, grid: grid, cameras: cameras)
        let fittedCount = faces.reduce(0) { $0 + $1.pointCount }
        let squares = faces.reduce(0.0) { $0 + $1.rms * $1.rms * Double($1.pointCount) }
        quality.wallPointCount = fittedCount
        quality.wallFitRMS = fittedCount > 0 ? (squares / Double(fittedCount)).squareRoot() : 0
        progress?(FloorPlanExtractionProgress(stage: .walls, completed: 1, total: 1))

        progress?(FloorPlanExtractionProgress(stage: .openings, completed: 0, total: faces.count))
        let viewers = Self.subsample(cameras, atMost: Self.maximumViewingCameras)
        for k in faces.indices {
            faces[k].openings = findOpenings(
                in: k, faces: faces, grid: grid, ceilingHeight: heights.ceilingHeight, floorY: floorY, cameras: viewers,
                blockers: furniture.map(\.face))
            // A gap in the wall band behind furniture is the furniture's shadow, not a door.
            let line = faces[k].line
            faces[k].openings.removeAll { o in furniture.contains { $0.hides(line.point(at: (o.t0 + o.t1) / 2)) } }
        }
        if faces.isEmpty { messages.append("no walls were found") }

        progress?(FloorPlanExtractionProgress(stage: .rooms, completed: 0, total: 1))
        let cameraPlan = cameras.map { (frameNumber: $0.frameNumber, position: SIMD2(Double($0.position.x), Double($0.position.z))) }
        // The room goes on behind a piece's front to the wall hidden behind it (`+HiddenWalls`).
        faces = closingBehindFurnitureFronts(faces, grid: grid, ceilingHeight: heights.ceilingHeight)
        let rooms = findRooms(faces: faces, cameras: cameraPlan.map(\.position))
        if rooms.isEmpty && !faces.isEmpty {
            messages.append(
                "no closed room was found (an open space, or walls not seen all around); the plan holds the "
                    + "\(faces.count) wall faces found")
        }
        // A piece's front standing for a hidden wall bounds the room but is no wall; the wall found
        // behind it is drawn, the side inferred to close its recess is not (`+HiddenWalls`).
        let drawn = faces.filter { !$0.isFurnitureFront && !($0.isHiddenWall && $0.isInferred) }
        var plan = assemble(faces: drawn, rooms: rooms, floorY: floorY, ceilingHeight: heights.ceilingHeight)
        plan.objects = findObjects(
            grid: grid, faces: drawn, rooms: rooms.map(\.polygon), ceilingHeight: heights.ceilingHeight,
            ceilingSeen: heights.ceilingSeen, cameras: cameraPlan.map(\.position))
        plan.trueNorthDegrees = trueNorthDegrees
        nameRooms(&plan, cameras: cameraPlan, labels: labels)
        quality.roomClosure = rooms.map(\.closure)
        progress?(FloorPlanExtractionProgress(stage: .rooms, completed: 1, total: 1))
        return FloorPlanResult(plan: plan, quality: quality, messages: messages, refinedPoses: scan.refinedPoses)
    }

    /// The most camera poses checked when telling seen wall from unseen wall.
    static let maximumViewingCameras = 1500

    /// Every k-th element, so that at most `count` remain.
    static func subsample<T>(_ items: [T], atMost count: Int) -> [T] {
        guard items.count > count else { return items }
        let step = (items.count + count - 1) / count
        return stride(from: 0, to: items.count, by: step).map { items[$0] }
    }

    /// Points beyond the 0.1 % and 99.9 % quantiles of x or z by more than this are left out, metres
    /// (a bad pose can throw a frame's points far away, and the plan's rasters span all points).
    static let strayPointMargin: Float = 1
    /// The widest plan made, metres: beyond it, only the points within half of it from the median are kept.
    static let maximumPlanExtent: Float = 200

    /// The points without the few lying far from the rest in plan (x, z).
    static func withoutStrayPoints(_ points: [SIMD3<Float>]) -> [SIMD3<Float>] {
        guard points.count >= 1000 else { return points }
        let sample = subsample(points, atMost: 20_000)
        func bounds(_ values: [Float]) -> ClosedRange<Float> {
            let sorted = values.sorted()
            let lo = sorted[sorted.count / 1000] - strayPointMargin
            let hi = sorted[sorted.count - 1 - sorted.count / 1000] + strayPointMargin
            let median = sorted[sorted.count / 2]
            guard hi - lo > maximumPlanExtent else { return lo...hi }
            return (median - maximumPlanExtent / 2)...(median + maximumPlanExtent / 2)
        }
        let xs = bounds(sample.map(\.x))
        let zs = bounds(sample.map(\.z))
        return points.filter { xs.contains($0.x) && zs.contains($0.z) }
    }

    /// Cell edge of the point buckets used for neighbourhood queries, metres.
    static let pointGridCellSize = 0.25

    /// Camera frames after a label searched for the room it belongs to (3 s at 30 Hz).
    static let labelSearchFrames = 90

    /// Gives each room the first label said while the camera stood in it.
    private func nameRooms(
        _ plan: inout FloorPlan, cameras: [(frameNumber: Int, position: SIMD2<Double>)], labels: [ScanLabel]
    ) {
        guard !labels.isEmpty, !cameras.isEmpty else { return }
        let sorted = cameras.sorted { $0.frameNumber < $1.frameNumber }
        for label in labels.sorted(by: { $0.frameNumber < $1.frameNumber }) {
            // The camera sample at (or just before) the label's frame.
            var lo = 0
            var hi = sorted.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if sorted[mid].frameNumber <= label.frameNumber { lo = mid } else { hi = mid - 1 }
            }
            // A label is often said on entering a room, while the camera still stands in the doorway:
            // the first room the camera stands in from that frame on (within a few seconds) gets it.
            let window = sorted[lo..<min(sorted.count, lo + Self.labelSearchFrames)]
            for sample in window {
                guard let r = plan.rooms.firstIndex(where: { FloorPlanGeometry.contains($0.polygon, sample.position) })
                else { continue }
                if plan.rooms[r].label == nil { plan.rooms[r].label = label.text }
                break
            }
        }
    }
}
