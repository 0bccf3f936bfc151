/// Pinhole intrinsics for an image of a given resolution, pixels.
///
/// Conventions are ARKit's and the scan package spec's: pixel (u, v) with u to the right and v down,
/// (0, 0) the top-left pixel, no half-pixel offset; camera space +X right, +Y up, looking along −Z.
/// A depth `d` at pixel (u, v) lies at `((u − cx)·d/fx, −(v − cy)·d/fy, −d)`.
public struct CameraIntrinsics: Hashable, Sendable, Codable {
    /// Focal length along x, pixels.
    public var fx: Float
    /// Focal length along y, pixels.
    public var fy: Float
    /// Principal point x, pixels.
    public var cx: Float
    /// Principal point y, pixels.
    public var cy: Float
    /// Width of the image these intrinsics describe, pixels.
    public var width: Int
    /// Height of the image these intrinsics describe, pixels.
    public var height: Int

    /// Creates intrinsics; `nil` when a focal length is not positive, a value is not finite, or the
    /// resolution is not positive.
    public init?(fx: Float, fy: Float, cx: Float, cy: Float, width: Int, height: Int) {
        guard fx > 0, fy > 0, fx.isFinite, fy.isFinite, cx.isFinite, cy.isFinite, width > 0, height > 0 else {
            return nil
        }
        self.init(unchecked: fx, fy: fy, cx: cx, cy: cy, width: width, height: height)
    }

    /// Creates intrinsics without validation.
    public init(unchecked fx: Float, fy: Float, cx: Float, cy: Float, width: Int, height: Int) {
        self.fx = fx
        self.fy = fy
        self.cx = cx
        self.cy = cy
        self.width = width
        self.height = height
    }

    /// Creates intrinsics from a column-major 3×3 matrix (ARKit's `camera.intrinsics`, as stored in
    /// `arkitData.json`) and the image resolution it applies to.
    public init?(columnMajor m: [Float], width: Int, height: Int) {
        guard m.count == 9 else { return nil }
        self.init(fx: m[0], fy: m[4], cx: m[6], cy: m[7], width: width, height: height)
    }

    /// The column-major 3×3 matrix `[fx 0 0, 0 fy 0, cx cy 1]`.
    public var columnMajor: [Float] { [fx, 0, 0, 0, fy, 0, cx, cy, 1] }

    /// Intrinsics for the same camera at another resolution: fx and cx scale by the width ratio, fy and cy
    /// by the height ratio (how a 1920×1440 image's intrinsics apply to a 256×192 depth map).
    public func scaled(toWidth newWidth: Int, height newHeight: Int) -> CameraIntrinsics {
        let sx = Float(newWidth) / Float(width), sy = Float(newHeight) / Float(height)
        return CameraIntrinsics(
            unchecked: fx * sx, fy: fy * sy, cx: cx * sx, cy: cy * sy, width: newWidth, height: newHeight)
    }

    /// The camera-space point at pixel (u, v) with depth `depth` (metres along −Z).
    @inlinable @inline(__always)
    public func unproject(u: Float, v: Float, depth: Float) -> SIMD3<Float> {
        SIMD3((u - cx) * depth / fx, -(v - cy) * depth / fy, -depth)
    }

    /// The pixel (u, v) and depth of a camera-space point, or `nil` when the point is not in front of
    /// the camera (z ≥ 0). The pixel may lie outside the image.
    @inlinable
    public func project(_ cameraPoint: SIMD3<Float>) -> (pixel: SIMD2<Float>, depth: Float)? {
        let d = -cameraPoint.z
        guard d > 0 else { return nil }
        return (SIMD2(cameraPoint.x * fx / d + cx, -cameraPoint.y * fy / d + cy), d)
    }

    /// The unit direction in camera space through pixel (u, v).
    @inlinable
    public func direction(u: Float, v: Float) -> SIMD3<Float> {
        let d = SIMD3((u - cx) / fx, -(v - cy) / fy, -1)
        return d / d.length
    }

    /// Vertical field of view, radians.
    public var verticalFieldOfView: Float { 2 * atanf(Float(height) / (2 * fy)) }

    /// Typical intrinsics of an iPhone Pro's wide camera at 1920×1440 (fx = fy = 1450 px), the
    /// simulator's default.
    public static let iPhoneWide1920x1440 = CameraIntrinsics(
        unchecked: 1450, fy: 1450, cx: 959.5, cy: 719.5, width: 1920, height: 1440)
}

import Foundation
