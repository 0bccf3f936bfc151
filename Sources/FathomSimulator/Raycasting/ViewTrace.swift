import Foundation

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
    /// Pixels per side of the tiles whose rays share one list of candidate surfaces.
    static let traceTileSize = 16
    /// Extra angle added to a tile's cone when selecting candidates, radians.
    static let traceTileMargin: Float = 1e-3

    /// Traces one ray per pixel (integer pixel indices) from a pose, up to `maxDistance` metres.
    func trace(worldFromCamera: RigidTransform, intrinsics k: CameraIntrinsics, maxDistance: Float) -> ViewTrace {
        let w = k.width
        let h = k.height
        let n = w * h
        var out = ViewTrace(
            width: w, height: h, distance: [Float](repeating: .infinity, count: n),
            surface: [Int32](repeating: -1, count: n), normal: [SIMD3<Float>](repeating: .zero, count: n),
            direction: [SIMD3<Float>](repeating: .zero, count: n))
        let o = worldFromCamera.translation
        let forward = -worldFromCamera.rotation.columns.2
        // Surfaces entirely behind the camera cannot be hit.
        let inFront = (0..<geometry.count).filter { k in
            let s = boundingSpheres[k]
            return (SIMD3(s.x, s.y, s.z) - o).dot(forward) > -s.w
        }
        // Per tile of pixels, keep the surfaces whose bounding sphere meets the tile's cone of rays.
        let tile = Self.traceTileSize
        var candidates: [Int] = []
        candidates.reserveCapacity(inFront.count)
        for v0 in stride(from: 0, to: h, by: tile) {
            for u0 in stride(from: 0, to: w, by: tile) {
                let u1 = min(w, u0 + tile) - 1
                let v1 = min(h, v0 + tile) - 1
                let center = worldFromCamera.applyToDirection(
                    k.direction(u: Float(u0 + u1) / 2, v: Float(v0 + v1) / 2))
                var cosAlpha: Float = 1
                for (cu, cv) in [(u0, v0), (u1, v0), (u0, v1), (u1, v1)] {
                    cosAlpha = min(
                        cosAlpha, worldFromCamera.applyToDirection(k.direction(u: Float(cu), v: Float(cv))).dot(center))
                }
                let alpha = acosf(max(-1, min(1, cosAlpha))) + Self.traceTileMargin
                candidates.removeAll(keepingCapacity: true)
                for s in inFront {
                    let b = boundingSpheres[s]
                    let toCenter = SIMD3(b.x, b.y, b.z) - o
                    let dist = toCenter.length
                    if dist <= b.w {
                        candidates.append(s)
                        continue
                    }
                    let angle = acosf(max(-1, min(1, toCenter.dot(center) / dist)))
                    if angle <= alpha + asinf(min(1, b.w / dist)) { candidates.append(s) }
                }
                for v in v0...v1 {
                    for u in u0...u1 {
                        let i = v * w + u
                        let d = worldFromCamera.applyToDirection(k.direction(u: Float(u), v: Float(v)))
                        out.direction[i] = d
                        guard
                            let (t, id) = firstHit(
                                origin: o, direction: d, maxDistance: maxDistance,
                                candidates: candidates)
                        else { continue }
                        var nrm = geometry[id].normal(o, d, t: t)
                        if nrm.dot(d) > 0 { nrm = -nrm }
                        out.distance[i] = t
                        out.surface[i] = Int32(id)
                        out.normal[i] = nrm
                    }
                }
            }
        }
        return out
    }
}
