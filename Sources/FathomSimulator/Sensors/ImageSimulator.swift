/// Renders the camera image: Lambertian shading of each surface's textured albedo under a fixed
/// overhead light plus ambient, sky colour where nothing is hit, converted to YCbCr 4:2:0.
public struct ImageSimulator: Sendable {
    /// The scene.
    public let scene: SimulatedScene
    /// The sensor model (image size and intrinsics).
    public let configuration: SensorConfiguration

    /// Direction towards the light, world (unit).
    public static let lightDirection = SIMD3<Float>(0.3, 0.9, 0.3) / SIMD3<Float>(0.3, 0.9, 0.3).length
    /// Ambient light fraction.
    public static let ambient: Float = 0.35
    /// Colour where rays meet nothing (through windows), linear RGB.
    public static let skyColor = SIMD3<Float>(0.62, 0.76, 0.95)
    /// Rays are traced this far, metres.
    public static let maximumDistance: Float = 50
    /// Per-pixel sensor noise σ, in 0…1 units.
    public static let pixelNoise: Float = 0.01

    /// Creates an image simulator.
    public init(scene: SimulatedScene, configuration: SensorConfiguration) {
        self.scene = scene
        self.configuration = configuration
    }

    /// The RGB image seen from a true pose (noise from `(seed, frameNumber)`).
    public func renderRGB(worldFromCamera: RigidTransform, frameNumber: Int, seed: UInt64) -> RGBImage {
        let k = configuration.imageIntrinsics
        var g = FrameSeed.generator(seed: seed, frameNumber: frameNumber, stream: .image)
        var image = RGBImage(width: k.width, height: k.height, repeating: .black)
        let o = worldFromCamera.translation
        for v in 0..<k.height {
            for u in 0..<k.width {
                let d = worldFromCamera.applyToDirection(k.direction(u: Float(u), v: Float(v)))
                var c = Self.skyColor
                if let hit = scene.raycast(Ray(unchecked: o, direction: d), maxDistance: Self.maximumDistance) {
                    // Both faces of thin surfaces are lit alike: use the normal facing the camera.
                    let lambert = max(0, hit.normal.dot(Self.lightDirection)) * 0.45 + max(0, -hit.normal.dot(d)) * 0.2
                    c = hit.albedo * (Self.ambient + lambert)
                }
                let noise = Float.random(in: -1...1, using: &g) * Self.pixelNoise
                image.pixels[v * k.width + u] = RGB8(unit: c + noise)
            }
        }
        return image
    }

    /// The camera image as a YCbCr 4:2:0 colour frame.
    public func render(worldFromCamera: RigidTransform, frameNumber: Int, timestamp: Double, seed: UInt64) -> ColorFrame {
        let rgb = renderRGB(worldFromCamera: worldFromCamera, frameNumber: frameNumber, seed: seed)
        // Image sizes are validated even and positive, so the conversion cannot fail.
        let ycbcr = YCbCrImage(rgb: rgb)!
        return ColorFrame(frameNumber: frameNumber, timestamp: timestamp, image: .ycbcr(ycbcr))
    }
}
