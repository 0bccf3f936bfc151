import FathomCore
import Foundation

/// A reader of one capture format: opens a capture folder, lists its frames, and reads them one at a
/// time already converted to the scan package's conventions (ARKit axes, metres, worldFromCamera,
/// intrinsics for the stored image).
///
/// Opening checks the capture's index files (poses, intrinsics) and throws `ImportError` naming the
/// file when they are unusable; reading a frame returns `nil` and appends a warning naming the file
/// when only that frame is unusable. `CaptureImport.importScan` drives an importer and writes the
/// package; apps may also call an importer directly to stream frames.
public protocol CaptureImporter {
    /// The format this importer reads.
    static var format: ImportFormat { get }
    /// Whether `folder` looks like a capture of this format (by the files present).
    static func recognizes(_ folder: URL) -> Bool
    /// The files whose presence `recognizes` checks, for the error message of auto-detection.
    static var signatureDescription: String { get }

    /// Opens a capture folder.
    /// - Throws: `ImportError` naming the file that is missing or unusable.
    init(folder: URL, options: ImportOptions) throws

    /// The number of frames of the capture (before `every` decimation).
    var frameCount: Int { get }
    /// Notes on the capture as a whole (what is skipped or assumed).
    var notes: [String] { get }
    /// Problems found while opening (lines skipped), each naming the file.
    var openingWarnings: [String] { get }

    /// Reads frame `index` (0 ≤ index < frameCount), or `nil` (with a warning appended) when it is
    /// unusable. Frames are read in increasing index order; an importer may rely on that (a video
    /// decoder reads forward).
    /// - Throws: `ImportError` for a problem that makes the rest of the capture unusable.
    mutating func frame(at index: Int, warnings: inout [String]) throws -> SensorFrame?
}
