import FathomCore
import Foundation

/// A summary of a point-cloud file, for `fathom info`: format, size, attributes, extent, spacing.
public struct PointCloudFileSummary: Sendable, Equatable, CustomStringConvertible {
    /// The file name.
    public var fileName: String
    /// The file format.
    public var format: PointCloudFileFormat
    /// The PLY body encoding, for PLY files.
    public var plyFormat: PLYFormat?
    /// The number of points (vertices).
    public var pointCount: Int
    /// The optional attributes present.
    public var attributes: PointCloudAttributes
    /// The bounding box of the finite positions, metres; `nil` when there are none.
    public var bounds: BoundingBox?
    /// The mean distance from a point to its nearest neighbour, metres, estimated on up to
    /// `spacingSampleCount` points; `nil` for fewer than two points.
    public var meanSpacing: Float?
    /// Non-fatal problems met while reading.
    public var warnings: [String]

    /// The number of points sampled for `meanSpacing`.
    public static let spacingSampleCount = 1000

    /// Summarises a read result.
    public init(fileName: String, result: PointCloudReadResult) {
        self.fileName = fileName
        format = result.format
        plyFormat = result.plyFormat
        pointCount = result.cloud.count
        attributes = PointCloudAttributes(presentIn: result.cloud)
        bounds = result.cloud.bounds
        meanSpacing = result.cloud.meanNearestNeighbourDistance(sampleCount: Self.spacingSampleCount)
        warnings = result.warnings
    }

    /// Several lines: `file`, `format`, `points`, `attributes`, `bounds`, `size`, `mean spacing`,
    /// then `warning:` lines. Lengths in metres with millimetre resolution.
    public var description: String {
        func m(_ v: Float) -> String {
            let s = String(format: "%.3f", Double(v))
            return s == "-0.000" ? "0.000" : s
        }
        func v(_ p: SIMD3<Float>) -> String { "(\(m(p.x)), \(m(p.y)), \(m(p.z)))" }
        var lines = ["file: \(fileName)"]
        lines.append("format: " + (plyFormat.map { "PLY (\($0.headerName))" } ?? format.rawValue.uppercased()))
        lines.append("points: \(pointCount)")
        lines.append("attributes: " + (["positions"] + attributes.names).joined(separator: ", "))
        if let b = bounds {
            lines.append("bounds: min \(v(b.min)) max \(v(b.max)) m")
            lines.append("size: \(v(b.size)) m")
        } else {
            lines.append("bounds: none")
        }
        lines.append("mean spacing: " + (meanSpacing.map { "\(m($0)) m" } ?? "n/a"))
        for w in warnings { lines.append("warning: \(w)") }
        return lines.joined(separator: "\n")
    }
}
