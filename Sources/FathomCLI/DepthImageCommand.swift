import ArgumentParser
import Fathom
import Foundation

/// `fathom depth-image`: pictures of one frame's depth (jet colour map) and confidence.
public struct DepthImageCommand: OutputtingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "depth-image",
        abstract: "Write one frame's depth as a jet-coloured PNG (and its confidence as red/green/blue).")

    /// The scan package (directory or .zip).
    @Argument(help: "The scan package (directory or .zip).")
    public var package: String

    /// The frame number.
    @Option(help: "The frame number (as recorded).")
    public var frame: Int

    /// Depth picture path.
    @Option(name: .shortAndLong, help: "Output PNG of the depth.")
    public var output: String

    /// Confidence picture path.
    @Option(name: .customLong("confidence-image"), help: "Also write the confidence (low red, medium green, high blue).")
    public var confidenceImage: String?

    /// Top of the colour scale, metres.
    @Option(name: .customLong("max-depth"), help: "Depth at the top of the colour scale, metres.")
    public var maxDepth: Float = 2.5

    public init() {}

    public func validate() throws {
        guard maxDepth.isFinite && maxDepth > 0 else { throw ValidationError("--max-depth must be positive") }
    }

    public func run(output out: CommandOutput) throws {
        let scan = try ScanPackage(url: URL(fileURLWithPath: package))
        guard let index = scan.cameraFrames.firstIndex(where: { $0.frameNumber == frame }) else {
            throw ValidationError("frame \(frame) is not in \(package)")
        }
        var iterator = scan.frames(from: index)
        guard let sensorFrame = try iterator.next(), let depth = sensorFrame.depth else {
            throw ValidationError("frame \(frame) of \(package) has no depth reading")
        }
        try ImageFile.write(DepthColorMap(maximumDepth: maxDepth).image(of: depth.depth), to: URL(fileURLWithPath: output))
        let valid = depth.depth.pixels.filter { $0 > 0 && $0.isFinite }
        out.line("frame \(frame): depth \(depth.width)×\(depth.height), \(valid.count) valid samples"
            + (valid.isEmpty ? "" : String(format: ", %.2f…%.2f m", valid.min()!, valid.max()!)))
        out.line("wrote \(output)")
        if let confidenceImage {
            try ImageFile.write(ConfidenceColorMap.image(of: depth.confidence), to: URL(fileURLWithPath: confidenceImage))
            let counts = (0...2).map { level in depth.confidence.pixels.lazy.filter { $0 == level }.count }
            out.line("confidence: low \(counts[0]), medium \(counts[1]), high \(counts[2])")
            out.line("wrote \(confidenceImage)")
        }
    }
}
