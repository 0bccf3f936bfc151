import FathomCore

extension SurfaceFinder {
    /// Picks a seed among the cloud points whose projections fall within the probe circle.
    ///
    /// Marches along the screen point's ray through the spatial index, querying balls that cover the
    /// probe cone, so the cost grows with the points near the ray, not with the cloud.
    /// - Returns: the seed, or `nil` when no point is inside the probe (or the probe is invalid).
    public func pickSeed(camera: PinholeCamera, probe: SeedProbe) -> PickedSeed? {
        guard probe.probeRadius > 0, probe.probeRadius.isFinite, probe.screenPoint.x.isFinite,
              probe.screenPoint.y.isFinite, probe.maximumDepth > probe.minimumDepth, probe.minimumDepth >= 0
        else { return nil }
        let ray = camera.ray(u: probe.screenPoint.x, v: probe.screenPoint.y)
        let intrinsics = camera.intrinsics
        // The probe's angular radius, conservatively (off-axis pixels subtend smaller angles).
        let tangent = probe.probeRadius / min(intrinsics.fx, intrinsics.fy)
        let cameraFromWorld = camera.worldFromCamera.inverse
        let radius2 = probe.probeRadius * probe.probeRadius
        var best: PickedSeed?
        var bestKey = Float.infinity
        var t = probe.minimumDepth
        let minimumStep = index.cellSize / 2
        while t < probe.maximumDepth {
            let step = max(t * tangent, minimumStep)
            let farRadius = (t + step) * tangent
            let center = ray.point(at: t + step / 2)
            let queryRadius = (farRadius * farRadius + step * step / 4).squareRoot()
            index.forEachNeighbor(of: center, radius: queryRadius) { i, _ in
                let p = positions[i]
                guard let (pixel, depth) = intrinsics.project(cameraFromWorld.apply(to: p)) else { return }
                let d = pixel - probe.screenPoint
                let pixel2 = (d * d).sum()
                guard pixel2 <= radius2 else { return }
                let distance = p.distance(to: ray.origin)
                guard distance >= probe.minimumDepth, distance <= probe.maximumDepth else { return }
                let key: Float = probe.rule == .nearestToCamera ? distance : pixel2
                if key < bestKey || (key == bestKey && i < (best?.index ?? .max)) {
                    bestKey = key
                    let halfHeight = depth * Float(intrinsics.height) / (2 * intrinsics.fy)
                    best = PickedSeed(
                        index: i, position: p, depth: depth, seedRadius: probe.circleFraction * halfHeight,
                        pixelDistance: pixel2.squareRoot())
                }
            }
            // Nearest to the camera: nothing farther along the ray can win any more.
            if probe.rule == .nearestToCamera, best != nil, t - queryRadius > bestKey { break }
            t += step
        }
        return best
    }
}
