import FathomCore

extension PinholeCamera {
    /// The world-space ray through an *area-normalized* point of this camera's image: 0 and 1 are the
    /// outer edges of the border pixels, so the centre of pixel column `u` is at `(u + 0.5) / width`.
    ///
    /// This is the convention of `Fingertip` and `ImageOrientation`, which makes a point found in a
    /// mask of any resolution (the image stretched to the mask) map to the same place in the camera
    /// image. (FathomCore's `ray(normalized:)` maps 0 to the first pixel's centre instead; the two
    /// differ by half a camera pixel.)
    public func ray(throughAreaNormalized p: SIMD2<Float>) -> Ray {
        ray(u: p.x * Float(intrinsics.width) - 0.5, v: p.y * Float(intrinsics.height) - 0.5)
    }

    /// The area-normalized image point of a world point, or `nil` when it is behind the camera (the
    /// inverse of `ray(throughAreaNormalized:)`; the point may lie outside 0…1).
    public func areaNormalized(of worldPoint: SIMD3<Float>) -> SIMD2<Float>? {
        guard let (pixel, _) = project(worldPoint) else { return nil }
        return (pixel + 0.5) / SIMD2(Float(intrinsics.width), Float(intrinsics.height))
    }
}
