/// The point-cloud file formats `PointCloudFile` reads and writes, chosen by file extension.
public enum PointCloudFileFormat: String, Sendable, CaseIterable, Equatable {
    /// Stanford PLY (`.ply`), ascii or binary.
    case ply
    /// Plain text, one `x y z` point per line (`.xyz`, `.txt`, `.pts`).
    case xyz

    /// The format for a file extension (case-insensitive, without the dot), or `nil`.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "ply": self = .ply
        case "xyz", "txt", "pts": self = .xyz
        default: return nil
        }
    }
}
