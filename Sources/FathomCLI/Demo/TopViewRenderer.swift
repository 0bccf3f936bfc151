import Fathom

/// Draws point clouds and paths seen from above (world −Y), orthographic, for reports.
///
/// World x maps to the picture's right and world z to the picture's bottom, so a plan reads as
/// usual with −Z (ARKit's initial forward) at the top.
struct TopViewRenderer {
    /// The world region shown (x, z), metres.
    let minX: Float, minZ: Float, maxX: Float, maxZ: Float
    /// Picture size, pixels.
    let width: Int, height: Int
    /// The picture.
    private(set) var image: RGBImage

    /// A renderer framing `bounds` with a margin, at most `maxSize` pixels on the long side.
    init(bounds: BoundingBox, maxSize: Int = 600, margin: Float = 0.3) {
        minX = bounds.min.x - margin
        maxX = bounds.max.x + margin
        minZ = bounds.min.z - margin
        maxZ = bounds.max.z + margin
        let aspect = (maxX - minX) / max(maxZ - minZ, 1e-3)
        if aspect >= 1 {
            width = maxSize
            height = max(1, Int(Float(maxSize) / aspect))
        } else {
            height = maxSize
            width = max(1, Int(Float(maxSize) * aspect))
        }
        image = RGBImage(width: width, height: height, repeating: RGB8(r: 250, g: 250, b: 250))
    }

    /// The pixel of a world point.
    func pixel(_ p: SIMD3<Float>) -> (x: Int, y: Int) {
        (Int((p.x - minX) / (maxX - minX) * Float(width)), Int((p.z - minZ) / (maxZ - minZ) * Float(height)))
    }

    /// Plots points, higher points drawn over lower ones, coloured by `color` (or by height).
    mutating func plot(_ points: [SIMD3<Float>], colors: [RGB8] = [], heightRange: ClosedRange<Float>? = nil) {
        let order = points.indices.sorted { points[$0].y < points[$1].y }
        let lo = heightRange?.lowerBound ?? (points.map(\.y).min() ?? 0)
        let hi = heightRange?.upperBound ?? (points.map(\.y).max() ?? 1)
        for i in order {
            let p = points[i]
            guard p.isFinite else { continue }
            let (x, y) = pixel(p)
            guard image.contains(x: x, y: y) else { continue }
            if !colors.isEmpty {
                image[x, y] = colors[i]
            } else {
                let t = (p.y - lo) / max(hi - lo, 1e-6)
                image[x, y] = RGB8(unit: SIMD3(0.15 + 0.7 * t, 0.35 + 0.3 * (1 - t), 0.9 - 0.6 * t))
            }
        }
    }

    /// Draws a polyline through world points.
    mutating func polyline(_ points: [SIMD3<Float>], color: RGB8) {
        for (a, b) in zip(points, points.dropFirst()) { line(from: pixel(a), to: pixel(b), color: color) }
    }

    /// Draws a filled square marker of `radius` pixels at a world point.
    mutating func marker(_ p: SIMD3<Float>, color: RGB8, radius: Int = 3) {
        let (cx, cy) = pixel(p)
        for y in (cy - radius)...(cy + radius) {
            for x in (cx - radius)...(cx + radius) where image.contains(x: x, y: y) { image[x, y] = color }
        }
    }

    /// Bresenham line between two pixels, clipped to the picture.
    mutating func line(from a: (x: Int, y: Int), to b: (x: Int, y: Int), color: RGB8) {
        var x = a.x, y = a.y
        let dx = abs(b.x - a.x), dy = -abs(b.y - a.y), sx = a.x < b.x ? 1 : -1, sy = a.y < b.y ? 1 : -1
        var err = dx + dy
        var steps = 0
        while steps <= 100_000 {
            if image.contains(x: x, y: y) { image[x, y] = color }
            if x == b.x && y == b.y { break }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x += sx }
            if e2 <= dx { err += dx; y += sy }
            steps += 1
        }
    }
}
