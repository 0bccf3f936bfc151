import FathomCore
import Foundation

/// Point-cloud files of any supported format, chosen by extension: `.ply` (`PLYFile`) and `.xyz`,
/// `.txt`, `.pts` (`XYZFile`).
public enum PointCloudFile {
    /// Reads the cloud in `url`.
    /// - Throws: `PointCloudFileError` naming the file and the problem (an unknown extension included).
    public static func read(_ url: URL) throws -> PointCloud {
        try readWithWarnings(url).cloud
    }

    /// Reads the cloud in `url` with the format and any non-fatal warnings.
    /// - Throws: `PointCloudFileError` naming the file and the problem.
    public static func readWithWarnings(_ url: URL) throws -> PointCloudReadResult {
        switch try format(of: url) {
        case .ply: try PLYFile.read(url)
        case .xyz: try XYZFile.read(url)
        }
    }

    /// Writes `cloud` to `url` in the format its extension names. `plyOptions` apply to `.ply` files;
    /// text formats hold positions only.
    /// - Throws: `PointCloudFileError` for an unknown extension, `FileWriteError` when writing fails.
    public static func write(_ cloud: PointCloud, to url: URL, plyOptions: PLYWriteOptions = PLYWriteOptions()) throws {
        switch try format(of: url) {
        case .ply: try PLYFile.write(cloud, to: url, options: plyOptions)
        case .xyz: try XYZFile.write(cloud, to: url)
        }
    }

    /// Reads `url` and summarises it (counts, attributes, bounds, spacing, warnings).
    /// - Throws: `PointCloudFileError` naming the file and the problem.
    public static func summary(of url: URL) throws -> PointCloudFileSummary {
        PointCloudFileSummary(fileName: url.lastPathComponent, result: try readWithWarnings(url))
    }

    /// The format named by `url`'s extension.
    /// - Throws: `PointCloudFileError.Problem.unsupportedExtension`.
    public static func format(of url: URL) throws -> PointCloudFileFormat {
        guard let f = PointCloudFileFormat(pathExtension: url.pathExtension) else {
            throw PointCloudFileError(file: url.lastPathComponent, location: .file,
                                      problem: .unsupportedExtension(url.pathExtension))
        }
        return f
    }
}
