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
        let trace = scene.trace(
            worldFromCamera: worldFromCamera, intrinsics: configuration.imageIntrinsics,
            maxDistance: Self.maximumDistance)
        return renderRGB(trace: trace, worldFromCamera: worldFromCamera, frameNumber: frameNumber, seed: seed)
    }

    /// The RGB image shaded from an existing trace with the image intrinsics.
    func renderRGB(trace: ViewTrace, worldFromCamera: RigidTransform, frameNumber: Int, seed: UInt64) -> RGBImage {
        var g = FrameSeed.generator(seed: seed, frameNumber: frameNumber, stream: .image)
        var image = RGBImage(width: trace.width, height: trace.height, repeating: .black)
        let o = worldFromCamera.translation
        for i in 0..<(trace.width * trace.height) {
            var c = Self.skyColor
            let id = Int(trace.surface[i])
            if id >= 0 {
                let d = trace.direction[i]
                let n = trace.normal[i]
                let p = o + d * trace.distance[i]
                // Both faces of thin surfaces are lit alike: the normal faces the camera.
                let lambert = max(0, n.dot(Self.lightDirection)) * 0.45 + max(0, -n.dot(d)) * 0.2
                c = scene.materials[id].albedo(at: p) * (Self.ambient + lambert)
            }
            let noise = Float(Int64(bitPattern: g.next()) >> 40) * 0x1p-23 * Self.pixelNoise
            image.pixels[i] = RGB8(unit: c + noise)
        }
        return image
    }

    /// The camera image from an existing trace.
    func render(trace: ViewTrace, worldFromCamera: RigidTransform, frameNumber: Int, timestamp: Double, seed: UInt64)
        -> ColorFrame
    {
        let rgb = renderRGB(trace: trace, worldFromCamera: worldFromCamera, frameNumber: frameNumber, seed: seed)
        return ColorFrame(frameNumber: frameNumber, timestamp: timestamp, image: .ycbcr(YCbCrImage(rgb: rgb)!))
    }

    /// The camera image as a YCbCr 4:2:0 colour frame.
    public func render(worldFromCamera: RigidTransform, frameNumber: Int, timestamp: Double, seed: UInt64) -> ColorFrame
    {
        let rgb = renderRGB(worldFromCamera: worldFromCamera, frameNumber: frameNumber, seed: seed)
        // Image sizes are validated even and positive, so the conversion cannot fail.
        let ycbcr = YCbCrImage(rgb: rgb)!
        return ColorFrame(frameNumber: frameNumber, timestamp: timestamp, image: .ycbcr(ycbcr))
    }
}
