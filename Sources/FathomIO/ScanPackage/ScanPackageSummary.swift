import FathomCore
import Foundation

/// What a scan package holds, in numbers: what `fathom info` prints.
public struct ScanPackageSummary: Sendable, Equatable, CustomStringConvertible {
    /// The package's location as opened.
    public var path: String
    /// The capture settings.
    public var config: ScanConfig
    /// The first frame's timestamp, seconds (the origin of the times printed), when there are frames.
    public var startTimestamp: Double?
    /// Time from the first to the last frame, seconds.
    public var duration: Double
    /// The number of camera frames.
    public var frameCount: Int
    /// The number of frames whose tracking state is not `normal`.
    public var nonNormalTrackingFrameCount: Int
    /// The number of usable depth records.
    public var depthFrameCount: Int
    /// Depth map width, pixels (0 without depth).
    public var depthWidth: Int
    /// Depth map height, pixels (0 without depth).
    public var depthHeight: Int
    /// The number of usable colour records.
    public var colorFrameCount: Int
    /// Colour image width, pixels (0 without colour).
    public var colorWidth: Int
    /// Colour image height, pixels (0 without colour).
    public var colorHeight: Int
    /// The colour stream's pixel format, when there is one.
    public var colorPixelFormat: ColorPixelFormat?
    /// The number of usable feature-point records.
    public var featurePointFrameCount: Int
    /// The total number of feature points.
    public var featurePointCount: Int
    /// The streams' file lengths, bytes (0 for a stream that is absent).
    public var streamByteCounts: [ScanStreamKind: Int]
    /// The labels.
    public var labels: [ScanLabel]
    /// The azimuth, degrees clockwise from true north, when recorded.
    public var trueNorthDegrees: Double?
    /// Event counts by code.
    public var eventsByCode: [Int: Int]
    /// Everything reported while opening the package.
    public var warnings: [String]

    /// The summary of an opened package.
    public init(_ package: ScanPackage) {
        path = package.url.path
        config = package.config
        duration = package.duration
        startTimestamp = package.cameraFrames.first?.timestamp
        frameCount = package.frameCount
        nonNormalTrackingFrameCount = package.cameraFrames.filter { !$0.trackingState.isNormal }.count
        depthFrameCount = package.depthFrameCount
        depthWidth = package.depthHeader?.width ?? 0
        depthHeight = package.depthHeader?.height ?? 0
        colorFrameCount = package.colorFrameCount
        colorWidth = package.colorHeader?.width ?? 0
        colorHeight = package.colorHeader?.height ?? 0
        colorPixelFormat = package.colorHeader?.pixelFormat
        featurePointFrameCount = package.featurePointFrameCount
        featurePointCount = package.featurePointCount
        streamByteCounts = Dictionary(
            uniqueKeysWithValues: ScanStreamKind.allCases.map { ($0, package.byteCount(of: $0)) })
        labels = package.labels
        trueNorthDegrees = package.azimuth?.trueNorthDegrees
        eventsByCode = package.events.reduce(into: [:]) { $0[$1.code, default: 0] += 1 }
        warnings = package.warnings
    }

    /// A multi-line, human-readable report.
    public var description: String {
        var lines = ["scan package \(path)"]
        var header = "  format: \(config.format) \(config.formatVersion)"
        if let d = config.createdAt { header += ", created \(ScanConfig.formatDate(d))" }
        if let device = config.device {
            header += ", device \(device.model.isEmpty ? "unknown" : device.model)\(device.hasLiDAR ? " (LiDAR)" : "")"
        }
        lines.append(header)
        let rate =
            duration > 0 && frameCount > 1 ? String(format: " (%.1f frames/s)", Double(frameCount - 1) / duration) : ""
        lines.append(
            String(format: "  duration: %.2f s, %d frames", duration, frameCount) + rate
                + (nonNormalTrackingFrameCount > 0 ? ", \(nonNormalTrackingFrameCount) with limited tracking" : ""))
        lines.append(
            depthFrameCount > 0 || depthWidth > 0
                ? "  depth: \(depthFrameCount) frames, \(depthWidth)×\(depthHeight), \(Self.size(streamByteCounts[.depth]))"
                : "  depth: none")
        if colorFrameCount > 0 || colorWidth > 0 {
            let format = colorPixelFormat == .rgb8 ? "RGB8" : "YCbCr 4:2:0"
            lines.append(
                "  colour: \(colorFrameCount) frames, \(colorWidth)×\(colorHeight) \(format), \(Self.size(streamByteCounts[.color]))"
            )
        } else {
            lines.append("  colour: none")
        }
        lines.append(
            featurePointFrameCount > 0
                ? "  feature points: \(featurePointFrameCount) frames, \(featurePointCount) points, \(Self.size(streamByteCounts[.featurePoints]))"
                : "  feature points: none")
        if labels.isEmpty {
            lines.append("  labels: none")
        } else {
            lines.append(
                "  labels: "
                    + labels.map { "\($0.text) at " + String(format: "%.2f s", $0.timestamp - (startTimestamp ?? 0)) }
                    .joined(separator: "; "))
        }
        if let t = trueNorthDegrees { lines.append(String(format: "  azimuth: %.1f° from true north", t)) }
        lines.append(
            eventsByCode.isEmpty
                ? "  events: none"
                : "  events: "
                    + eventsByCode.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
        if warnings.isEmpty {
            lines.append("  warnings: none")
        } else {
            lines.append("  warnings: \(warnings.count)")
            lines += warnings.map { "    - \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    /// A byte count for people: `812 B`, `12.3 kB`, `45.6 MB`, `1.23 GB` (decimal units).
    static func size(_ bytes: Int?) -> String {
        let b = Double(bytes ?? 0)
        if b < 1_000 { return "\(bytes ?? 0) B" }
        if b < 1_000_000 { return String(format: "%.1f kB", b / 1_000) }
        if b < 1_000_000_000 { return String(format: "%.1f MB", b / 1_000_000) }
        return String(format: "%.2f GB", b / 1_000_000_000)
    }
}
