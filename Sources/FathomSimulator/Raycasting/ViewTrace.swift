/// The first hits of every pixel ray of a pinhole view, shared by the depth and image renderers.
struct ViewTrace: Sendable {
    let width: Int
    let height: Int
    /// Distance along each pixel's unit ray, metres; `.infinity` where nothing is hit.
    var distance: [Float]
    /// Surface hit per pixel; −1 where nothing is hit.
    var surface: [Int32]
    /// Unit normal per pixel, facing the ray (zero where nothing is hit).
    var normal: [SIMD3<Float>]
    /// Unit ray direction per pixel, world.
    var direction: [SIMD3<Float>]
}

extension SimulatedScene {
    /// Traces one ray per pixel (integer pixel indices) from a pose, up to `maxDistance` metres.
    func trace(worldFromCamera: RigidTransform, intrinsics k: CameraIntrinsics, maxDistance: Float) -> ViewTrace {
        let w = k.width, h = k.height, n = w * h
        var out = ViewTrace(width: w, height: h, distance: [Float](repeating: .infinity, count: n),
                            surface: [Int32](repeating: -1, count: n), normal: [SIMD3<Float>](repeating: .zero, count: n),
                            direction: [SIMD3<Float>](repeating: .zero, count: n))
        let o = worldFromCamera.translation
        let forward = -worldFromCamera.rotation.columns.2
        // Surfaces entirely behind the camera cannot be hit.
        let candidates = (0..<geometry.count).filter { k in
            let s = boundingSpheres[k]
            return (SIMD3(s.x, s.y, s.z) - o).dot(forward) > -s.w
        }
        for v in 0..<h {
            for u in 0..<w {
                let i = v * w + u
                let d = worldFromCamera.applyToDirection(k.direction(u: Float(u), v: Float(v)))
                out.direction[i] = d
                guard let (t, id) = firstHit(origin: o, direction: d, maxDistance: maxDistance, candidates: candidates)
                else { continue }
                var nrm = geometry[id].normal(o, d, t: t)
                if nrm.dot(d) > 0 { nrm = -nrm }
                out.distance[i] = t
                out.surface[i] = Int32(id)
                out.normal[i] = nrm
            }
        }
        return out
    }

    /// `firstHit` restricted to the surfaces in `candidates`.
    @inline(__always)
    func firstHit(origin o: SIMD3<Float>, direction d: SIMD3<Float>, maxDistance: Float, candidates: [Int]) -> (Float, Int)? {
        var best = maxDistance
        var bestID = -1
        let tMin = Self.minimumHitDistance
        for k in candidates {
            let s = boundingSpheres[k]
            let oc = SIMD3(s.x, s.y, s.z) - o
            let tca = oc.dot(d)
            let d2 = oc.dot(oc) - tca * tca
            let r2 = s.w * s.w
            if d2 > r2 { continue }
            let thc = (r2 - d2).squareRoot()
            if tca - thc >= best || tca + thc <= tMin { continue }
            if let t = geometry[k].intersect(o, d, tMin: tMin, tMax: best) {
                best = t
                bestID = k
            }
        }
        return bestID >= 0 ? (best, bestID) : nil
    }
}
