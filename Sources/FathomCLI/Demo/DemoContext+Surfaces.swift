import Fathom
import Foundation

extension DemoContext {
    /// One object of the demo scene to find: its name in the scene, the type asked for, the seed radius a
    /// user would pinch, and the point of its true surface to aim the probe at.
    struct SurfaceTarget {
        let name: String
        let type: SurfaceType
        let seedRadius: Float
        /// The point to aim at, or `nil` to probe near the bottom of the screen (for the floor).
        let aim: SIMD3<Float>?
        let truth: PrimitiveTruth
        /// The simulator's id of the surface.
        let surfaceID: Int
    }

    /// Probe radius on the screen, pixels at the full 1920×1440 image (as the feature-point demo's).
    static let probeRadiusPixels: Float = 24
    /// The sensor's a-priori accuracy given to the finder, metres (LiDAR at room range).
    static let lidarAccuracy: Float = 0.005
    /// Timed calls per object, for the median time per call.
    static let timedCalls = 3

    /// Finds the floor, the ball, the pipe, the cone and the ring in the fused cloud, each from a seed
    /// picked with a screen probe in a frame that sees it, and compares them with the ground truth.
    mutating func findSurfaces() throws {
        guard let cloud = fusedCloud, let simulation, let package, !cloud.isEmpty else { return }
        let t0 = Date()
        let finder = try SurfaceFinder(cloud: cloud)
        let buildSeconds = Date().timeIntervalSince(t0)
        let targets = Self.surfaceTargets(simulation.scene)
        var rows: [[String]] = []
        var top = TopViewRenderer(bounds: cloud.bounds ?? simulation.scene.bounds)
        top.plot(cloud.positions, colors: cloud.colors.map { c in
            RGB8(r: c.r / 3 + 150, g: c.g / 3 + 150, b: c.b / 3 + 150)
        })
        let palette = [RGB8(r: 40, g: 110, b: 230), RGB8(r: 240, g: 120, b: 0), RGB8(r: 30, g: 170, b: 60),
                       RGB8(r: 200, g: 30, b: 160), RGB8(r: 220, g: 30, b: 30)]
        var foundCount = 0
        for (k, target) in targets.enumerated() {
            guard let (camera, seed) = pickSeed(for: target, finder: finder, frames: package.cameraFrames,
                                                scene: simulation.scene)
            else {
                rows.append([target.name, target.type.rawValue, "no view", "", "", "", ""])
                continue
            }
            let search = SurfaceSearch(
                type: target.type, seed: .index(seed.index), seedRadius: target.seedRadius,
                accuracy: Self.lidarAccuracy, conversions: [], viewpoint: camera.position)
            var times: [Double] = []
            var result = SurfaceSearchResult.notFound(.noCandidate)
            for _ in 0..<Self.timedCalls {
                let s = Date()
                result = try finder.find(search)
                times.append(Date().timeIntervalSince(s) * 1000)
            }
            times.sort()
            guard let surface = result.surface else {
                rows.append([target.name, target.type.rawValue, "not found: \(result.reason.map { "\($0)" } ?? "")",
                             "", "", "", fmt(times[times.count / 2], 2)])
                continue
            }
            foundCount += 1
            top.plot(surface.fit.inlierIndices.map { cloud.positions[$0] },
                     colors: Array(repeating: palette[k % palette.count], count: surface.fit.inlierCount))
            let (measured, error) = Self.compare(surface, with: target.truth)
            rows.append([target.name, surface.type.rawValue, "\(surface.fit.inlierCount)",
                         fmt(surface.fit.rms * 1000, 1), measured, error, fmt(times[times.count / 2], 2)])
        }
        #if DEBUG
            let build = "debug build: run `swift run -c release fathom demo` or fathom-bench for release timings"
        #else
            let build = "release build"
        #endif
        report.section("Surface finder")
        report.paragraph(
            "Each object was picked as a user would: a \(Int(Self.probeRadiusPixels)) px probe at the object's spot on "
                + "the screen of a frame that sees it chooses the seed point; the finder then grows and fits the "
                + "requested primitive by orthogonal distance (accuracy \(fmt(Self.lidarAccuracy * 1000, 0)) mm). "
                + "Index built once in \(fmt(buildSeconds * 1000, 1)) ms for \(cloud.count) points (\(build)).")
        report.figures([(try writePNG(top.image, "surfaces.png"), "Inliers of each found surface, from above")])
        report.table(
            header: ["object", "type", "inliers", "rms (mm)", "found", "error vs truth", "ms per call"], rows: rows)
        summary.append("surface finder: \(foundCount) of \(targets.count) objects found in \(cloud.count) points")
    }

    /// The demo scene's objects with the ground truth to compare against.
    static func surfaceTargets(_ scene: SimulatedScene) -> [SurfaceTarget] {
        var targets: [SurfaceTarget] = []
        if let floor = scene.surfaces.first(where: { $0.kind == .floor }), case .plane = floor.primitive {
            targets.append(SurfaceTarget(name: "floor", type: .plane, seedRadius: 0.4, aim: nil,
                                         truth: floor.primitive, surfaceID: floor.id))
        }
        for s in scene.surfaces where s.objectIndex != nil {
            switch s.primitive {
            case let .sphere(c, r):
                targets.append(SurfaceTarget(name: s.name, type: .sphere, seedRadius: r, aim: c, truth: s.primitive,
                                             surfaceID: s.id))
            case let .cylinder(base, axis, r, h, _):
                targets.append(SurfaceTarget(name: s.name, type: .cylinder, seedRadius: 3 * r,
                                             aim: base + axis * (h / 2), truth: s.primitive, surfaceID: s.id))
            case let .cone(base, axis, r0, _, h, _):
                targets.append(SurfaceTarget(name: s.name, type: .cone, seedRadius: r0,
                                             aim: base + axis * (h * 0.3), truth: s.primitive, surfaceID: s.id))
            case let .torus(c, axis, big, small):
                let side = axis.anyPerpendicular
                targets.append(SurfaceTarget(name: s.name, type: .torus, seedRadius: big,
                                             aim: c + side * big + axis * small, truth: s.primitive, surfaceID: s.id))
            default: continue
            }
        }
        return targets
    }

    /// Picks a seed for `target` with the screen probe, in a frame whose probe ray hits the target's true
    /// surface within 4 m: for an aim point, the view that has it nearest the image centre; for the floor,
    /// the nearest view of it low in the picture.
    func pickSeed(for target: SurfaceTarget, finder: SurfaceFinder, frames: [CameraFrame], scene: SimulatedScene)
        -> (PinholeCamera, PickedSeed)?
    {
        var best: (score: Float, camera: PinholeCamera, pixel: SIMD2<Float>)?
        for frame in frames where frame.trackingState.isNormal {
            guard let camera = frame.camera else { continue }
            let size = SIMD2(Float(camera.intrinsics.width), Float(camera.intrinsics.height))
            // Where on the screen to probe: the aim point's projection, or low in the picture.
            let pixel: SIMD2<Float>
            if let aim = target.aim {
                guard let p = camera.project(aim), p.depth > 0.5, p.depth < 4 else { continue }
                pixel = p.pixel
            } else {
                pixel = SIMD2(size.x / 2, size.y * 0.9)
            }
            guard pixel.x >= 0, pixel.y >= 0, pixel.x < size.x, pixel.y < size.y,
                let hit = scene.raycast(camera.ray(u: pixel.x, v: pixel.y)), hit.surfaceID == target.surfaceID,
                hit.distance < 4
            else { continue }
            let offset = pixel - size / 2
            // Prefer views near the image centre (objects) or the nearest view (the floor).
            let score = target.aim == nil ? hit.distance : (offset * offset).sum()
            if best == nil || score < best!.score { best = (score, camera, pixel) }
        }
        guard let best,
            let seed = finder.pickSeed(
                camera: best.camera, probe: SeedProbe(screenPoint: best.pixel, probeRadius: Self.probeRadiusPixels))
        else { return nil }
        return (best.camera, seed)
    }

    /// What was found and its error against the truth, as text.
    static func compare(_ surface: FoundSurface, with truth: PrimitiveTruth) -> (String, String) {
        func deg(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
            acos(min(1, abs(a.dot(b)) / max(a.length * b.length, 1e-12))) * 180 / .pi
        }
        switch (surface, truth) {
        case let (.plane(p), .plane(t)):
            return ("normal (\(fmt(p.normal.x, 2)), \(fmt(p.normal.y, 2)), \(fmt(p.normal.z, 2)))",
                    "normal \(fmt(deg(p.normal, t.normal), 2))°, offset \(fmt(abs(t.signedDistance(to: p.center)) * 1000, 1)) mm")
        case let (.sphere(s), .sphere(c, r)):
            return ("r = \(fmt(s.radius * 1000, 1)) mm",
                    "radius \(fmt((s.radius - r) / r * 100, 2))%, centre \(fmt(s.center.distance(to: c) * 1000, 1)) mm")
        case let (.cylinder(s), .cylinder(_, axis, r, _, _)):
            return ("r = \(fmt(s.radius * 1000, 1)) mm",
                    "radius \(fmt((s.radius - r) / r * 100, 2))%, axis \(fmt(deg(s.axis, axis), 2))°")
        case let (.cone(s), .cone):
            guard let (apex, half) = truth.coneApexAndHalfAngle else { return ("", "") }
            return ("half-angle \(fmt(s.halfAngleDegrees, 2))°",
                    "half-angle \(fmt((s.halfAngle - half) * 180 / .pi, 2))°, apex \(fmt(s.apex.distance(to: apex) * 1000, 1)) mm")
        case let (.torus(s), .torus(c, axis, big, small)):
            return ("R = \(fmt(s.meanRadius * 1000, 1)), r = \(fmt(s.tubeRadius * 1000, 1)) mm",
                    "R \(fmt((s.meanRadius - big) / big * 100, 2))%, r \(fmt((s.tubeRadius - small) / small * 100, 2))%, "
                        + "axis \(fmt(deg(s.axis, axis), 2))°, centre \(fmt(s.center.distance(to: c) * 1000, 1)) mm")
        default:
            return ("\(surface.type.rawValue)", "type differs from the truth")
        }
    }
}
