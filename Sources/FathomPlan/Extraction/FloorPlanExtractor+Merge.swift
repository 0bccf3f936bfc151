import FathomCore
import FathomIO
import FathomRegistration
import Foundation

extension FloorPlanExtractor {
    /// Voxel edge of the clouds registered when merging scans, metres.
    static let mergeVoxelSize: Float = 0.05
    /// Largest inlier RMSE a merge accepts, metres: the registrar's own default is set for
    /// relocalization; two fused scans, each downsampled to 5 cm voxels, differ by up to ~2 cm from the
    /// quantization alone, and the free-space check (`freeSpaceConflict`) guards against wrong merges.
    public static let mergeMaximumRMSE: Float = 0.03

    /// The registrar's settings for merging scans: its defaults with the inlier RMSE gate at
    /// `mergeMaximumRMSE`.
    public static var mergeRegistration: RegistrationConfiguration {
        var c = RegistrationConfiguration()
        c.maximumRMSE = max(c.maximumRMSE, mergeMaximumRMSE)
        return c
    }

    /// One plan from several scans of one home, each in its own world frame (separate sessions),
    /// overlapping at a doorway or a shared wall. Each scan is fused (poses refined) on its own; the
    /// scans are registered into the first one's frame (`PointCloudRegistrar`, gravity-aligned: a
    /// turn about the vertical and a translation), each joining when its registration to the scans
    /// merged so far is trusted; the merged clouds, cameras and labels give one plan (shared walls
    /// once, rooms and labels from every scan). A scan that cannot be registered (no overlap, or a
    /// registration the registrar does not trust) is never forced in: it gets a plan of its own and a
    /// message says why.
    /// - Parameters:
    ///   - packages: the scans; the first sets the plan's frame.
    ///   - names: how the messages name the scans, one per package (default: each package's file name).
    ///   - registration: the registrar's settings (default `mergeRegistration`: gravity-aligned).
    ///   - seed: seed of the registrar's sampling.
    /// - Throws: `FloorPlanError` naming the package when a scan has no depth or too few points, or when
    ///   `names` does not name every package.
    public func extract(
        packages: [ScanPackage], names: [String]? = nil,
        registration: RegistrationConfiguration = FloorPlanExtractor.mergeRegistration, seed: UInt64 = 0,
        progress: ((FloorPlanExtractionProgress) -> Void)? = nil
    ) throws -> FloorPlanMergeResult {
        guard !packages.isEmpty else { throw FloorPlanError(problem: "no scans were given") }
        if let names, names.count != packages.count {
            throw FloorPlanError(problem: "\(names.count) name(s) given for \(packages.count) scans: give one name per scan")
        }
        let scans = try packages.map { try fuse(package: $0, progress: progress) }
        let names = names ?? packages.map { $0.url.lastPathComponent }
        return try merge(scans, names: names, registration: registration, seed: seed, progress: progress)
    }

    /// One plan from several simulated or in-memory scans (each a sequence of frames and its labels);
    /// as `extract(packages:registration:seed:progress:)`.
    /// - Throws: `FloorPlanError` when a scan has no depth or too few points.
    public func extract(
        scans frameSequences: [[SensorFrame]], labels: [[ScanLabel]] = [],
        registration: RegistrationConfiguration = FloorPlanExtractor.mergeRegistration, seed: UInt64 = 0
    ) throws -> FloorPlanMergeResult {
        guard !frameSequences.isEmpty else { throw FloorPlanError(problem: "no scans were given") }
        let scans = try fusedScans(frameSequences, labels: labels)
        return try merge(
            scans, names: scans.indices.map { "scan \($0 + 1)" }, registration: registration, seed: seed, progress: nil)
    }

    /// Each sequence of frames fused (poses refined) on its own, with its labels.
    /// - Throws: `FloorPlanError` naming the scan when it has no depth frames.
    func fusedScans(_ frameSequences: [[SensorFrame]], labels: [[ScanLabel]]) throws -> [FusedScan] {
        var scans: [FusedScan] = []
        for (k, frames) in frameSequences.enumerated() {
            var pipeline = makeFusionPipeline()
            var refiner = makePoseRefinement()
            for frame in frames where frame.depth != nil { fuseFrame(frame, into: &pipeline, refiner: &refiner) }
            guard pipeline.report.depthFrameCount > 0 else {
                throw FloorPlanError(file: "scan \(k + 1)", problem: "the scan has no depth frames")
            }
            let (cameras, poses) = Self.corrected(frames.map(\.camera), by: refiner)
            scans.append(
                FusedScan(
                    points: pipeline.fusion.pointCloud(minimumSampleCount: 2).positions,
                    depthFrameCount: pipeline.report.depthFrameCount, fusedFrameCount: pipeline.report.fusedFrameCount,
                    cameras: cameras, labels: k < labels.count ? labels[k] : [], trueNorthDegrees: nil, refinedPoses: poses,
                    messages: []))
        }
        return scans
    }

    /// Registers the scans into groups and plans each group.
    func merge(
        _ scans: [FusedScan], names: [String], registration: RegistrationConfiguration, seed: UInt64,
        progress: ((FloorPlanExtractionProgress) -> Void)?
    ) throws -> FloorPlanMergeResult {
        let registrar = PointCloudRegistrar(configuration: registration)
        let sparse = scans.map { Self.voxelDownsampled($0.points, voxel: Self.mergeVoxelSize) }
        var placed: [Int: (transform: RigidTransform, registration: RegistrationResult?)] = [0: (.identity, nil)]
        var merged = sparse[0]
        var mergedFull = scans[0].points
        var mergedHeights = scans[0].cameras.compactMap { $0.worldFromCamera?.translation.y }
        var mergedCameras = scans[0].cameras
        var structurePlaced: Set<Int> = []
        var pending = Array(scans.indices.dropFirst())
        var lastResult: [Int: RegistrationResult] = [:]
        var rejected: [Int: String] = [:]
        var changed = true
        while changed && !pending.isEmpty {
            changed = false
            let target = registrar.prepare(PointCloud(unchecked: merged))
            for i in pending {
                var generator = SeededGenerator(seed: seed &+ UInt64(i) &* 0x9E37_79B9)
                let result = registrar.register(
                    source: PointCloud(unchecked: sparse[i]), target: target, using: &generator)
                lastResult[i] = result
                if Self.debugging {
                    print(
                        String(
                            format: "merge %@: found %d trusted %d fitness %.2f overlap %.2f rms %.1f mm runner-up %.2f t (%.2f, %.2f, %.2f)",
                            names[i], result.isFound ? 1 : 0, result.isTrusted ? 1 : 0, result.fitness, result.overlap,
                            result.inlierRMSE * 1000, result.runnerUpRatio, result.targetFromSource.translation.x,
                            result.targetFromSource.translation.y, result.targetFromSource.translation.z))
                }
                var placement: RegistrationResult? = nil
                // The scan's points and camera heights moved by the placement, once per placement.
                var movedScan: (points: [SIMD3<Float>], heights: [Float])? = nil
                if result.isFound && result.isTrusted {
                    // The registrar's gates see points, not rooms: check free space too.
                    let (moved, heights) = Self.placed(scans[i], by: result.targetFromSource)
                    movedScan = (moved, heights)
                    rejected[i] = freeSpaceConflict(
                        target: mergedFull, targetCameraHeights: mergedHeights, source: moved, sourceCameraHeights: heights)
                    if rejected[i] == nil {
                        // A walk does not go through walls.
                        let figures = visibilityFigures(
                            target: mergedFull, targetView: sightView(points: mergedFull, cameras: mergedCameras),
                            source: scans[i].points, sourceView: sightView(points: scans[i].points, cameras: scans[i].cameras),
                            targetFromSource: result.targetFromSource)
                        if Self.debugging {
                            print("merge \(names[i]) sight: \(figures)")
                        }
                        rejected[i] = cameraRefusal(figures)
                    }
                    if rejected[i] == nil { placement = result }
                }
                if placement == nil && Self.mergeUsesStructureSearch {
                    // The structure search, judged by what both scans saw (a doorway overlap leaves much
                    // of each scan outside the other, which the registrar's gates were not set for).
                    let source = registrar.prepare(PointCloud(unchecked: sparse[i]))
                    let candidates = mergeCandidates(
                        target: mergedFull, targetCameras: mergedCameras, targetCloud: target, source: scans[i].points,
                        sourceCameras: scans[i].cameras, sourceCloud: source, registrar: registrar)
                    let judged = judgedPlacement(candidates, registration: registration)
                    if let chosen = judged.candidate {
                        placement = registrar.structureResult(for: chosen.answer, source: source, target: target)
                        movedScan = nil
                        structurePlaced.insert(i)
                    } else {
                        let first = rejected[i] ?? result.failure.map(String.init(describing:)) ?? "registration not trusted"
                        rejected[i] = "\(first); the structure search: \(judged.reason)"
                    }
                    if Self.debugging {
                        print("merge \(names[i]) by structure: \(candidates.count) candidates, \(judged.candidate == nil ? judged.reason : "placed")")
                    }
                }
                guard let result = placement else { continue }
                let (moved, heights) = movedScan ?? Self.placed(scans[i], by: result.targetFromSource)
                rejected[i] = nil
                mergedFull += moved
                mergedHeights += heights
                mergedCameras += scans[i].cameras.map { camera in
                    var c = camera
                    if let pose = camera.worldFromCamera { c.cameraTransform = (result.targetFromSource * pose).matrix }
                    return c
                }
                placed[i] = (result.targetFromSource, result)
                merged = Self.voxelDownsampled(
                    merged + sparse[i].map { result.targetFromSource.apply(to: $0) }, voxel: Self.mergeVoxelSize)
                pending.removeAll { $0 == i }
                changed = true
                break  // re-prepare the grown target
            }
        }
        var messages: [String] = []
        // The merged group.
        let group = scans.indices.filter { placed[$0] != nil }
        var combined = FusedScan(
            points: [], depthFrameCount: 0, fusedFrameCount: 0, cameras: [], labels: [],
            trueNorthDegrees: scans[0].trueNorthDegrees, refinedPoses: [], messages: [])
        var placements: [FloorPlanScanPlacement] = []
        var frameOffset = 0
        for i in group {
            let (transform, result) = placed[i]!
            let scan = scans[i]
            combined.points += transform == .identity ? scan.points : scan.points.map { transform.apply(to: $0) }
            combined.depthFrameCount += scan.depthFrameCount
            combined.fusedFrameCount += scan.fusedFrameCount
            for var camera in scan.cameras {
                if let pose = camera.worldFromCamera { camera.cameraTransform = (transform * pose).matrix }
                camera.frameNumber += frameOffset
                combined.cameras.append(camera)
            }
            combined.labels += scan.labels.map {
                ScanLabel(timestamp: $0.timestamp, frameNumber: $0.frameNumber + frameOffset, text: $0.text)
            }
            combined.messages += scan.messages.map { group.count > 1 ? "\(names[i]): \($0)" : $0 }
            let poses = scan.refinedPoses.map {
                RefinedCameraPose(
                    frameNumber: $0.frameNumber, timestamp: $0.timestamp, worldFromCamera: transform * $0.worldFromCamera,
                    isAligned: $0.isAligned)
            }
            placements.append(
                FloorPlanScanPlacement(scanIndex: i, planFromScan: transform, registration: result, refinedPoses: poses))
            frameOffset += (scan.cameras.map(\.frameNumber).max() ?? 0) + 1
        }
        if group.count == 1 { combined.refinedPoses = scans[0].refinedPoses }
        if group.count > 1 {
            let joined = group.dropFirst().map { i -> String in
                let r = placed[i]!.registration!
                let how = structurePlaced.contains(i) ? ", placed by the structure search where both scans' views agree" : ""
                return String(format: "%@ (fitness %.2f, rms %.1f mm%@)", names[i], r.fitness, r.inlierRMSE * 1000, how)
            }
            messages.append("merged \(joined.joined(separator: ", ")) into the frame of \(names[0])")
        }
        var plans = [
            FloorPlanMergeResult.Plan(result: try plan(from: combined, progress: progress), scans: placements)
        ]
        // Scans that could not be merged: a plan each.
        for i in pending {
            let why =
                rejected[i]
                ?? lastResult[i].map { $0.failure.map(String.init(describing:)) ?? "registration not trusted" } ?? "not tried"
            messages.append(
                "\(names[i]) could not be registered to the other scans (\(why)); it has a plan of its own, in its own frame")
            plans.append(
                FloorPlanMergeResult.Plan(
                    result: try plan(from: scans[i], progress: progress),
                    scans: [FloorPlanScanPlacement(scanIndex: i, planFromScan: .identity, refinedPoses: scans[i].refinedPoses)]))
        }
        return FloorPlanMergeResult(plans: plans, messages: messages)
    }

    /// The mean point of each occupied voxel of edge `voxel` metres.
    static func voxelDownsampled(_ points: [SIMD3<Float>], voxel: Float) -> [SIMD3<Float>] {
        var index: [SIMD3<Int32>: Int] = [:]
        var sums: [SIMD4<Float>] = []
        for p in points where p.isFinite {
            let key = SIMD3<Int32>((p / voxel).rounded(.down))
            if let k = index[key] {
                sums[k] += SIMD4(p, 1)
            } else {
                index[key] = sums.count
                sums.append(SIMD4(p, 1))
            }
        }
        return sums.map { SIMD3($0.x, $0.y, $0.z) / $0.w }
    }

    /// `scan`'s points and camera heights (metres) moved into the target's frame by `targetFromSource`.
    static func placed(_ scan: FusedScan, by targetFromSource: RigidTransform) -> (points: [SIMD3<Float>], heights: [Float]) {
        let points = scan.points.map { targetFromSource.apply(to: $0) }
        let heights = scan.cameras.compactMap { $0.worldFromCamera.map { targetFromSource.apply(to: $0.translation).y } }
        return (points, heights)
    }
}
