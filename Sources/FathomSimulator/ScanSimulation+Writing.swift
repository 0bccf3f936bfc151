import FathomIO
import Foundation

extension ScanSimulation {
    /// The capture date written into simulated packages (fixed, so output is reproducible).
    public static let packageCreationDate = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 UTC

    /// Frames rendered concurrently per batch while writing.
    public static let writeBatchSize = 16

    /// The `config.json` settings of a simulated package.
    public var scanConfig: ScanConfig {
        ScanConfig(
            createdAt: Self.packageCreationDate,
            device: ScanConfig.Device(model: "FathomSimulator", hasLiDAR: sensors.depthEveryNthFrame > 0),
            options: ["azimuth", "speechRecognition"], propertyType: "simulated")
    }

    /// Writes every frame, the labels and the azimuth as a scan package directory (FathomIO's
    /// `ScanPackageWriter`).
    /// - Parameters:
    ///   - directory: the package directory; it must not exist or be empty.
    ///   - trueNorthDegrees: heading of the world −Z axis clockwise from true north.
    ///   - progress: called after each frame with the number of frames written.
    /// - Returns: the finished writer (for `zip(to:)`).
    /// - Throws: `ScanPackageError` when the package cannot be written.
    @discardableResult
    public func write(to directory: URL, trueNorthDegrees: Double = 0, progress: ((Int) -> Void)? = nil) throws
        -> ScanPackageWriter
    {
        let writer = try ScanPackageWriter(directory: directory, config: scanConfig)
        try writer.setAzimuth(trueNorthDegrees: trueNorthDegrees)
        var pending = labels[...]
        var written = 0
        // Render in batches on all cores, append in order.
        for start in stride(from: 0, to: frameCount, by: Self.writeBatchSize) {
            for frame in renderFrames(start..<min(frameCount, start + Self.writeBatchSize)) {
                try writer.append(frame)
                while let label = pending.first, label.frameNumber <= frame.frameNumber {
                    try writer.addLabel(label)
                    pending = pending.dropFirst()
                }
                written += 1
                progress?(written)
            }
        }
        try writer.finish()
        return writer
    }

    /// Writes the package into `workingDirectory` and zips it to `url`.
    /// - Returns: `url`.
    /// - Throws: `ScanPackageError` when the package or the archive cannot be written.
    @discardableResult
    public func writeZip(
        to url: URL, workingDirectory: URL, trueNorthDegrees: Double = 0,
        progress: ((Int) -> Void)? = nil
    ) throws -> URL {
        let writer = try write(to: workingDirectory, trueNorthDegrees: trueNorthDegrees, progress: progress)
        return try writer.zip(to: url)
    }
}
