import Foundation

/// What an import did: the format found, what was written, and what was skipped.
public struct ImportReport: Sendable, Equatable {
    /// The format read.
    public var format: ImportFormat
    /// Whether the format was recognised from the files present (rather than given).
    public var formatWasDetected: Bool
    /// The package written (directory or `.zip`).
    public var output: URL
    /// Camera frames (poses) written.
    public var frameCount: Int
    /// Depth frames written.
    public var depthFrameCount: Int
    /// Colour frames written.
    public var colorFrameCount: Int
    /// Feature points written, over all frames.
    public var featurePointCount: Int
    /// Notes on the capture as a whole (`colour skipped: …`, `no confidence maps: …`).
    public var notes: [String]
    /// Problems with single frames or lines, each naming the file; those frames were skipped or repaired.
    public var warnings: [String]

    /// Creates a report.
    public init(
        format: ImportFormat, formatWasDetected: Bool, output: URL, frameCount: Int = 0, depthFrameCount: Int = 0,
        colorFrameCount: Int = 0, featurePointCount: Int = 0, notes: [String] = [], warnings: [String] = []
    ) {
        self.format = format
        self.formatWasDetected = formatWasDetected
        self.output = output
        self.frameCount = frameCount
        self.depthFrameCount = depthFrameCount
        self.colorFrameCount = colorFrameCount
        self.featurePointCount = featurePointCount
        self.notes = notes
        self.warnings = warnings
    }
}
