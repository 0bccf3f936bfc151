import FathomCore

/// Turns LiDAR depth frames into coloured world-space point clouds (Apple's "Displaying a Point Cloud
/// Using Scene Depth", on the CPU).
///
/// Each depth sample at pixel (u, v) is unprojected with the camera intrinsics scaled from the image
/// resolution to the depth map's (scan package spec), moved to world space with the frame's
/// `worldFromCamera`, coloured from the camera image pixel at the same place in the field of view
/// (YCbCr → RGB with the spec's BT.601 coefficients), and kept when its depth is valid, its
/// confidence reaches `configuration.minimumConfidence` and its depth lies in
/// `minimumDistance…maximumDistance`.
public struct DepthCloudBuilder: Sendable {
    /// The sample filter.
    public var configuration: DepthCloudConfiguration

    /// Creates a builder.
    public init(configuration: DepthCloudConfiguration = DepthCloudConfiguration()) {
        self.configuration = configuration
    }
}

extension DepthCloudBuilder {
    /// The cloud of a sensor frame's depth reading, coloured from its camera image when it has one.
    /// - Throws: `DepthCloudError` when the frame has no depth, an empty depth map or an invalid pose.
    public func cloud(for frame: SensorFrame) throws -> DepthCloud {
        guard let depth = frame.depth else { throw DepthCloudError.missingDepth(frameNumber: frame.frameNumber) }
        return try cloud(depth: depth, color: frame.color?.image, camera: frame.camera)
    }

    /// The cloud of one depth reading.
    /// - Parameters:
    ///   - depth: depth and confidence maps (any size; intrinsics are scaled to it).
    ///   - color: the camera image covering the same field of view, or `nil` (points then have no colour).
    ///   - camera: pose and full-resolution intrinsics.
    /// - Throws: `DepthCloudError` for an empty depth map or an invalid pose.
    /// - Complexity: O(width × height), no allocation besides the result.
    public func cloud(depth: DepthFrame, color: ColorImage?, camera: CameraFrame) throws -> DepthCloud {
        let (worldFromCamera, k) = try prepare(depth: depth, camera: camera)
        let w = depth.width, h = depth.height
        guard let image = color, image.width > 0, image.height > 0 else {
            return run(depth: depth, worldFromCamera: worldFromCamera, intrinsics: k, coloring: NoColoring())
        }
        return image.withDepthColoring(
            width: w, height: h, KernelRun(builder: self, depth: depth, worldFromCamera: worldFromCamera, intrinsics: k))
    }

    /// Runs the kernel once the colour source's concrete type is known.
    private struct KernelRun: DepthColoringVisitor {
        let builder: DepthCloudBuilder, depth: DepthFrame, worldFromCamera: RigidTransform
        let intrinsics: CameraIntrinsics
        func visit<C: DepthPixelColoring>(_ coloring: C) -> DepthCloud {
            builder.run(depth: depth, worldFromCamera: worldFromCamera, intrinsics: intrinsics, coloring: coloring)
        }
    }

    /// The kernel, specialised per colour source.
    @inline(__always)
    fileprivate func run<C: DepthPixelColoring>(depth: DepthFrame, worldFromCamera: RigidTransform,
                                            intrinsics k: CameraIntrinsics, coloring: C) -> DepthCloud {
        let w = depth.width, h = depth.height, n = w * h
        precondition(MemoryLayout<SIMD3<Float>>.stride == MemoryLayout<SIMD4<Float>>.size,
                     "positions are written as four lanes")
        // Per-column and per-row terms: world = d · (colTerm[u] + rowTerm[v]) + t.
        let r = worldFromCamera.rotation.columns
        // Four-lane terms (w = 0) so the per-point arithmetic is three whole-register operations.
        @inline(__always) func four(_ v: SIMD3<Float>) -> SIMD4<Float> { SIMD4(v.x, v.y, v.z, 0) }
        let colTerm = (0..<w).map { u in four(r.0 * ((Float(u) - k.cx) / k.fx)) }
        let rowTerm = (0..<h).map { v in four(r.1 * (-(Float(v) - k.cy) / k.fy) - r.2) }
        let t = SIMD4(worldFromCamera.translation, 0)
        let minConf = configuration.minimumConfidence.rawValue
        let near = configuration.minimumDistance, far = configuration.maximumDistance
        var invalid = 0, lowConf = 0, outOfRange = 0, kept = 0
        var confidences: [UInt8] = [], colors: [RGB8] = []
        var rowColorStorage = [RGB8](repeating: .black, count: C.isColored ? w : 0)
        // The three outputs are written in place into fresh arrays of capacity n.
        let positions = [SIMD3<Float>](unsafeUninitializedCapacity: n) { positions, positionCount in
          confidences = [UInt8](unsafeUninitializedCapacity: n) { confidences, confidenceCount in
            colors = [RGB8](unsafeUninitializedCapacity: C.isColored ? n : 0) { colors, colorCount in
              depth.depth.pixels.withUnsafeBufferPointer { dp in
                depth.confidence.pixels.withUnsafeBufferPointer { cp in
                  colTerm.withUnsafeBufferPointer { ct in
                   rowColorStorage.withUnsafeMutableBufferPointer { rowColors in
                    let pos = positions.baseAddress!, conf = confidences.baseAddress!
                    for v in 0..<h {
                        let rt = rowTerm[v]
                        if C.isColored {
                            // The row's colours first, in a tight loop without the filter's branches.
                            let rowColoring = coloring.row(v)
                            rowColoring.fill(rowColors.baseAddress!, count: w)
                        }
                        let d0 = dp.baseAddress! + v * w, c0 = cp.baseAddress! + v * w
                        for u in 0..<w {
                            let d = d0[u]
                            // NaN fails every comparison; infinities fail `d < .infinity`.
                            guard d > 0, d < .infinity else { invalid &+= 1; continue }
                            let c = c0[u]
                            guard c >= minConf else { lowConf &+= 1; continue }
                            guard d >= near, d <= far else { outOfRange &+= 1; continue }
                            // A SIMD3<Float> occupies 16 bytes: store all four lanes at once.
                            UnsafeMutableRawPointer(pos + kept).storeBytes(of: d * (ct[u] + rt) + t, as: SIMD4<Float>.self)
                            (conf + kept).initialize(to: c)
                            if C.isColored { (colors.baseAddress! + kept).initialize(to: rowColors[u]) }
                            kept &+= 1
                        }
                    }
                   }
                  }
                }
              }
              colorCount = C.isColored ? kept : 0
            }
            confidenceCount = kept
          }
          positionCount = kept
        }
        let stats = DepthCloudStatistics(
            sampleCount: n, invalidCount: invalid, lowConfidenceCount: lowConf, outOfRangeCount: outOfRange,
            keptCount: kept, isColored: C.isColored)
        let cloud = PointCloud(unchecked: positions, colors: colors, confidences: confidences)
        return DepthCloud(frameNumber: depth.frameNumber, points: cloud, statistics: stats)
    }

    /// The same cloud computed plainly, pixel by pixel through `CameraIntrinsics.unproject`,
    /// `RigidTransform.apply` and `ColorImage.rgb(x:y:)`: the reference the fast path is tested against.
    /// Colours are quantised as the fast path does (round half up).
    public func referenceCloud(depth: DepthFrame, color: ColorImage?, camera: CameraFrame) throws -> DepthCloud {
        let (worldFromCamera, k) = try prepare(depth: depth, camera: camera)
        let color = color.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        var stats = DepthCloudStatistics(sampleCount: depth.width * depth.height, isColored: color != nil)
        var points = PointCloud()
        for v in 0..<depth.height {
            for u in 0..<depth.width {
                let d = depth.depth[u, v], c = depth.confidence[u, v]
                if !(d > 0 && d.isFinite) { stats.invalidCount += 1; continue }
                if c < configuration.minimumConfidence.rawValue { stats.lowConfidenceCount += 1; continue }
                if d < configuration.minimumDistance || d > configuration.maximumDistance {
                    stats.outOfRangeCount += 1
                    continue
                }
                points.positions.append(worldFromCamera.apply(to: k.unproject(u: Float(u), v: Float(v), depth: d)))
                points.confidences.append(c)
                if let img = color {
                    let x = ColorSampler.index(u, from: depth.width, to: img.width)
                    let y = ColorSampler.index(v, from: depth.height, to: img.height)
                    if case .rgb(let rgb) = img {
                        points.colors.append(rgb[x, y])
                    } else {
                        points.colors.append(RGB8(quantizing: img.rgb(x: x, y: y)))
                    }
                }
            }
        }
        stats.keptCount = points.count
        return DepthCloud(frameNumber: depth.frameNumber, points: points, statistics: stats)
    }

    private func prepare(depth: DepthFrame, camera: CameraFrame) throws -> (RigidTransform, CameraIntrinsics) {
        guard depth.width > 0, depth.height > 0 else {
            throw DepthCloudError.emptyDepthMap(frameNumber: depth.frameNumber)
        }
        guard let worldFromCamera = camera.worldFromCamera else {
            throw DepthCloudError.invalidPose(frameNumber: camera.frameNumber)
        }
        return (worldFromCamera, camera.intrinsics.scaled(toWidth: depth.width, height: depth.height))
    }
}
