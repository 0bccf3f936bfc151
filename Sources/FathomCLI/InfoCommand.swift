import ArgumentParser
import Fathom
import Foundation

/// `fathom info FILE`: what a point-cloud file, image or scan package holds.
struct InfoCommand: OutputtingCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a point cloud (PLY, XYZ), an image (PNG, PGM, PPM) or a scan package (directory or zip).")

    @Argument(help: "The file or scan package directory.")
    var path: String

    /// What kind of input a path names, by extension (a directory is a scan package).
    enum Kind { case pointCloud, image, scanPackage }

    static func kind(of url: URL) throws -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ValidationError("\(url.path): no such file or directory")
        }
        if isDirectory.boolValue { return .scanPackage }
        switch url.pathExtension.lowercased() {
        case "ply", "xyz", "txt", "pts": return .pointCloud
        case "png", "pgm", "ppm": return .image
        case "zip": return .scanPackage
        default:
            throw ValidationError(
                "\(url.path): unknown kind of file '.\(url.pathExtension)'; expected .ply, .xyz, .txt, .pts, .png, .pgm, .ppm, .zip or a scan package directory")
        }
    }

    func run(output: CommandOutput) throws {
        let url = URL(fileURLWithPath: path)
        switch try Self.kind(of: url) {
        case .pointCloud:
            output.line(try PointCloudFile.summary(of: url).description)
        case .image:
            let image = try ImageFile.read(url)
            let channels: String
            switch image {
            case .gray: channels = "gray, 8 bits"
            case .rgb: channels = "RGB, 8 bits per channel"
            }
            output.line("\(url.lastPathComponent): image \(image.width)×\(image.height), \(channels)")
        case .scanPackage:
            output.line(try ScanPackage(url: url).summary.description)
        }
    }
}
