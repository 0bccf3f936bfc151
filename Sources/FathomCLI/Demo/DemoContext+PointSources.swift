import Fathom
import Foundation

extension DemoContext {
    /// Runs the point sources over the package: depth frames fused into a coloured cloud (rms to the
    /// true surfaces), raw feature points filtered per identifier (rms to the true landmarks), the
    /// stabilization gate, and depth/confidence pictures of one frame.
    mutating func pointSources() throws {
        guard let package, let simulation else { return }
        var pipeline = DepthFusionPipeline()
        var features = FeaturePointAccumulator()
        var gate = StabilizationGate()
        var stableAt: Int?
        var pictureFrame: DepthFrame?
        var pictureColor: ColorFrame?
        var iterator = package.frames()
        let start = Date()
        while let frame = try iterator.next() {
            pipeline.process(frame)
            features.accumulate(frame)
            gate.update(camera: frame.camera, featureCount: frame.features?.positions.count ?? 0)
            if stableAt == nil, gate.isStable { stableAt = frame.frameNumber }
            if let d = frame.depth, pictureFrame == nil || frame.frameNumber <= package.frameCount / 2 {
                pictureFrame = d
                pictureColor = frame.color
            }
        }
        let seconds = Date().timeIntervalSince(start)
        let cloud = pipeline.fusion.pointCloud(minimumSampleCount: 2)
        fusedCloud = cloud
        try PointCloudFile.write(cloud, to: file("cloud.ply"))
        features.refreshFilteredPositions()
        let featureCloud = features.filteredPoints()
        try PointCloudFile.write(featureCloud, to: file("features.ply"))

        // Accuracy against the simulator's truth (every 10th fused point keeps a debug build quick).
        func rms(_ d: [Float]) -> Float { d.isEmpty ? .nan : (d.map { $0 * $0 }.reduce(0, +) / Float(d.count)).squareRoot() }
        let cloudRMS = rms(stride(from: 0, to: cloud.count, by: 10).map {
            simulation.scene.distanceToNearestSurface(cloud.positions[$0])
        })
        var filtered: [Float] = [], plainMean: [Float] = [], raw: [Float] = []
        for (p, id) in zip(featureCloud.positions, featureCloud.identifiers) {
            guard let truth = simulation.truePosition(ofFeature: id) else { continue }
            let samples = features.samples(of: id)
            filtered.append(p.distance(to: truth))
            if let mean = FeatureSampleFilter.mean(of: samples) { plainMean.append(mean.distance(to: truth)) }
            raw += samples.map { $0.distance(to: truth) }
        }

        var figures: [(file: String, caption: String)] = []
        if let c = pictureColor {
            figures.append((try writePNG(c.image.rgbImage, "camera.png"), "Camera image of frame \(c.frameNumber)"))
        }
        if let d = pictureFrame {
            figures.append((try writePNG(DepthColorMap(maximumDepth: 5).image(of: d.depth), "depth.png"),
                            "Depth of frame \(d.frameNumber), jet colours over 0…5 m (black: no reading)"))
            figures.append((try writePNG(ConfidenceColorMap.image(of: d.confidence), "confidence.png"),
                            "Confidence: low red, medium green, high blue"))
        }
        if let bounds = cloud.bounds {
            var top = TopViewRenderer(bounds: bounds)
            top.plot(cloud.positions, colors: cloud.colors)
            top.polyline(cameraPath, color: RGB8(r: 220, g: 30, b: 30))
            figures.append((try writePNG(top.image, "cloud-top.png"), "Fused cloud from above, camera path in red"))
        }
        let r = pipeline.report
        report.section("Point sources")
        report.paragraph(
            "Depth frames unprojected with the scaled intrinsics, coloured from the camera image, kept from medium "
                + "confidence and fused on a 1 cm voxel grid (voxels with at least 2 samples shown); raw feature "
                + "points filtered per identifier (z-score on the distances to the mean, 2σ, ring of 100 samples).")
        report.figures(figures)
        report.trustedHTML(PointCloudWebView.html(
            cloud: cloud, id: "fused-cloud",
            caption: "The fused cloud in 3D (drag to orbit, shift-drag to pan, wheel to zoom)"))
        report.table(header: ["measure", "value"], rows: [
            ["depth frames fused", "\(r.fusedFrameCount) (\(r.framesWithoutColor) without colour)"],
            ["samples kept", "\(r.samples.keptCount) of \(r.samples.sampleCount)"],
            ["fused points", "\(cloud.count) → cloud.ply"],
            ["fused cloud rms to true surfaces", "\(fmt(cloudRMS * 1000, 1)) mm"],
            ["features", "\(featureCloud.count) → features.ply"],
            ["feature rms to truth: filtered / plain mean / raw samples",
             "\(fmt(rms(filtered) * 1000, 1)) / \(fmt(rms(plainMean) * 1000, 1)) / \(fmt(rms(raw) * 1000, 1)) mm"],
            ["tracking stabilised", stableAt.map { "at frame \($0)" } ?? "no (progress \(fmt(gate.progress * 100, 0)) %)"],
            ["processing speed", "\(fmt(Double(r.depthFrameCount) / max(seconds, 1e-9), 0)) depth frames/s (this build)"],
        ])
        summary.append(
            "point sources: \(cloud.count) fused points, rms \(fmt(cloudRMS * 1000, 1)) mm; \(featureCloud.count) features, "
                + "rms \(fmt(rms(filtered) * 1000, 1)) mm (raw \(fmt(rms(raw) * 1000, 1)) mm)")
    }
}

extension ColorImage {
    /// The image as RGB8.
    var rgbImage: RGBImage {
        switch self {
        case let .ycbcr(i): i.toRGB()
        case let .rgb(i): i
        }
    }
}
