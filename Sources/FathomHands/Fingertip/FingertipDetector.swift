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
/// - Complexity: O(width × height): one vectorizable pass counts the robust pixels and finds the rows
///   and columns they span, then one displayed line is scanned for the median; no allocation.
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
            let extent = Self.robustExtent(base, width: w, height: h)
            guard extent.count >= configuration.minimumRobustPixelCount, extent.count > 0 else { return nil }
            let tip = Self.medianRobustPixel(base, width: w, height: h, extent: extent,
                                             orientation: configuration.orientation)
            let stored = SIMD2((Float(tip.x) + 0.5) / Float(w), (Float(tip.y) + 0.5) / Float(h))
            return Fingertip(
                normalized: configuration.orientation.displayedNormalized(fromStored: stored),
                pixel: SIMD2(tip.x, tip.y), robustPixelCount: extent.count)
        }
    }

    /// The number of robust hand pixels in `mask` (0 for masks narrower or shorter than 3 pixels);
    /// `fingertip(in:)` requires at least `configuration.minimumRobustPixelCount` of them.
    public func robustPixelCount(in mask: GrayImage) -> Int {
        guard mask.width >= 3, mask.height >= 3 else { return 0 }
        return mask.pixels.withUnsafeBufferPointer {
            Self.robustExtent($0.baseAddress!, width: mask.width, height: mask.height).count
        }
    }

    /// Whether the pixel at (x, y) is robust; (x, y) must be an interior pixel.
    @inlinable @inline(__always)
    static func isRobust(_ p: UnsafePointer<UInt8>, _ x: Int, _ y: Int, width w: Int) -> Bool {
        let i = y * w + x
        return (p[i] & p[i - 1] & p[i + 1] & p[i - w] & p[i + w]) >= handThreshold
    }

    /// The robust pixels' count and the stored rows and columns they span (`minX…maxX`,
    /// `minY…maxY`; meaningless when `count` is 0).
    @usableFromInline
    struct RobustExtent {
        @usableFromInline var count = 0
        @usableFromInline var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        @usableFromInline init() {}
    }

    /// The robust byte of pixel `x` of a row: the high bit of a byte is set exactly when it is ≥ 128, so
    /// the AND of the pixel and its four neighbours has it set exactly when all five are hand pixels.
    @inlinable @inline(__always)
    static func robustBit(_ row: UnsafePointer<UInt8>, _ x: Int, width w: Int) -> UInt8 {
        (row[x] & row[x - 1] & row[x + 1] & row[x - w] & row[x + w]) >> 7
    }

    /// Counts the robust pixels row by row (a vectorizable loop) and, for rows holding any, finds the
    /// first and last robust column.
    @inlinable
    static func robustExtent(_ p: UnsafePointer<UInt8>, width w: Int, height h: Int) -> RobustExtent {
        var e = RobustExtent()
        for y in 1..<(h - 1) {
            let row = p + y * w, up = row - w, down = row + w
            var rowCount: UInt32 = 0
            for x in 1..<(w - 1) {
                rowCount &+= UInt32((row[x] & row[x - 1] & row[x + 1] & up[x] & down[x]) >> 7)
            }
            guard rowCount > 0 else { continue }
            e.count += Int(rowCount)
            e.minY = min(e.minY, y)
            e.maxY = y
            var first = 1
            while robustBit(row, first, width: w) == 0 { first += 1 }
            var last = w - 2
            while robustBit(row, last, width: w) == 0 { last -= 1 }
            e.minX = min(e.minX, first)
            e.maxX = max(e.maxX, last)
        }
        return e
    }

    /// The fingertip's stored pixel: on the first displayed line holding a robust pixel (a stored row
    /// or column, found from the extent), the lower-median robust pixel in displayed left-to-right
    /// order. There must be at least one robust pixel.
    @inlinable
    static func medianRobustPixel(
        _ p: UnsafePointer<UInt8>, width w: Int, height h: Int, extent e: RobustExtent,
        orientation: ImageOrientation
    ) -> (x: Int, y: Int) {
        // The displayed top line as a stored start pixel and a stored step for displayed x + 1.
        let start: (x: Int, y: Int), step: (x: Int, y: Int), length: Int
        switch orientation {
        case .up: (start, step, length) = ((0, e.minY), (1, 0), w)
        case .down: (start, step, length) = ((w - 1, e.maxY), (-1, 0), w)
        case .right: (start, step, length) = ((e.minX, h - 1), (0, -1), h)
        case .left: (start, step, length) = ((e.maxX, 0), (0, 1), h)
        }
        var count = 0
        for k in 1..<(length - 1) where isRobust(p, start.x + step.x * k, start.y + step.y * k, width: w) {
            count += 1
        }
        var wanted = (count - 1) / 2
        for k in 1..<(length - 1) {
            let x = start.x + step.x * k, y = start.y + step.y * k
            if isRobust(p, x, y, width: w) {
                if wanted == 0 { return (x, y) }
                wanted -= 1
            }
        }
        preconditionFailure("the extent's line holds no robust pixel")
    }
}
