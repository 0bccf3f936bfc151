import FathomCore

/// Finds the fingertip in a hand segmentation mask: the top-most robust hand pixel in the displayed
/// orientation (ARML's rule, made bounds-safe and resolution independent).
///
/// A pixel is a *hand pixel* when its value is at least `FingertipDetector.handThreshold` (128). It is
/// *robust* when it and its four neighbours (left, right, above, below) are hand pixels; pixels on the
/// image border have a neighbour outside the image, which counts as background, so they are never
/// robust. Specks too thin to hold a robust pixel (single pixels, 2-pixel-wide lines, 2×2 blocks) are
/// therefore ignored. With fewer than `configuration.minimumRobustPixelCount` robust pixels in the
/// mask there is no fingertip.
///
/// The fingertip is on the first displayed row (from the top) holding a robust pixel; when that row
/// holds several, it is the middle one (lower median, left to right as displayed).
///
/// - Complexity: O(width × height), one vectorizable pass to count robust pixels plus a scan that
///   stops at the fingertip's row; no allocation.
public struct FingertipDetector: Sendable, Hashable {
    /// The detector's settings.
    public struct Configuration: Sendable, Hashable {
        /// The fewest robust hand pixels a mask must hold to report a fingertip (ARML's 10).
        public var minimumRobustPixelCount: Int
        /// How the mask as stored is turned for display (`.right`: a landscape sensor mask shown on a
        /// portrait screen; `.up`: the mask is already upright).
        public var orientation: ImageOrientation

        /// Creates settings; `minimumRobustPixelCount` below 1 is treated as 1.
        public init(minimumRobustPixelCount: Int = 10, orientation: ImageOrientation = .up) {
            self.minimumRobustPixelCount = max(1, minimumRobustPixelCount)
            self.orientation = orientation
        }
    }

    /// The smallest mask value that marks a hand pixel.
    public static let handThreshold: UInt8 = 128

    /// The settings.
    public var configuration: Configuration

    /// Creates a detector.
    public init(configuration: Configuration = Configuration()) { self.configuration = configuration }

    /// The fingertip in `mask`, or `nil` when the mask holds fewer robust hand pixels than required.
    public func fingertip(in mask: GrayImage) -> Fingertip? {
        let w = mask.width, h = mask.height
        guard w >= 3, h >= 3 else { return nil }
        return mask.pixels.withUnsafeBufferPointer { buffer -> Fingertip? in
            let base = buffer.baseAddress!
            let count = Self.robustCount(base, width: w, height: h)
            guard count >= configuration.minimumRobustPixelCount else { return nil }
            guard let tip = Self.topRobustPixel(base, width: w, height: h, orientation: configuration.orientation)
            else { return nil }
            let stored = SIMD2((Float(tip.x) + 0.5) / Float(w), (Float(tip.y) + 0.5) / Float(h))
            return Fingertip(
                normalized: configuration.orientation.displayedNormalized(fromStored: stored),
                pixel: SIMD2(tip.x, tip.y), robustPixelCount: count)
        }
    }

    /// Whether the pixel at (x, y) is robust; (x, y) must be an interior pixel.
    @inlinable @inline(__always)
    static func isRobust(_ p: UnsafePointer<UInt8>, _ x: Int, _ y: Int, width w: Int) -> Bool {
        let i = y * w + x
        return (p[i] & p[i - 1] & p[i + 1] & p[i - w] & p[i + w]) >= handThreshold
    }

    /// The number of robust pixels. The high bit of a byte is set exactly when it is ≥ 128, so the AND
    /// of the five bytes has it set exactly when all five are hand pixels.
    @inlinable
    static func robustCount(_ p: UnsafePointer<UInt8>, width w: Int, height h: Int) -> Int {
        var total = 0
        for y in 1..<(h - 1) {
            let row = p + y * w, up = row - w, down = row + w
            var rowCount: UInt32 = 0
            for x in 1..<(w - 1) {
                rowCount &+= UInt32((row[x] & row[x - 1] & row[x + 1] & up[x] & down[x]) >> 7)
            }
            total += Int(rowCount)
        }
        return total
    }

    /// The stored pixel of the fingertip: the median robust pixel of the first displayed line holding
    /// one, or `nil` when there is no robust pixel.
    @inlinable
    static func topRobustPixel(
        _ p: UnsafePointer<UInt8>, width w: Int, height h: Int, orientation: ImageOrientation
    ) -> (x: Int, y: Int)? {
        let size = orientation.displayedSize(width: w, height: h)
        // Displayed rows 0 and last, and displayed columns 0 and last, are border pixels: skip them.
        for yd in 1..<(size.height - 1) {
            var count = 0
            for xd in 1..<(size.width - 1) {
                let s = orientation.storedPixel(displayedX: xd, y: yd, width: w, height: h)
                if isRobust(p, s.x, s.y, width: w) { count += 1 }
            }
            guard count > 0 else { continue }
            var wanted = (count - 1) / 2
            for xd in 1..<(size.width - 1) {
                let s = orientation.storedPixel(displayedX: xd, y: yd, width: w, height: h)
                if isRobust(p, s.x, s.y, width: w) {
                    if wanted == 0 { return s }
                    wanted -= 1
                }
            }
        }
        return nil
    }
}
